import type { GeocodeLevel, Store } from '@pharmalytics/domain';
import type { Selectable } from 'kysely';
import type { StoresTable } from '../db/types.ts';

type StoreRow = Selectable<StoresTable> & {
  prefecture_name: string;
  area_name: string;
  connected: boolean;
};

/** A store as the browser sees it (spec 01 §3, Store). */
export function toStoreView(row: StoreRow): Omit<Store, 'clientDeviceUser'> {
  const address = [row.city, row.block].filter(Boolean).join('');
  return {
    id: row.id,
    storeCode: row.store_code,
    name: row.name,
    prefecture: { id: row.prefecture_id, name: row.prefecture_name, areaName: row.area_name },
    zipCode: row.zip_code,
    city: row.city,
    block: row.block,
    buildingName: row.building_name,
    address: address ? row.prefecture_name + address : null,
    latitude: row.latitude,
    longitude: row.longitude,
    insuranceInstitutionCode: row.insurance_institution_code,
    managementPharmacistName: row.management_pharmacist_name,
    tel: row.tel,
    geocodeLevel: row.geocode_level as GeocodeLevel | null,
    contractStatus: row.contract_status,
    connected: row.connected,
  };
}
