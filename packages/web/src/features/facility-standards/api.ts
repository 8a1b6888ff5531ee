import {
  facilityStandardsContracts,
  type FacilityJudgementsResponse,
  type FacilityStandardRulesResponse,
} from '@pharmalytics/domain';
import { call } from '../../api/index.ts';

/**
 * The root of every 施設基準 query key, the dashboard's notices included: a saved setting changes
 * the judgements, so it asks all of them again.
 */
export const FACILITY_QUERY_ROOT = ['facility-standards'] as const;

export const facilityStandardsKeys = {
  judgements: (storeCodes: readonly string[]) =>
    [...FACILITY_QUERY_ROOT, 'judgements', storeCodes.join(',')] as const,
  rules: [...FACILITY_QUERY_ROOT, 'rules'] as const,
};

/** Each store's 区分 and generic tier, now and ahead, with its months. */
export function fetchJudgements(
  storeCodes: readonly string[],
  signal?: AbortSignal,
): Promise<FacilityJudgementsResponse> {
  return call(
    facilityStandardsContracts.judgements,
    { query: { storeCodes: storeCodes.join(',') } },
    { signal },
  );
}

/** Every fee revision with its rules, sources and confidence. */
export function fetchRules(signal?: AbortSignal): Promise<FacilityStandardRulesResponse> {
  return call(facilityStandardsContracts.rules, {}, { signal });
}
