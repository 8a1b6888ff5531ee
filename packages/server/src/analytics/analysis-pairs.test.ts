import { ANALYSIS_PAGES } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import { definesMetric } from './engine.ts';

describe('the page table', () => {
  it('has every page × metric defined by the engine', () => {
    const pairs = ANALYSIS_PAGES.flatMap((page) => page.metrics.map((slug) => ({ page, slug })));
    const missing = pairs.filter(({ page, slug }) => !definesMetric(slug, page));
    expect(missing.map(({ page, slug }) => `${page.family}/${slug}`)).toEqual([]);
    expect(pairs.length).toBeGreaterThan(ANALYSIS_PAGES.length);
  });

  it('refuses a metric the engine does not define at a page’s level', () => {
    const medicinePage = ANALYSIS_PAGES.find((p) => p.family === 'medicine_fee')!;
    expect(definesMetric('calculation_counts', medicinePage)).toBe(false);
    expect(definesMetric('counts')).toBe(false);
  });
});
