import { api, type BrowsableStore, type Store } from '../../api/index.ts';

export const storeKeys = {
  all: ['stores'] as const,
};

export function fetchStores(): Promise<Store[]> {
  return api.get<Store[]>('/v3/branches');
}

/** Spec 01 §4: for role user, stores are limited to the member's viewable stores. */
export function visibleStores(
  stores: readonly Store[],
  roleName: string,
  browsable: readonly BrowsableStore[],
): Store[] {
  if (roleName !== 'user') return [...stores];
  const codes = new Set(browsable.map((s) => s.storeCode));
  return stores.filter((s) => codes.has(s.storeCode));
}
