import { can, type GeocodeLevel, type Standing } from '@pharmalytics/domain';
import { api, type BrowsableStore, type Store, type SystemRole } from '../../api/index.ts';

export const storeKeys = {
  all: ['stores'] as const,
};

export function fetchStores(): Promise<Store[]> {
  return api.get<Store[]>('/v3/branches');
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

const storePath = (storeCode: string) => `/v3/branches/${encodeURIComponent(storeCode)}`;

export interface UploadHistory {
  lastContactAt: string | null;
  uploads: {
    id: number;
    fileName: string;
    format: 'pharmalytics-csv' | 'uke' | 'unknown' | null;
    status: 'received' | 'loaded' | 'duplicate' | 'failed';
    prescriptionsLoaded: number;
    rowsRefused: number;
    message: string | null;
    receivedAt: string;
  }[];
}

export function fetchUploadHistory(storeCode: string): Promise<UploadHistory> {
  return api.get<UploadHistory>(`${storePath(storeCode)}/uploads`);
}

export function fetchStore(storeCode: string): Promise<Store> {
  return api.get<Store>(storePath(storeCode));
}

/** Body of POST /v3/branches and PUT /v3/branches/{storeCode}. */
export interface StoreBody {
  name: string;
  prefectureId: number;
  zipCode: string;
  city: string;
  block: string;
  buildingName: string;
  insuranceInstitutionCode: string;
  managementPharmacistName: string;
  tel: string;
  /** A pin placed by hand; without it the server geocodes the address. */
  latitude?: number;
  longitude?: number;
}

export function createStore(body: StoreBody): Promise<Store> {
  return api.post<Store>('/v3/branches', body);
}

export function updateStore(storeCode: string, body: StoreBody): Promise<Store> {
  return api.put<Store>(storePath(storeCode), body);
}

export function deleteStore(storeCode: string, password: string): Promise<void> {
  return api.delete<void>(storePath(storeCode), { body: { password } });
}

/** Active stores whose uploader has never connected. */
export function fetchIncompleteSetupCount(): Promise<number> {
  return api.get<{ count: number }>('/v3/branches/check_setups').then((body) => body.count);
}

export interface StoreMember {
  id: number;
  publicName: string;
  email: string;
  systemRole: SystemRole;
}

export function fetchStoreMembers(storeCode: string): Promise<StoreMember[]> {
  return api.get<StoreMember[]>(`${storePath(storeCode)}/members`);
}

export function removeStoreMember(storeCode: string, memberId: number): Promise<void> {
  return api.delete<void>(`${storePath(storeCode)}/members/${memberId}`);
}

export interface ZipAddress {
  prefectureId: number;
  prefecture: string;
  cityCode: string;
  city: string;
  town: string;
}

export function lookupZipCode(zipCode: string): Promise<ZipAddress[]> {
  return api
    .get<{ zipCode: string; addresses: ZipAddress[] }>(
      `/v3/geocoding/zip_codes/${encodeURIComponent(zipCode)}`,
    )
    .then((body) => body.addresses);
}

export interface GeocodeResult {
  latitude: number | null;
  longitude: number | null;
  level: GeocodeLevel;
  city?: string;
  town?: string;
}

export function geocodeAddress(
  address: { prefectureId: number; city: string; block: string },
  signal?: AbortSignal,
): Promise<GeocodeResult> {
  const query = new URLSearchParams({
    prefectureId: String(address.prefectureId),
    city: address.city,
    block: address.block,
  });
  return api.get<GeocodeResult>(`/v3/geocoding/address?${query.toString()}`, { signal });
}
