import { z } from 'zod';
import {
  alertDismissalSchema,
  facilityAlertsResponseSchema,
} from '../facility-standards/alerts-api.ts';
import {
  FACILITY_JUDGEMENT_API_PATHS,
  facilityJudgementsQuerySchema,
  facilityJudgementsResponseSchema,
} from '../facility-standards/judgement-api.ts';
import {
  FACILITY_MEASURE_API_PATHS,
  facilityMeasuresQuerySchema,
  facilityMeasuresResponseSchema,
  groupTotalsQuerySchema,
  groupTotalsResponseSchema,
  monthParam,
  outsideStoresResponseSchema,
  outsideStoresSchema,
  sameBuildingGroupBodySchema,
  sameBuildingGroupsResponseSchema,
} from '../facility-standards/measure-api.ts';
import {
  FACILITY_STANDARDS_API_PATHS,
  facilityStandardRulesResponseSchema,
} from '../facility-standards/rule-schemas.ts';
import {
  alertSettingsSchema,
  FACILITY_SETTINGS_API_PATHS,
  storeFactsResponseSchema,
  storeFactsSchema,
} from '../facility-standards/settings-api.ts';
import { idParam } from '../schemas/primitives.ts';
import { storeCodeParamsSchema } from '../schemas/store.ts';
import { endpoint, noContentSchema } from './endpoint.ts';

const tag = 'facility-standards';

/**
 * The 施設基準 pages' calls (docs/facility-standards.md): the rules, the measures and what an
 * administrator enters for them, the judgements, the store facts and the alerts.
 */
export const facilityStandardsContracts = {
  rules: endpoint({
    method: 'GET',
    path: FACILITY_STANDARDS_API_PATHS.rules,
    tag,
    summary: 'The 施設基準 rules of every fee revision with their sources and confidence',
    responses: { 200: facilityStandardRulesResponseSchema },
  }),
  measures: endpoint({
    method: 'GET',
    path: FACILITY_MEASURE_API_PATHS.measures,
    tag,
    summary: 'The 施設基準 measures of the member’s stores, month by month',
    query: facilityMeasuresQuerySchema,
    responses: { 200: facilityMeasuresResponseSchema },
  }),
  groupTotals: endpoint({
    method: 'GET',
    path: FACILITY_MEASURE_API_PATHS.groupTotals,
    tag,
    summary: 'The corporation’s group totals, month by month',
    query: groupTotalsQuerySchema,
    responses: { 200: groupTotalsResponseSchema },
  }),
  buildings: endpoint({
    method: 'GET',
    path: FACILITY_MEASURE_API_PATHS.buildings,
    tag,
    summary: 'The same-building groups of institutions',
    responses: { 200: sameBuildingGroupsResponseSchema },
  }),
  saveBuilding: endpoint({
    method: 'PUT',
    path: FACILITY_MEASURE_API_PATHS.buildings,
    tag,
    summary: 'Saves a same-building group of institutions',
    body: sameBuildingGroupBodySchema,
    responses: { 200: z.object({ id: z.number().int() }) },
  }),
  deleteBuilding: endpoint({
    method: 'DELETE',
    path: FACILITY_MEASURE_API_PATHS.building,
    tag,
    summary: 'Deletes a same-building group',
    params: z.object({ id: idParam('建物ID') }),
    responses: { 204: noContentSchema },
  }),
  outsideStores: endpoint({
    method: 'GET',
    path: FACILITY_MEASURE_API_PATHS.outsideStores,
    tag,
    summary: 'The figures of the group’s stores outside the service, by month',
    responses: { 200: outsideStoresResponseSchema },
  }),
  saveOutsideStores: endpoint({
    method: 'PUT',
    path: FACILITY_MEASURE_API_PATHS.outsideStores,
    tag,
    summary: 'Saves the figures of the group’s stores outside the service for a month',
    body: outsideStoresSchema,
    responses: { 204: noContentSchema },
  }),
  deleteOutsideStores: endpoint({
    method: 'DELETE',
    path: FACILITY_MEASURE_API_PATHS.outsideStore,
    tag,
    summary: 'Deletes the figures of the group’s stores outside the service for a month',
    params: z.object({ month: monthParam() }),
    responses: { 204: noContentSchema },
  }),
  judgements: endpoint({
    method: 'GET',
    path: FACILITY_JUDGEMENT_API_PATHS.judgements,
    tag,
    summary: 'The 施設基準 judgements of the stores asked',
    query: facilityJudgementsQuerySchema,
    responses: { 200: facilityJudgementsResponseSchema },
  }),
  storeFacts: endpoint({
    method: 'GET',
    path: FACILITY_SETTINGS_API_PATHS.storeFacts,
    tag,
    summary: 'What an administrator stated about each browsable store',
    responses: { 200: storeFactsResponseSchema },
  }),
  saveStoreFacts: endpoint({
    method: 'PUT',
    path: FACILITY_SETTINGS_API_PATHS.storeFact,
    tag,
    summary: 'Saves what an administrator states about a store',
    params: storeCodeParamsSchema,
    body: storeFactsSchema,
    responses: { 204: noContentSchema },
  }),
  alertSettings: endpoint({
    method: 'GET',
    path: FACILITY_SETTINGS_API_PATHS.alertSettings,
    tag,
    summary: 'The distances under which a margin raises an alert',
    responses: { 200: alertSettingsSchema },
  }),
  saveAlertSettings: endpoint({
    method: 'PUT',
    path: FACILITY_SETTINGS_API_PATHS.alertSettings,
    tag,
    summary: 'Saves the distances under which a margin raises an alert',
    body: alertSettingsSchema,
    responses: { 204: noContentSchema },
  }),
  alerts: endpoint({
    method: 'GET',
    path: FACILITY_SETTINGS_API_PATHS.alerts,
    tag,
    summary: 'The alerts of the administrator’s stores it has not dismissed',
    responses: { 200: facilityAlertsResponseSchema },
  }),
  dismissAlert: endpoint({
    method: 'POST',
    path: FACILITY_SETTINGS_API_PATHS.alertDismissals,
    tag,
    summary: 'Records an alert the administrator closed, so it stays closed',
    body: alertDismissalSchema,
    responses: { 204: noContentSchema },
  }),
};
