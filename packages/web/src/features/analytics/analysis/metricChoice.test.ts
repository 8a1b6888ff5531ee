import { analysisPageByRoute } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import { chosenMetric, metricOptions } from './metricChoice.ts';

const pharmacy = analysisPageByRoute('DispensingPharmacy')!;
const medicineFee = analysisPageByRoute('MedicineFee')!;

describe('metric dropdown', () => {
  it('locks the metrics the plan does not open', () => {
    const free = metricOptions(pharmacy, 'free');
    const locked = free.filter((o) => o.locked).map((o) => o.metric.label);
    expect(locked).toEqual([
      '処方箋単価',
      '受付回数',
      '患者数',
      '患者単価',
      '新規受付回数',
      '再来受付回数',
      '薬剤師1人あたり処方箋枚数',
    ]);
    expect(metricOptions(pharmacy, 'basic').every((o) => !o.locked)).toBe(true);
  });

  it("shows the page's default until another metric is chosen on it", () => {
    expect(chosenMetric(pharmacy, {}, 'advanced').slug).toBe('dispensing_sales');
    expect(chosenMetric(medicineFee, {}, 'advanced').slug).toBe('counts');
    expect(chosenMetric(pharmacy, { pharmacy: 'patient_counts' }, 'advanced').slug).toBe(
      'patient_counts',
    );
  });

  it('falls back to the default for a metric the page or plan does not offer', () => {
    expect(chosenMetric(pharmacy, { pharmacy: 'patient_counts' }, 'free').slug).toBe(
      'dispensing_sales',
    );
    expect(chosenMetric(pharmacy, { pharmacy: 'counts' }, 'advanced').slug).toBe(
      'dispensing_sales',
    );
  });
});
