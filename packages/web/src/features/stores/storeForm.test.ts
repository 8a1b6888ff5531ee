import { ERROR_WIRE_MESSAGES, MESSAGES } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import { ApiError, type Store } from '../../api/index.ts';
import {
  addressKey,
  fullAddress,
  pinToSend,
  storeBody,
  storedPin,
  storeFormValues,
  storeSaveFailure,
} from './storeForm.ts';

const store: Store = {
  id: 1,
  storeCode: '1001',
  name: 'はかた薬局 天神店',
  prefecture: { id: 40, name: '福岡県', areaName: '九州' },
  zipCode: '8100001',
  city: '福岡市中央区',
  block: '天神2-8-38',
  buildingName: null,
  address: '福岡県福岡市中央区天神2-8-38',
  latitude: 33.5897,
  longitude: 130.3987,
  insuranceInstitutionCode: null,
  managementPharmacistName: '山本 彩',
  tel: '0925510606',
  contractStatus: 'active',
  connected: true,
  geocodeLevel: 'town',
  clientDeviceUser: null,
};

describe('storeFormValues', () => {
  it('turns nulls into empty strings', () => {
    expect(storeFormValues(store)).toMatchObject({
      prefectureId: 40,
      buildingName: '',
      insuranceInstitutionCode: '',
    });
  });

  it('starts empty for a new store, with no prefecture', () => {
    expect(storeFormValues(null)).toMatchObject({ name: '', prefectureId: 0 });
  });
});

describe('pins', () => {
  it('sends a pin placed by hand, rounded', () => {
    expect(
      pinToSend({ latitude: 33.123456789, longitude: 130.5, level: 'pin', source: 'manual' }),
    ).toEqual({ latitude: 33.1234568, longitude: 130.5 });
  });

  it('keeps a saved hand-placed pin and leaves geocoded positions to the server', () => {
    expect(pinToSend({ ...storedPin(store)!, level: 'pin' })).not.toBeNull();
    expect(pinToSend(storedPin(store))).toBeNull();
    expect(pinToSend({ latitude: 1, longitude: 2, level: 'town', source: 'geocoded' })).toBeNull();
    expect(pinToSend(null)).toBeNull();
  });

  it('has no stored pin without coordinates', () => {
    expect(storedPin({ ...store, latitude: null })).toBeNull();
    expect(storedPin(null)).toBeNull();
  });
});

describe('storeBody', () => {
  it('trims the fields and adds a manual pin', () => {
    const body = storeBody(
      { ...storeFormValues(store), name: ' 新店 ', buildingName: ' ビル2F ' },
      { latitude: 33.5, longitude: 130.4, level: 'pin', source: 'manual' },
    );
    expect(body).toMatchObject({ name: '新店', buildingName: 'ビル2F', latitude: 33.5 });
  });

  it('sends no coordinates for a geocoded position', () => {
    const body = storeBody(storeFormValues(store), storedPin(store));
    expect(body).not.toHaveProperty('latitude');
  });
});

describe('addressKey', () => {
  it('changes with the geocoded fields only', () => {
    const values = storeFormValues(store);
    expect(addressKey(values)).toBe(addressKey({ ...values, city: ' 福岡市中央区 ' }));
    expect(addressKey(values)).not.toBe(addressKey({ ...values, block: '天神1' }));
  });
});

describe('storeSaveFailure', () => {
  it('maps the unique errors to their fields', () => {
    expect(storeSaveFailure(new ApiError(400, ERROR_WIRE_MESSAGES.storeNameUnique))).toEqual({
      field: 'name',
      message: MESSAGES.storeNameUnique,
    });
    expect(
      storeSaveFailure(new ApiError(400, ERROR_WIRE_MESSAGES.insuranceInstitutionCodeUnique)),
    ).toEqual({
      field: 'insuranceInstitutionCode',
      message: MESSAGES.insuranceInstitutionCodeUnique,
    });
  });

  it('is null for anything else', () => {
    expect(storeSaveFailure(new ApiError(400, 'unknown prefecture'))).toBeNull();
    expect(storeSaveFailure(new ApiError(500, ''))).toBeNull();
  });
});

describe('fullAddress', () => {
  it('adds the building after a space', () => {
    expect(fullAddress({ ...store, buildingName: '天神ビル3F' })).toBe(
      '福岡県福岡市中央区天神2-8-38 天神ビル3F',
    );
  });

  it('shows the prefecture of a store with only a prefecture', () => {
    expect(fullAddress({ ...store, address: null })).toBe('福岡県');
    expect(fullAddress({ ...store, address: null, buildingName: '天神ビル3F' })).toBe(
      '福岡県 天神ビル3F',
    );
  });
});
