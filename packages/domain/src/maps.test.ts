import { describe, expect, it } from 'vitest';
import {
  acquisitionRate,
  categoryLegendLabels,
  defaultMarketShareLayers,
  formatAcquisitionRate,
  isDistributionMarkerVisible,
  isMeshLabelVisible,
  isMeshRectangleVisible,
  mapCategoryByValue,
  MARKET_SHARE_LAYER_OPTIONS,
  meshOpacity,
  storeLocation,
} from './maps.ts';
import { MARKET_SHARE_CSV } from './csv.ts';

describe('acquisitionRate', () => {
  it("is '-' when patients exist but the estimate is 0", () => {
    expect(acquisitionRate(3, 0)).toBe('-');
  });

  it('is 0 when both are 0', () => {
    expect(acquisitionRate(0, 0)).toBe(0);
  });

  it('truncates count / estimate × 100 to 2 decimals', () => {
    expect(acquisitionRate(2, 3)).toBe(66.66);
    expect(acquisitionRate(1, 3)).toBe(33.33);
    expect(acquisitionRate(29, 100)).toBe(29);
    expect(acquisitionRate(0, 50)).toBe(0);
    expect(acquisitionRate(5, 2)).toBe(250);
  });
});

describe('meshOpacity', () => {
  it('is 0.1 + 0.6 × rate / max, rounded down to 3 decimals', () => {
    expect(meshOpacity({ count: 5, estimate: 10, estimateRate: 50 }, 50)).toBe(0.7);
    expect(meshOpacity({ count: 1, estimate: 10, estimateRate: 10 }, 30)).toBe(0.3);
    expect(meshOpacity({ count: 1, estimate: 3, estimateRate: 1 }, 3)).toBe(0.3);
    expect(meshOpacity({ count: 1, estimate: 7, estimateRate: 1 }, 7)).toBe(0.185);
  });

  it('caps the ratio at 1', () => {
    expect(meshOpacity({ count: 9, estimate: 10, estimateRate: 90 }, 45)).toBe(0.7);
  });

  it('is full when patients exist but the estimate is 0', () => {
    expect(meshOpacity({ count: 2, estimate: 0, estimateRate: 0 }, 40)).toBe(1);
  });

  it('is 0 when the rate is 0', () => {
    expect(meshOpacity({ count: 0, estimate: 12, estimateRate: 0 }, 40)).toBe(0);
  });
});

describe('map categories', () => {
  it('fall back to the clinic ranking', () => {
    expect(mapCategoryByValue(1).label).toBe('受付区分');
    expect(mapCategoryByValue(4).label).toBe('年代別');
    expect(mapCategoryByValue(7).label).toBe('医療機関');
    expect(mapCategoryByValue(undefined).key).toBe('clinic');
  });

  it('label the tenth legend entry その他 except by age', () => {
    const names = Array.from({ length: 12 }, (_, i) => `医療機関${i + 1}`);
    const clinic = categoryLegendLabels(names, 2);
    expect(clinic).toHaveLength(10);
    expect(clinic[8]).toBe('医療機関9');
    expect(clinic[9]).toBe('その他');
    expect(categoryLegendLabels(names, 4)[9]).toBe('医療機関10');
    expect(categoryLegendLabels(names.slice(0, 3), 2)).toEqual(names.slice(0, 3));
  });
});

describe('zoom rules', () => {
  it('draw mesh rectangles from zoom 13, or below when the mesh has patients', () => {
    expect(isMeshRectangleVisible(13, 0)).toBe(true);
    expect(isMeshRectangleVisible(12, 0)).toBe(false);
    expect(isMeshRectangleVisible(12, 1)).toBe(true);
  });

  it('draw mesh labels from zoom 13', () => {
    expect(isMeshLabelVisible(13)).toBe(true);
    expect(isMeshLabelVisible(12.9)).toBe(false);
  });

  it('draw distribution markers only above zoom 10', () => {
    expect(isDistributionMarkerVisible(10)).toBe(false);
    expect(isDistributionMarkerVisible(10.5)).toBe(true);
  });
});

describe('storeLocation', () => {
  it('places a store with both coordinates, and no store with a missing or zero one', () => {
    expect(storeLocation({ latitude: 33.59, longitude: 130.4 })).toEqual({
      latitude: 33.59,
      longitude: 130.4,
    });
    expect(storeLocation({ latitude: null, longitude: 130.4 })).toBeUndefined();
    expect(storeLocation({ latitude: 33.59, longitude: 0 })).toBeUndefined();
    expect(storeLocation({ latitude: 0, longitude: 0 })).toBeUndefined();
  });
});

describe('formatAcquisitionRate', () => {
  it("shows the rate in percent with at most 2 decimals, and '-' as it is", () => {
    expect(formatAcquisitionRate(0.32)).toBe('0.32%');
    expect(formatAcquisitionRate(0)).toBe('0%');
    expect(formatAcquisitionRate(1234.5)).toBe('1,234.5%');
    expect(formatAcquisitionRate('-')).toBe('-');
  });
});

describe('the acquisition-rate settings', () => {
  it('shows every default marker type at first', () => {
    expect(defaultMarketShareLayers()).toEqual({
      market: true,
      clinic: true,
      care: true,
      pharmacy: true,
    });
  });

  it('offers the rate first, then 医療機関, 施設 and その他の薬局', () => {
    expect(MARKET_SHARE_LAYER_OPTIONS.map((o) => [o.key, o.label])).toEqual([
      ['market', '獲得率'],
      ['clinic', '医療機関'],
      ['care', '施設'],
      ['pharmacy', 'その他の薬局'],
    ]);
  });

  it('exports the table under its columns', () => {
    expect(MARKET_SHARE_CSV.header).toEqual([
      '選択番号',
      'エリアID',
      '年代',
      '獲得率',
      '獲得患者数',
      '推計患者数',
    ]);
  });
});
