import { describe, expect, it } from 'vitest';
import type { Store } from '../../api/index.ts';
import { visibleStores } from './api.ts';

const store = (storeCode: string): Store => ({
  id: 1,
  storeCode,
  name: storeCode,
  prefecture: { id: 40, name: '福岡県', areaName: '九州' },
  zipCode: null,
  city: null,
  block: null,
  buildingName: null,
  address: null,
  latitude: null,
  longitude: null,
  insuranceInstitutionCode: null,
  managementPharmacistName: null,
  tel: null,
  contractStatus: 'active',
  connected: true,
  geocodeLevel: 'none',
  clientDeviceUser: null,
});

describe('visibleStores', () => {
  const stores = [store('A'), store('B'), store('C')];

  it('keeps every store for admin and system_admin', () => {
    expect(visibleStores(stores, { role: 'admin', plan: 'advanced' }, [])).toHaveLength(3);
    expect(visibleStores(stores, { role: 'system_admin', plan: 'advanced' }, [])).toHaveLength(3);
  });

  it('limits role user to the viewable stores', () => {
    const result = visibleStores(stores, { role: 'user', plan: 'advanced' }, [
      { storeCode: 'B', name: 'B' },
    ]);
    expect(result.map((s) => s.storeCode)).toEqual(['B']);
  });

  it('leaves role user with nothing when no store is viewable', () => {
    expect(visibleStores(stores, { role: 'user', plan: 'advanced' }, [])).toEqual([]);
  });
});
