import { describe, expect, it } from 'vitest';
import type { Store } from '../../api/index.ts';
import {
  buildStoreTree,
  checkState,
  selectedCodes,
  toggleGroup,
  toggleStore,
} from './storeTree.ts';

const store = (storeCode: string, prefectureId: number, name: string, areaName: string) =>
  ({
    storeCode,
    name: `店舗${storeCode}`,
    prefecture: { id: prefectureId, name, areaName },
  }) as Store;

const stores = [
  store('1', 13, '東京都', '関東'),
  store('2', 13, '東京都', '関東'),
  store('3', 14, '神奈川県', '関東'),
  store('4', 40, '福岡県', '九州'),
];

describe('buildStoreTree', () => {
  it('groups stores by area and prefecture in their order', () => {
    expect(buildStoreTree(stores)).toEqual([
      {
        areaName: '関東',
        prefectures: [
          {
            prefectureId: 13,
            name: '東京都',
            stores: [
              { storeCode: '1', name: '店舗1' },
              { storeCode: '2', name: '店舗2' },
            ],
          },
          { prefectureId: 14, name: '神奈川県', stores: [{ storeCode: '3', name: '店舗3' }] },
        ],
      },
      {
        areaName: '九州',
        prefectures: [
          { prefectureId: 40, name: '福岡県', stores: [{ storeCode: '4', name: '店舗4' }] },
        ],
      },
    ]);
  });
});

describe('prefecture selection', () => {
  const tokyo = buildStoreTree(stores)[0]!.prefectures[0]!.stores;

  it('is none, some or all', () => {
    expect(checkState(tokyo, new Set())).toBe('none');
    expect(checkState(tokyo, new Set(['1']))).toBe('some');
    expect(checkState(tokyo, new Set(['1', '2', '4']))).toBe('all');
  });

  it('selects every store of a partly or not selected prefecture', () => {
    expect([...toggleGroup(tokyo, new Set(['1', '4']))].sort()).toEqual(['1', '2', '4']);
    expect([...toggleGroup(tokyo, new Set())].sort()).toEqual(['1', '2']);
  });

  it('deselects every store of a fully selected prefecture, leaving others', () => {
    expect([...toggleGroup(tokyo, new Set(['1', '2', '4']))]).toEqual(['4']);
  });

  it('toggles a single store without touching the input set', () => {
    const selected = new Set(['1']);
    expect([...toggleStore('2', selected)].sort()).toEqual(['1', '2']);
    expect([...toggleStore('1', selected)]).toEqual([]);
    expect([...selected]).toEqual(['1']);
  });
});

describe('selectedCodes', () => {
  it('lists the selection in tree order and drops unknown codes', () => {
    const tree = buildStoreTree(stores);
    expect(selectedCodes(tree, new Set(['4', '9', '1']))).toEqual(['1', '4']);
  });
});
