import { describe, expect, it } from 'vitest';
import {
  axisUnitName,
  categoryRankLabel,
  formatAxisTick,
  formatMetricCsv,
  formatMetricNumber,
  formatCompactNumber,
  formatMetricValue,
  formatNumber,
  formatChange,
  formatPersonCount,
  metricChange,
  metricTotalsText,
  niceAxisStep,
  percentChange,
  truncateBarLabel,
  viewableStoresText,
} from './format.ts';

describe('viewableStoresText', () => {
  it('shows 未設定 with no store', () => {
    expect(viewableStoresText([], 5, 'list')).toBe('未設定');
    expect(viewableStoresText([], 5, 'detail')).toBe('未設定');
  });

  it('shows 全ての店舗 when every store is viewable', () => {
    expect(viewableStoresText(['本店', '駅前店'], 2, 'list')).toBe('全ての店舗');
    expect(viewableStoresText(['本店', '駅前店'], 2, 'detail')).toBe('全ての店舗');
  });

  it('shows the first name and 他N店 on the list', () => {
    expect(viewableStoresText(['本店', '駅前店', '北口店'], 5, 'list')).toBe('本店他2店');
    expect(viewableStoresText(['本店'], 5, 'list')).toBe('本店');
  });

  it('joins the names with ・ on the detail', () => {
    expect(viewableStoresText(['本店', '駅前店', '北口店'], 5, 'detail')).toBe(
      '本店・駅前店・北口店',
    );
  });
});

describe('formatNumber', () => {
  it('adds thousands separators', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(-9876.5)).toBe('-9,876.5');
    expect(formatNumber(1234.5678)).toBe('1,234.57');
    expect(formatNumber(1234.5, 0)).toBe('1,235');
  });

  it("shows '-' for no value", () => {
    expect(formatNumber(null)).toBe('-');
    expect(formatNumber(undefined)).toBe('-');
    expect(formatNumber(Number.NaN)).toBe('-');
  });
});

describe('percent change', () => {
  it('rounds to one decimal', () => {
    expect(percentChange(1053, 1000)).toBe(5.3);
    expect(percentChange(1000, 1053)).toBe(-5);
    expect(percentChange(10125, 10000)).toBe(1.3);
    expect(percentChange(9875, 10000)).toBe(-1.3);
  });

  it("formats an amount's change with a sign, one decimal and %", () => {
    expect(formatChange(metricChange('円', 1053, 1000))).toBe('+5.3%');
    expect(formatChange(metricChange('枚', 980, 1000))).toBe('-2.0%');
    expect(formatChange(metricChange('円', 1000, 1000))).toBe('0.0%');
  });

  it("is '-' when the comparison is zero or absent", () => {
    expect(formatChange(metricChange('円', 100, 0))).toBe('-');
    expect(formatChange(metricChange('円', 100, null))).toBe('-');
    expect(formatChange(metricChange('円', 100, undefined))).toBe('-');
    expect(percentChange(100, 0)).toBeNull();
  });
});

describe("a rate's change", () => {
  it('is the difference in points, not a relative percentage', () => {
    expect(metricChange('%', 89.8, 88.8)).toEqual({ change: 1, changeUnit: 'pt' });
    expect(formatChange(metricChange('%', 89.8, 88.8))).toBe('+1.0pt');
    expect(formatChange(metricChange('%', 57.25, 60))).toBe('-2.8pt');
  });

  it('has a value against a comparison of 0 %', () => {
    expect(formatChange(metricChange('%', 12.5, 0))).toBe('+12.5pt');
  });

  it("is '-' without either side", () => {
    expect(formatChange(metricChange('%', null, 50))).toBe('-');
    expect(metricChange('%', 50, null).change).toBeNull();
  });
});

describe('niceAxisStep', () => {
  it('takes about a sixth of the maximum, rounded to 1, 2 or 5 × 10ⁿ', () => {
    expect(niceAxisStep(1_150_000)).toBe(200_000);
    expect(niceAxisStep(74_899_000)).toBe(20_000_000);
    expect(niceAxisStep(60)).toBe(10);
    expect(niceAxisStep(100)).toBe(20);
    expect(niceAxisStep(25)).toBe(5);
    expect(niceAxisStep(0.9)).toBe(0.2);
  });

  it('is 1 for an empty axis', () => {
    expect(niceAxisStep(0)).toBe(1);
    expect(niceAxisStep(Number.NaN)).toBe(1);
  });
});

describe('truncateBarLabel', () => {
  it('keeps 13 characters and adds an ellipsis', () => {
    expect(truncateBarLabel('あいうえおかきくけこさしすせそ')).toBe('あいうえおかきくけこさしす…');
    expect(truncateBarLabel('あいうえおかきくけこさしす')).toBe('あいうえおかきくけこさしす');
  });
});

describe('map card labels', () => {
  it('show counts as "N 人" and missing ones as ー', () => {
    expect(formatPersonCount(12)).toBe('12 人');
    expect(formatPersonCount(1200)).toBe('1,200 人');
    expect(formatPersonCount(null)).toBe('ー');
  });

  it('put a category count in full-width brackets', () => {
    expect(categoryRankLabel('山田クリニック', 42)).toBe('山田クリニック（42）');
  });
});

