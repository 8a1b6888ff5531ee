import type {
  outsideStoresSchema,
  sameBuildingGroupBodySchema,
  storeFactsSchema,
} from '@pharmalytics/domain';
import {
  alertSettingsSchema,
  FACILITY_MEASURE_API_PATHS,
  FACILITY_SETTINGS_API_PATHS,
  medicalInstitutionsResponseSchema,
  outsideStoresResponseSchema,
  sameBuildingGroupsResponseSchema,
  storeFactsResponseSchema,
  type AlertSettings,
} from '@pharmalytics/domain';
import type { z } from 'zod';
import { api } from '../../../api/index.ts';
import { FACILITY_QUERY_ROOT, getParsed } from '../api.ts';

export type BuildingBody = z.infer<typeof sameBuildingGroupBodySchema>;
/** The building form's values: the kind may be left to its default (同一建物). */
export type BuildingForm = z.input<typeof sameBuildingGroupBodySchema>;
export type Building = z.infer<typeof sameBuildingGroupsResponseSchema>['buildings'][number];
export type OutsideStores = z.infer<typeof outsideStoresSchema>;
export type StoreFacts = z.infer<typeof storeFactsSchema>;
export type StoreFactsRow = z.infer<typeof storeFactsResponseSchema>['stores'][number];
export type InstitutionChoice = z.infer<typeof medicalInstitutionsResponseSchema>['data'][number];

export const facilitySettingsKeys = {
  buildings: [...FACILITY_QUERY_ROOT, 'buildings'] as const,
  outsideStores: [...FACILITY_QUERY_ROOT, 'outside-stores'] as const,
  storeFacts: [...FACILITY_QUERY_ROOT, 'store-facts'] as const,
  alertSettings: [...FACILITY_QUERY_ROOT, 'alert-settings'] as const,
  institutions: [...FACILITY_QUERY_ROOT, 'institutions'] as const,
};

export async function fetchBuildings(): Promise<Building[]> {
  const answer = await getParsed(
    FACILITY_MEASURE_API_PATHS.buildings,
    sameBuildingGroupsResponseSchema,
  );
  return answer.buildings;
}

/** Saves a building by its name: a building of that name is replaced. */
export function saveBuilding(body: BuildingBody): Promise<{ id: number }> {
  return api.put<{ id: number }>(FACILITY_MEASURE_API_PATHS.buildings, body);
}

export function deleteBuilding(id: number): Promise<void> {
  return api.delete<void>(FACILITY_MEASURE_API_PATHS.building.replace(':id', String(id)));
}

/** The institutions the corporation's stores received prescriptions from, to choose from. */
export async function fetchInstitutionChoices(): Promise<InstitutionChoice[]> {
  const answer = await getParsed('/v3/medical_institutions', medicalInstitutionsResponseSchema);
  return answer.data;
}

export async function fetchOutsideStores(): Promise<OutsideStores[]> {
  const answer = await getParsed(
    FACILITY_MEASURE_API_PATHS.outsideStores,
    outsideStoresResponseSchema,
  );
  return answer.figures;
}

/** Saves the figure from a month on; the figure of the same month is replaced. */
export function saveOutsideStores(body: OutsideStores): Promise<void> {
  return api.put<void>(FACILITY_MEASURE_API_PATHS.outsideStores, body);
}

export function deleteOutsideStores(month: string): Promise<void> {
  return api.delete<void>(
    FACILITY_MEASURE_API_PATHS.outsideStore.replace(':month', encodeURIComponent(month)),
  );
}

export async function fetchStoreFacts(): Promise<StoreFactsRow[]> {
  const answer = await getParsed(FACILITY_SETTINGS_API_PATHS.storeFacts, storeFactsResponseSchema);
  return answer.stores;
}

export function saveStoreFacts(storeCode: string, facts: StoreFacts): Promise<void> {
  return api.put<void>(
    FACILITY_SETTINGS_API_PATHS.storeFact.replace(':storeCode', encodeURIComponent(storeCode)),
    facts,
  );
}

export function fetchAlertSettings(): Promise<AlertSettings> {
  return getParsed(FACILITY_SETTINGS_API_PATHS.alertSettings, alertSettingsSchema);
}

export function saveAlertSettings(settings: AlertSettings): Promise<void> {
  return api.put<void>(FACILITY_SETTINGS_API_PATHS.alertSettings, settings);
}
