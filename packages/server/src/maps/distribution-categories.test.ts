import {
  AGE_BANDS,
  CATEGORY_TOP_COUNT,
  categoryLegendLabels,
  MAP_CATEGORIES,
  OTHER_CATEGORY_LABEL,
} from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import { rankCategories, type CategoryTally } from './distribution-categories.ts';

const value = (key: (typeof MAP_CATEGORIES)[number]['key']) =>
  MAP_CATEGORIES.find((c) => c.key === key)!.value;
const CLINIC = value('clinic');
const AGE = value('age');

const tally = (key: string, name: string, patients: number, order?: number): CategoryTally => ({
  key,
  name,
  patients,
  ...(order === undefined ? {} : { order }),
});

describe('rankCategories', () => {
  it('ranks by patients, ties by name, and keeps every item when there are fewer than ten', () => {
    const { categories, categoryOf } = rankCategories(
      [tally('c', 'しらかば医院', 2), tally('a', 'あおば内科', 5), tally('b', 'かえで眼科', 2)],
      CLINIC,
    );
    expect(categories).toEqual([
      { name: 'あおば内科', count: 5 },
      { name: 'かえで眼科', count: 2 },
      { name: 'しらかば医院', count: 2 },
    ]);
    expect(Object.fromEntries(categoryOf)).toEqual({ a: 0, b: 1, c: 2 });
  });

  it('names the first nine of ten or more and folds the rest into その他', () => {
    const items = Array.from({ length: 12 }, (_, i) =>
      tally(`k${i}`, `医院${String.fromCharCode(0x30a2 + i)}`, 20 - i),
    );
    const { categories, categoryOf } = rankCategories(items, CLINIC);
    expect(categories).toHaveLength(CATEGORY_TOP_COUNT);
    expect(categories.slice(0, 9).map((c) => c.count)).toEqual([
      20, 19, 18, 17, 16, 15, 14, 13, 12,
    ]);
    expect(categories[9]).toEqual({ name: OTHER_CATEGORY_LABEL, count: 11 + 10 + 9 });
    expect(['k9', 'k10', 'k11'].map((k) => categoryOf.get(k))).toEqual([9, 9, 9]);
    // The legend labels the same ten entries the same way.
    expect(
      categoryLegendLabels(
        categories.map((c) => c.name),
        CLINIC,
      ),
    ).toEqual(categories.map((c) => c.name));
  });

  it('folds exactly ten items too: the tenth becomes その他, as the legend labels it', () => {
    const items = Array.from({ length: 10 }, (_, i) => tally(`k${i}`, `店${i}`, 10 - i));
    const { categories } = rankCategories(items, CLINIC);
    expect(categories.at(-1)).toEqual({ name: OTHER_CATEGORY_LABEL, count: 1 });
    expect(categories.map((c) => c.name)).toEqual(
      categoryLegendLabels(
        items.map((i) => i.name),
        CLINIC,
      ),
    );
  });

  it('keeps every age band present, in band order, without その他', () => {
    const bands = [...AGE_BANDS, '不明'];
    const items = bands.map((name, i) => tally(String(i), name, i === 3 ? 50 : 1, i)).reverse();
    const { categories } = rankCategories(items, AGE);
    expect(categories.map((c) => c.name)).toEqual(bands);
    expect(categories[3]!.count).toBe(50);
  });

  it('tells two items of one name apart by their code', () => {
    const { categories } = rankCategories(
      [tally('4011000011', 'さくら内科', 3), tally('4011000029', 'さくら内科', 1)],
      CLINIC,
    );
    expect(categories.map((c) => c.name)).toEqual([
      'さくら内科（4011000011）',
      'さくら内科（4011000029）',
    ]);
  });
});
