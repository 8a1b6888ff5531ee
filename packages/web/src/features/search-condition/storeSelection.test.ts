import { FORM_MESSAGES } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import type { Store } from '../../api/index.ts';
import {
  activeStores,
  activeStoreTree,
  initialSelection,
  selectionResult,
  storesText,
} from './storeSelection.ts';

const store = (storeCode: string, name: string, active = true) =>
  ({
    storeCode,
    name,
    contractStatus: active ? 'active' : 'inactive',
    prefecture: { id: 40, name: '福岡県', areaName: '九州' },
  }) as Store;

const stores = [
  store('1001', '天神店'),
  store('1002', '博多駅前店'),
  store('1003', '薬院店'),
  store('1004', '閉店', false),
];

describe('store selection', () => {
  const tree = activeStoreTree(stores);

  it('offers active stores only', () => {
    expect(activeStores(stores).map((s) => s.storeCode)).toEqual(['1001', '1002', '1003']);
    expect(tree[0]!.prefectures[0]!.stores).toHaveLength(3);
  });

  it('opens with every store ticked for isAll, otherwise the applied ones', () => {
    expect([...initialSelection({ isAll: true, storeCodes: [] }, ['1001', '1002'])]).toEqual([
      '1001',
      '1002',
    ]);
    expect([...initialSelection({ isAll: false, storeCodes: ['1003'] }, ['1001'])]).toEqual([
      '1003',
    ]);
  });

  it('needs at least one store', () => {
    expect(selectionResult(tree, new Set())).toEqual({
      ok: false,
      message: FORM_MESSAGES.storeRequired,
    });
    expect(selectionResult(tree, new Set(['1004']))).toMatchObject({ ok: false });
  });

  it('saves every store as isAll and a part in tree order', () => {
    expect(selectionResult(tree, new Set(['1003', '1001', '1002']))).toEqual({
      ok: true,
      pharmacy: { isAll: true, storeCodes: [] },
    });
    expect(selectionResult(tree, new Set(['1003', '1001']))).toEqual({
      ok: true,
      pharmacy: { isAll: false, storeCodes: ['1001', '1003'] },
    });
  });

  it('names the selection on the button', () => {
    const active = activeStores(stores);
    expect(storesText({ isAll: true, storeCodes: [] }, active)).toBe('全ての店舗');
    expect(storesText({ isAll: false, storeCodes: ['1002'] }, active)).toBe('博多駅前店');
    expect(storesText({ isAll: false, storeCodes: ['1001', '1003'] }, active)).toBe('天神店他1店');
  });
});