describe('formatMetricValue', () => {
  it('shows yen and counts as integers with thousands separators', () => {
    expect(formatMetricValue(12345678, '円')).toBe('12,345,678円');
    expect(formatMetricValue(1234, '枚')).toBe('1,234枚');
    expect(formatMetricValue(0, '人')).toBe('0人');
    expect(formatMetricValue(987, '回')).toBe('987回');
  });

  it('shows rates with one decimal', () => {
    expect(formatMetricValue(89.5, '%')).toBe('89.5%');
    expect(formatMetricValue(90, '%')).toBe('90.0%');
    expect(formatMetricValue(0, '%')).toBe('0.0%');
  });

  it('shows quantities with up to three decimals and no unit', () => {
    expect(formatMetricValue(1234.5, '')).toBe('1,234.5');
    expect(formatMetricValue(0.125, '')).toBe('0.125');
  });

  it("shows '-' without a value", () => {
    expect(formatMetricValue(null, '円')).toBe('-');
    expect(formatMetricValue(undefined, '%')).toBe('-');
    expect(formatMetricValue(Number.NaN, '枚')).toBe('-');
  });
});

describe('formatMetricNumber', () => {
  it('shows the number alone, as formatMetricValue does before the unit', () => {
    expect(formatMetricNumber(12345678, '円')).toBe('12,345,678');
    expect(formatMetricNumber(1234, '枚')).toBe('1,234');
    expect(formatMetricNumber(0, '人')).toBe('0');
  });

  it('keeps the decimal of an average count and none of yen', () => {
    expect(formatMetricNumber(12.3, '枚')).toBe('12.3');
    expect(formatMetricNumber(1234.56, '回')).toBe('1,234.6');
    expect(formatMetricNumber(1234.5, '円')).toBe('1,235');
  });

  it('keeps one decimal for rates and up to three for quantities', () => {
    expect(formatMetricNumber(90, '%')).toBe('90.0');
    expect(formatMetricNumber(89.56, '%')).toBe('89.6');
    expect(formatMetricNumber(1234.5, '')).toBe('1,234.5');
    expect(formatMetricNumber(0.1254, '')).toBe('0.125');
  });

  it("shows '-' without a value", () => {
    expect(formatMetricNumber(null, '円')).toBe('-');
    expect(formatMetricNumber(undefined, '')).toBe('-');
    expect(formatMetricNumber(Number.POSITIVE_INFINITY, '%')).toBe('-');
  });
});

describe('formatMetricCsv', () => {
  it('writes the decimals of the screens without separators or unit', () => {
    expect(formatMetricCsv(12, '%').numberText).toBe('12.0');
    expect(formatMetricCsv(66.66, '%').numberText).toBe('66.7');
    expect(formatMetricCsv(1_234_567, '円').numberText).toBe('1234567');
    expect(formatMetricCsv(12.3, '枚').numberText).toBe('12.3');
    expect(formatMetricCsv(1234.125, '').numberText).toBe('1234.125');
  });

  it('leaves a cell without a value empty', () => {
    expect(formatMetricCsv(null, '%').numberText).toBe('');
    expect(formatMetricCsv(undefined, '円').numberText).toBe('');
  });
});

describe('formatCompactNumber', () => {
  it('writes axis ticks in 万 and 億', () => {
    expect(formatCompactNumber(950)).toBe('950');
    expect(formatCompactNumber(12.34)).toBe('12.3');
    expect(formatCompactNumber(123_456)).toBe('12.3万');
    expect(formatCompactNumber(1_000_000_000)).toBe('10億');
    expect(formatCompactNumber(-25_000)).toBe('-2.5万');
  });

  it('uses 万 up to below one 億, then 億', () => {
    expect(formatCompactNumber(10_000)).toBe('1万');
    expect(formatCompactNumber(99_990_000)).toBe('9,999万');
    expect(formatCompactNumber(99_999_999)).toBe('1億');
    expect(formatCompactNumber(100_000_000)).toBe('1億');
    expect(formatCompactNumber(120_000_000)).toBe('1.2億');
    expect(formatCompactNumber(1_000_000_000)).not.toContain('万');
    expect(formatCompactNumber(9_999.99)).toBe('1万');
  });
});

describe('formatAxisTick', () => {
  it('shows rates in percent', () => {
    expect(formatAxisTick(12.5, '%')).toBe('12.5%');
    expect(formatAxisTick(0, '%')).toBe('0%');
    expect(formatAxisTick(100, '%')).toBe('100%');
  });

  it('shows other metrics in 万 and 億, leaving the unit to the axis name', () => {
    expect(formatAxisTick(1_200_000_000, '円')).toBe('12億');
    expect(formatAxisTick(50_000, '円')).toBe('5万');
    expect(formatAxisTick(800, '枚')).toBe('800');
    expect(axisUnitName('円')).toBe('円');
    expect(axisUnitName('%')).toBe('');
  });
});

describe('metricTotalsText', () => {
  it('writes a rate with one decimal and its change in points', () => {
    expect(metricTotalsText('%', 12, 10)).toEqual({
      base: '12.0%',
      comparison: '10.0%',
      change: '+2.0pt',
      note: null,
    });
  });

  it('writes yen and counts with their unit and no space, their change in percent', () => {
    expect(metricTotalsText('円', 3400, 550)).toEqual({
      base: '3,400円',
      comparison: '550円',
      change: '+518.2%',
      note: null,
    });
    expect(metricTotalsText('枚', 2, null)).toEqual({
      base: '2枚',
      comparison: '-',
      change: '-',
      note: null,
    });
  });

  it('marks an incomplete comparison and writes no change for it', () => {
    expect(metricTotalsText('円', 9380, 1000, false)).toEqual({
      base: '9,380円',
      comparison: '1,000円',
      change: '-',
      note: '比較期間のデータが一部ありません',
    });
  });
});
