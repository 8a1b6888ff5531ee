import {
  mapsContracts,
  type ContractQuery,
  type MapCategoryValue,
  type PatientDistributionResponse,
} from '@pharmalytics/domain';
import { call } from '../../../api/index.ts';
import type { SearchCondition } from '../../search-condition/index.ts';

/** GET /v3/patient_distribution's query (spec 02 §7); no institution filter is not sent. */
export type DistributionQuery = ContractQuery<typeof mapsContracts.patientDistribution>;

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

/** The patients, stores and ranked categories; follows the dev-API flag to its twin. */
export function fetchPatientDistribution(
  query: DistributionQuery,
  signal?: AbortSignal,
): Promise<PatientDistributionResponse> {
  return call(mapsContracts.patientDistribution, { query }, { devSwap: true, signal });
}
