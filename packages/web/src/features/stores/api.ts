import {
  can,
  geocodingContracts,
  ingestionContracts,
  storeContracts,
  type GeocodeResult,
  type Standing,
  type Store,
  type StoreBody,
  type StoreMember,
  type UploadHistory,
  type ZipAddress,
} from '@pharmalytics/domain';
import { call, type BrowsableStore } from '../../api/index.ts';

export type { GeocodeResult, StoreBody, StoreMember, UploadHistory, ZipAddress };

export const storeKeys = {
  all: ['stores'] as const,
};

export function fetchStores(): Promise<Store[]> {
  return call(storeContracts.list, { query: {} });
}

/** Spec 01 §4: for role user, stores are limited to the member's viewable stores. */
export function visibleStores(
  stores: readonly Store[],
  who: Standing,
  browsable: readonly BrowsableStore[],
): Store[] {
  if (can(who, 'browseAllStores')) return [...stores];
  const codes = new Set(browsable.map((s) => s.storeCode));
  return stores.filter((s) => codes.has(s.storeCode));
}

export const storeDetailKeys = {
  detail: (storeCode: string) => ['stores', 'detail', storeCode] as const,
  members: (storeCode: string) => ['stores', 'members', storeCode] as const,
  checkSetups: ['stores', 'checkSetups'] as const,
  uploads: (storeCode: string) => ['stores', 'uploads', storeCode] as const,
};

/** Every query of one store, which must not run again once the store is deleted. */
export function queriesOfStore(storeCode: string) {
  return [
    storeDetailKeys.detail(storeCode),
    storeDetailKeys.members(storeCode),
    storeDetailKeys.uploads(storeCode),
  ];
}

export function fetchUploadHistory(storeCode: string): Promise<UploadHistory> {
  return call(ingestionContracts.history, { params: { storeCode } });
}

export function fetchStore(storeCode: string): Promise<Store> {
  return call(storeContracts.get, { params: { storeCode } });
}

export function createStore(body: StoreBody): Promise<Store> {
  return call(storeContracts.create, { body });
}

export function updateStore(storeCode: string, body: StoreBody): Promise<Store> {
  return call(storeContracts.update, { params: { storeCode }, body });
}

export async function deleteStore(storeCode: string, password: string): Promise<void> {
  await call(storeContracts.delete, { params: { storeCode }, body: { password } });
}

/** Active stores whose uploader has never connected. */
export function fetchIncompleteSetupCount(): Promise<number> {
  return call(storeContracts.checkSetups, {}).then((body) => body.count);
}

export function fetchStoreMembers(storeCode: string): Promise<StoreMember[]> {
  return call(storeContracts.members, { params: { storeCode } });
}

export async function removeStoreMember(storeCode: string, memberId: number): Promise<void> {
  await call(storeContracts.removeMember, { params: { storeCode, memberId } });
}

export function lookupZipCode(zipCode: string): Promise<ZipAddress[]> {
  return call(geocodingContracts.zipCode, { params: { zipCode } }).then((body) => body.addresses);
}

export function geocodeAddress(
  address: { prefectureId: number; city: string; block: string },
  signal?: AbortSignal,
): Promise<GeocodeResult> {
  return call(
    geocodingContracts.address,
    { query: { ...address, prefectureId: String(address.prefectureId) } },
    { signal },
  );
}
