import { MAP_API_PATHS, MAP_DEV_API_TWINS } from '../maps.ts';
import {
  estimateCountQuerySchema,
  estimateCountResponseSchema,
  facilityMastersQuerySchema,
  facilityMastersResponseSchema,
  mapSettingsResponseSchema,
  marketShareQuerySchema,
  marketShareResponseSchema,
  patientDistributionQuerySchema,
  patientDistributionResponseSchema,
} from '../schemas/maps.ts';
import { endpoint } from './endpoint.ts';

/** The maps' calls (spec 02 §7), each /v3 call with its development twin. */
export const mapsContracts = {
  patientDistribution: endpoint({
    method: 'GET',
    path: MAP_API_PATHS.patientDistribution,
    tag: 'maps',
    summary: 'The patients of the stores asked on the distribution map, and the stores',
    query: patientDistributionQuerySchema,
    responses: { 200: patientDistributionResponseSchema },
  }),
  patientDistributionTwin: endpoint({
    method: 'GET',
    path: MAP_DEV_API_TWINS[MAP_API_PATHS.patientDistribution]!,
    tag: 'maps',
    summary: 'The development twin of the patient distribution, counted from the system of record',
    query: patientDistributionQuerySchema,
    responses: { 200: patientDistributionResponseSchema },
  }),
  facilityMasters: endpoint({
    method: 'GET',
    path: MAP_API_PATHS.facilityMasters,
    tag: 'maps',
    summary: 'The clinics, care facilities or other pharmacies of the map’s viewport',
    query: facilityMastersQuerySchema,
    responses: { 200: facilityMastersResponseSchema },
  }),
  marketShare: endpoint({
    method: 'GET',
    path: MAP_API_PATHS.marketShare,
    tag: 'maps',
    summary: 'The store’s meshes with acquired patients, estimates and acquisition rates',
    query: marketShareQuerySchema,
    responses: { 200: marketShareResponseSchema },
  }),
  marketShareTwin: endpoint({
    method: 'GET',
    path: MAP_DEV_API_TWINS[MAP_API_PATHS.marketShare]!,
    tag: 'maps',
    summary: 'The development twin of the market share, counted from the system of record',
    query: marketShareQuerySchema,
    responses: { 200: marketShareResponseSchema },
  }),
  estimateCount: endpoint({
    method: 'GET',
    path: MAP_API_PATHS.estimateCount,
    tag: 'maps',
    summary: 'One mesh’s patient estimate',
    query: estimateCountQuerySchema,
    responses: { 200: estimateCountResponseSchema },
  }),
  estimateCountTwin: endpoint({
    method: 'GET',
    path: MAP_DEV_API_TWINS[MAP_API_PATHS.estimateCount]!,
    tag: 'maps',
    summary: 'The development twin of one mesh’s patient estimate',
    query: estimateCountQuerySchema,
    responses: { 200: estimateCountResponseSchema },
  }),
  mapSettings: endpoint({
    method: 'GET',
    path: '/v3/map_settings',
    tag: 'maps',
    summary: 'The tiles the browser draws over the bundled outlines',
    responses: { 200: mapSettingsResponseSchema },
  }),
};
