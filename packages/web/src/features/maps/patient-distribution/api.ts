import {
  MAP_API_PATHS,
  patientDistributionResponseSchema,
  type MapCategoryValue,
  type PatientDistributionResponse,
} from '@pharmalytics/domain';
import { api } from '../../../api/index.ts';
import type { SearchCondition } from '../../search-condition/index.ts';

/** GET /v3/patient_distribution's query (spec 02 §7); no institution filter is not sent. */
export type DistributionQuery = Record<string, string>;

export function distributionQuery(
  condition: Pick<SearchCondition, 'base' | 'timeAxis' | 'filters'>,
  storeCodes: readonly string[],
  category: MapCategoryValue,
): DistributionQuery {
  const institutions = condition.filters.medicalInstitutions.map((i) => i.value).join(',');
  return {
    from: condition.base.from,
    to: condition.base.to,
    periodCode: String(condition.timeAxis),
    storeCodes: storeCodes.join(','),
    addressCategory: String(category),
    ...(institutions ? { medicalInstitutionFilters: institutions } : {}),
  };
}

export const distributionKeys = {
  map: (query: DistributionQuery, devApi: boolean) =>
    ['maps', 'patientDistribution', query, devApi] as const,
};

/** A response that does not have the contract's shape. */
export class DistributionResponseError extends Error {
  constructor() {
    super(`Unexpected response of ${MAP_API_PATHS.patientDistribution}`);
    this.name = 'DistributionResponseError';
  }
}

/** The patients, stores and ranked categories; follows the dev-API flag to its twin. */
export async function fetchPatientDistribution(
  query: DistributionQuery,
  signal?: AbortSignal,
): Promise<PatientDistributionResponse> {
  const body = await api.get<unknown>(
    `${MAP_API_PATHS.patientDistribution}?${new URLSearchParams(query)}`,
    { devSwap: true, signal },
  );
  const parsed = patientDistributionResponseSchema.safeParse(body);
  if (!parsed.success) throw new DistributionResponseError();
  return parsed.data;
}
