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
import { developmentTwin, endpoint, type EndpointContract } from './endpoint.ts';

const patientDistribution = endpoint({
  method: 'GET',
  path: MAP_API_PATHS.patientDistribution,
  tag: 'maps',
  summary: 'The patients of the stores asked on the distribution map, and the stores',
  query: patientDistributionQuerySchema,
  responses: { 200: patientDistributionResponseSchema },
});

const marketShare = endpoint({
  method: 'GET',
  path: MAP_API_PATHS.marketShare,
  tag: 'maps',
  summary: 'The store’s meshes with acquired patients, estimates and acquisition rates',
  query: marketShareQuerySchema,
  responses: { 200: marketShareResponseSchema },
});

const estimateCount = endpoint({
  method: 'GET',
  path: MAP_API_PATHS.estimateCount,
  tag: 'maps',
  summary: 'One mesh’s patient estimate',
  query: estimateCountQuerySchema,
  responses: { 200: estimateCountResponseSchema },
});

/** The development twin of a map call, at the path the twin table gives. */
const twinOf = <const C extends EndpointContract>(contract: C) =>
  developmentTwin(contract, MAP_DEV_API_TWINS[contract.path]!);

/** The maps' calls (spec 02 §7), each /v3 call with its development twin. */
export const mapsContracts = {
  patientDistribution,
  patientDistributionTwin: twinOf(patientDistribution),
  facilityMasters: endpoint({
    method: 'GET',
    path: MAP_API_PATHS.facilityMasters,
    tag: 'maps',
    summary: 'The clinics, care facilities or other pharmacies of the map’s viewport',
    query: facilityMastersQuerySchema,
    responses: { 200: facilityMastersResponseSchema },
  }),
  marketShare,
  marketShareTwin: twinOf(marketShare),
  estimateCount,
  estimateCountTwin: twinOf(estimateCount),
  mapSettings: endpoint({
    method: 'GET',
    path: '/v3/map_settings',
    tag: 'maps',
    summary: 'The tiles the browser draws over the bundled outlines',
    responses: { 200: mapSettingsResponseSchema },
  }),
};
