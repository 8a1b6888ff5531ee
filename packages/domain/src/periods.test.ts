import { describe, expect, it } from 'vitest';
import {
  COMPARISON_TYPES,
  DEFAULT_SEARCH_CONDITION,
  DURATION_PRESETS,
  MARKET_SHARE_DEFAULT_DURATION_PRESET,
  TIME_AXES,
  durationPreset,
  durationPresetByValue,
  durationPresetsForPlan,
  timeAxis,
} from './periods.ts';

describe('duration presets', () => {
  it('have the spec values and labels', () => {
    expect(DURATION_PRESETS.map((p) => [p.value, p.text])).toEqual([
      [1, '今月'],
      [2, '先月'],
      [3, '過去7日間'],
      [4, '過去30日間'],
      [5, '過去90日間'],
      [6, '過去12ヶ月'],
      [7, '今年'],
      [8, '昨年'],
      [9, '今年度'],
      [10, '昨年度'],
      [99, 'カスタム'],
    ]);
    expect(durationPresetByValue(99)?.key).toBe('custom');
    expect(durationPresetByValue(11)).toBeUndefined();
  });

  it('hide the long presets on the free plan only', () => {
    expect(durationPresetsForPlan('free').map((p) => p.value)).toEqual([1, 2, 3, 4, 5, 99]);
    expect(durationPresetsForPlan('basic')).toHaveLength(11);
    expect(durationPresetsForPlan('advanced')).toHaveLength(11);
  });

  it('default to the last 7 days on the daily axis over all stores, market share to 90 days', () => {
    expect(durationPreset(DEFAULT_SEARCH_CONDITION.durationPreset).text).toBe('過去7日間');
    expect(timeAxis(DEFAULT_SEARCH_CONDITION.timeAxis).value).toBe(3);
    expect(DEFAULT_SEARCH_CONDITION.pharmacy.isAll).toBe(true);
    expect(durationPreset(MARKET_SHARE_DEFAULT_DURATION_PRESET).value).toBe(5);
  });
});

describe('comparison types and time axes', () => {
  it('have the spec values and labels', () => {
    expect(COMPARISON_TYPES.map((c) => [c.value, c.text])).toEqual([
      [1, '前期間'],
      [2, '前年同期'],
    ]);
    expect(TIME_AXES.map((a) => [a.value, a.text])).toEqual([
      [1, '年次'],
      [2, '月次'],
      [3, '日次'],
      [4, '曜日'],
    ]);
  });
});
