import {
  ERROR_WIRE_MESSAGES,
  MESSAGES,
  type GeocodeLevel,
  type StoreForm,
} from '@pharmalytics/domain';
import { isApiError, type Store } from '../../api/index.ts';
import type { StoreBody } from './api.ts';

/** The store form's values: every text a string ('' for not entered), no prefecture as 0. */
export type StoreFormValues = Required<StoreForm>;

export const EMPTY_STORE_FORM: StoreFormValues = {
  name: '',
  prefectureId: 0,
  zipCode: '',
  city: '',
  block: '',
  buildingName: '',
  insuranceInstitutionCode: '',
  managementPharmacistName: '',
  tel: '',
};

export function storeFormValues(store: Store | null): StoreFormValues {
  if (!store) return EMPTY_STORE_FORM;
  return {
    name: store.name,
    prefectureId: store.prefecture.id,
    zipCode: store.zipCode ?? '',
    city: store.city ?? '',
    block: store.block ?? '',
    buildingName: store.buildingName ?? '',
    insuranceInstitutionCode: store.insuranceInstitutionCode ?? '',
    managementPharmacistName: store.managementPharmacistName ?? '',
    tel: store.tel ?? '',
  };
}

/** Where the map pin is and where it came from. */
export interface Pin {
  latitude: number;
  longitude: number;
  level: GeocodeLevel;
  /** stored: the store's saved position; geocoded: from the address; manual: placed by hand. */
  source: 'stored' | 'geocoded' | 'manual';
}

export function storedPin(store: Store | null): Pin | null {
  if (!store || store.latitude == null || store.longitude == null) return null;
  return {
    latitude: store.latitude,
    longitude: store.longitude,
    // A position stored before its level was recorded says no level.
    level: store.geocodeLevel ?? 'none',
    source: 'stored',
  };
}

/**
 * A pin placed by hand (now, or saved as such and kept) is sent with the form; a position
 * geocoded from the address is left to the server, so geocodeLevel keeps saying how deep.
 */
export function pinToSend(pin: Pin | null): { latitude: number; longitude: number } | null {
  if (!pin) return null;
  if (pin.source === 'manual' || (pin.source === 'stored' && pin.level === 'pin')) {
    return { latitude: roundCoordinate(pin.latitude), longitude: roundCoordinate(pin.longitude) };
  }
  return null;
}

/** Seven decimals: about a centimetre, plenty for a store. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e7) / 1e7;
}

export function storeBody(form: StoreFormValues, pin: Pin | null): StoreBody {
  const body: StoreBody = {
    name: form.name.trim(),
    prefectureId: form.prefectureId,
    zipCode: form.zipCode.trim(),
    city: form.city.trim(),
    block: form.block.trim(),
    buildingName: form.buildingName.trim(),
    insuranceInstitutionCode: form.insuranceInstitutionCode.trim(),
    managementPharmacistName: form.managementPharmacistName.trim(),
    tel: form.tel.trim(),
  };
  const sent = pinToSend(pin);
  return sent ? { ...body, ...sent } : body;
}

/** The key that changes when an address field that geocoding reads changes. */
export function addressKey(form: Pick<StoreFormValues, 'prefectureId' | 'city' | 'block'>): string {
  return `${form.prefectureId}|${form.city.trim()}|${form.block.trim()}`;
}

/** A 400 of store create or update that belongs to a field (spec 01 §8). */
export function storeSaveFailure(
  error: unknown,
): { field: 'name' | 'insuranceInstitutionCode'; message: string } | null {
  if (!isApiError(error) || error.status !== 400) return null;
  if (error.message === ERROR_WIRE_MESSAGES.storeNameUnique) {
    return { field: 'name', message: MESSAGES.storeNameUnique };
  }
  if (error.message === ERROR_WIRE_MESSAGES.insuranceInstitutionCodeUnique) {
    return { field: 'insuranceInstitutionCode', message: MESSAGES.insuranceInstitutionCodeUnique };
  }
  return null;
}

/**
 * The full address line: prefecture, city and block, then the building after a space. A store
 * always has its prefecture, so the line starts with it even when nothing else was entered.
 */
export function fullAddress(
  store: Pick<Store, 'address' | 'buildingName'> & {
    prefecture: Pick<Store['prefecture'], 'name'>;
  },
): string {
  return [store.address ?? store.prefecture.name, store.buildingName].filter(Boolean).join(' ');
}

export const ZIP_SEARCHABLE = /^\d{7}$/;
