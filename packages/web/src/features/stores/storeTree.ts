import type { StoreTree } from '@pharmalytics/domain';
import type { BrowsableStore, Store } from '../../api/index.ts';

/** The store hierarchy: area > prefecture > store (the shape of a member's `branches`). */
export type StoreAreas = StoreTree;

export type StorePrefecture = StoreAreas[number]['prefectures'][number];
export type CheckState = 'all' | 'some' | 'none';

/**
 * Groups stores into area > prefecture > store, keeping the order they come in (the server
 * sorts by area, prefecture and store code).
 */
export function buildStoreTree(stores: readonly Store[]): StoreAreas {
  const areas: StoreAreas = [];
  for (const store of stores) {
    let area = areas.find((a) => a.areaName === store.prefecture.areaName);
    if (!area) {
      area = { areaName: store.prefecture.areaName, prefectures: [] };
      areas.push(area);
    }
    let prefecture = area.prefectures.find((p) => p.prefectureId === store.prefecture.id);
    if (!prefecture) {
      prefecture = { prefectureId: store.prefecture.id, name: store.prefecture.name, stores: [] };
      area.prefectures.push(prefecture);
    }
    prefecture.stores.push({ storeCode: store.storeCode, name: store.name });
  }
  return areas;
}

/** Checked when every store of the group is selected, indeterminate when some are. */
export function checkState(
  stores: readonly BrowsableStore[],
  selected: ReadonlySet<string>,
): CheckState {
  const count = stores.filter((s) => selected.has(s.storeCode)).length;
  if (count === 0) return 'none';
  return count === stores.length ? 'all' : 'some';
}

/** A group's checkbox: selects all its stores, or deselects them all when all are selected. */
export function toggleGroup(
  stores: readonly BrowsableStore[],
  selected: ReadonlySet<string>,
): Set<string> {
  const next = new Set(selected);
  if (checkState(stores, selected) === 'all') stores.forEach((s) => next.delete(s.storeCode));
  else stores.forEach((s) => next.add(s.storeCode));
  return next;
}

export function toggleStore(storeCode: string, selected: ReadonlySet<string>): Set<string> {
  const next = new Set(selected);
  if (next.has(storeCode)) next.delete(storeCode);
  else next.add(storeCode);
  return next;
}

export function allStoresOf(areas: StoreAreas): BrowsableStore[] {
  return areas.flatMap((a) => a.prefectures.flatMap((p) => p.stores));
}

/** The selected store codes in the tree's order (unknown codes are dropped). */
export function selectedCodes(areas: StoreAreas, selected: ReadonlySet<string>): string[] {
  return allStoresOf(areas)
    .map((s) => s.storeCode)
    .filter((code) => selected.has(code));
}
