import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_METRICS,
  DASHBOARD_METRIC_SLUGS,
  METRICS,
  isMetricAvailable,
  metricBySlug,
  metricByValue,
} from './metrics.ts';

const ALL = ['free', 'basic', 'advanced'];
const BASIC_UP = ['basic', 'advanced'];
const ADVANCED = ['advanced'];

// spec 02 §3 chart types: value → plans
const SPEC_PLANS: Record<number, string[]> = {
  1: ALL,
  2: ALL,
  3: BASIC_UP,
  4: BASIC_UP,
  5: BASIC_UP,
  6: ALL,
  7: ALL,
  8: ALL,
  9: ADVANCED,
  10: BASIC_UP,
  11: BASIC_UP,
  12: BASIC_UP,
  13: ADVANCED,
  14: BASIC_UP,
  15: ADVANCED,
  16: BASIC_UP,
  17: ALL,
};

describe('metric catalogue', () => {
  it('has the values 1 to 17, each once', () => {
    const values = METRICS.map((m) => m.value);
    expect(new Set(values).size).toBe(values.length);
    expect([...values].sort((a, b) => a - b)).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
  });

  it('has unique slugs and labels', () => {
    expect(new Set(METRICS.map((m) => m.slug)).size).toBe(17);
    expect(new Set(METRICS.map((m) => m.label)).size).toBe(17);
  });

  it.each(Object.entries(SPEC_PLANS))('metric %s is open on %j', (value, plans) => {
    expect(metricByValue(Number(value))?.activePlans).toEqual(plans);
  });

  it('gives sales in yen and prescriptions in sheets', () => {
    expect(metricByValue(1)).toMatchObject({
      slug: 'dispensing_sales',
      label: '調剤売上',
      unit: '円',
    });
    expect(metricByValue(2)).toMatchObject({
      slug: 'prescription_counts',
      label: '処方箋枚数',
      unit: '枚',
    });
    expect(metricByValue(7)?.unit).toBe('%');
    expect(metricByValue(12)?.unit).toBe('人');
  });

  it('names the quantity metric counts, as the medicine fee paths do', () => {
    expect(metricBySlug('counts')?.value).toBe(13);
    expect(metricBySlug('medicine_price_amount')?.value).toBe(9);
    expect(metricBySlug('calculation_counts')?.value).toBe(15);
    expect(metricBySlug('nope')).toBeUndefined();
  });

  it('locks a metric whose plans lack the current plan', () => {
    const unitPrice = metricByValue(3)!;
    expect(isMetricAvailable(unitPrice, 'free')).toBe(false);
    expect(isMetricAvailable(unitPrice, 'basic')).toBe(true);
  });
});

describe('dashboard metrics', () => {
  it('are the eleven of spec 02 §7 in the chart order of §2.1', () => {
    expect(DASHBOARD_METRIC_SLUGS).toEqual([
      'dispensing_sales',
      'prescription_counts',
      'prescription_unit_price',
      'patient_counts',
      'patient_unit_price',
      'prescription_concentration_rates',
      'prescription_concentration_rates_top3',
      'generic_dispensing_rates',
      'medicine_note_rates',
      'new_reception_counts',
      're_reception_counts',
    ]);
    expect(DASHBOARD_METRICS.map((m) => m.slug)).toEqual([...DASHBOARD_METRIC_SLUGS]);
  });
});
