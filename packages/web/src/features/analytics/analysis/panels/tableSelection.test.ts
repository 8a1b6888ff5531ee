import { FORM_MESSAGES } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import {
  changeSelection,
  checkedSeries,
  followData,
  initialSelection,
  resetSelection,
} from './tableSelection.ts';

const series = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ key: `k${i + 1}`, name: `項目${i + 1}` }));
const keys = (count: number) => series(count).map((s) => s.key);

describe('initialSelection', () => {
  it('ticks the first five rows', () => {
    expect(initialSelection(series(12)).keys).toEqual(['k1', 'k2', 'k3', 'k4', 'k5']);
  });

  it('ticks every row when there are fewer than five', () => {
    expect(initialSelection(series(3)).keys).toEqual(['k1', 'k2', 'k3']);
    expect(initialSelection([]).keys).toEqual([]);
  });
});

describe('changeSelection', () => {
  it('accepts one to ten rows', () => {
    expect(changeSelection(['k1'])).toEqual({ status: 'accepted', keys: ['k1'] });
    expect(changeSelection(keys(10))).toEqual({ status: 'accepted', keys: keys(10) });
  });

  it('refuses an eleventh row', () => {
    expect(changeSelection(keys(11))).toEqual({
      status: 'refused',
      message: FORM_MESSAGES.tableMaxChecked,
    });
  });

  it('refuses unticking the last row', () => {
    expect(changeSelection([])).toEqual({
      status: 'refused',
      message: FORM_MESSAGES.tableMinChecked,
    });
  });

  it('counts a key once', () => {
    expect(changeSelection(new Set(['k1', 'k2']))).toEqual({
      status: 'accepted',
      keys: ['k1', 'k2'],
    });
    expect(changeSelection([...keys(10), 'k1'])).toEqual({ status: 'accepted', keys: keys(10) });
  });
});

describe('resetSelection', () => {
  it('restores the first five rows of the data shown', () => {
    const data = series(8);
    expect(resetSelection({ series: data, keys: ['k7', 'k8'] })).toEqual({
      series: data,
      keys: ['k1', 'k2', 'k3', 'k4', 'k5'],
    });
  });
});

describe('followData', () => {
  it('keeps the selection while the same data shows', () => {
    const data = series(8);
    const selection = { series: data, keys: ['k7'] };
    expect(followData(selection, data)).toBe(selection);
  });

  it('starts new data from its first five rows', () => {
    const next = series(8).reverse();
    expect(followData({ series: series(8), keys: ['k7'] }, next)).toEqual({
      series: next,
      keys: ['k8', 'k7', 'k6', 'k5', 'k4'],
    });
  });
});

describe('checkedSeries', () => {
  it('gives the ticked series in table order, whatever order they were ticked in', () => {
    const data = series(6);
    expect(checkedSeries({ series: data, keys: ['k5', 'k2', 'k6'] }).map((s) => s.key)).toEqual([
      'k2',
      'k5',
      'k6',
    ]);
  });
});
