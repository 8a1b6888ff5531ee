import {
  analyticsContracts,
  facilityStandardsContracts as contracts,
  type AlertSettings,
  type ContractBody,
  type ContractResponse,
  type ParsedBody,
} from '@pharmalytics/domain';
import { call } from '../../../api/index.ts';
import { FACILITY_QUERY_ROOT } from '../api.ts';

export type BuildingBody = ParsedBody<typeof contracts.saveBuilding>;
/** The building form's values: the kind may be left to its default (同一建物). */
export type BuildingForm = ContractBody<typeof contracts.saveBuilding>;
export type Building = ContractResponse<typeof contracts.buildings>['buildings'][number];
export type OutsideStores = ParsedBody<typeof contracts.saveOutsideStores>;
export type StoreFacts = ParsedBody<typeof contracts.saveStoreFacts>;
export type StoreFactsRow = ContractResponse<typeof contracts.storeFacts>['stores'][number];
export type InstitutionChoice = ContractResponse<
  typeof analyticsContracts.medicalInstitutions
>['data'][number];

export const facilitySettingsKeys = {
  buildings: [...FACILITY_QUERY_ROOT, 'buildings'] as const,
  outsideStores: [...FACILITY_QUERY_ROOT, 'outside-stores'] as const,
  storeFacts: [...FACILITY_QUERY_ROOT, 'store-facts'] as const,
  alertSettings: [...FACILITY_QUERY_ROOT, 'alert-settings'] as const,
  institutions: [...FACILITY_QUERY_ROOT, 'institutions'] as const,
};

export async function fetchBuildings(): Promise<Building[]> {
  return (await call(contracts.buildings, {})).buildings;
}

/** Saves a building by its name: a building of that name is replaced. */
export function saveBuilding(body: BuildingBody): Promise<{ id: number }> {
  return call(contracts.saveBuilding, { body });
}

export async function deleteBuilding(id: number): Promise<void> {
  await call(contracts.deleteBuilding, { params: { id } });
}

/** The institutions the corporation's stores received prescriptions from, to choose from. */
export async function fetchInstitutionChoices(): Promise<InstitutionChoice[]> {
  return (await call(analyticsContracts.medicalInstitutions, {})).data;
}

export async function fetchOutsideStores(): Promise<OutsideStores[]> {
  return (await call(contracts.outsideStores, {})).figures;
}

/** Saves the figure from a month on; the figure of the same month is replaced. */
export async function saveOutsideStores(body: OutsideStores): Promise<void> {
  await call(contracts.saveOutsideStores, { body });
}

export async function deleteOutsideStores(month: string): Promise<void> {
  await call(contracts.deleteOutsideStores, { params: { month } });
}

export async function fetchStoreFacts(): Promise<StoreFactsRow[]> {
  return (await call(contracts.storeFacts, {})).stores;
}

export async function saveStoreFacts(storeCode: string, facts: StoreFacts): Promise<void> {
  await call(contracts.saveStoreFacts, { params: { storeCode }, body: facts });
}

export function fetchAlertSettings(): Promise<AlertSettings> {
  return call(contracts.alertSettings, {});
}

export async function saveAlertSettings(settings: AlertSettings): Promise<void> {
  await call(contracts.saveAlertSettings, { body: settings });
}
