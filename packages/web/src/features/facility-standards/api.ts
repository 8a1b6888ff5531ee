import {
  FACILITY_JUDGEMENT_API_PATHS,
  FACILITY_STANDARDS_API_PATHS,
  facilityJudgementsResponseSchema,
  facilityStandardRulesResponseSchema,
  type FacilityJudgementsResponse,
  type FacilityStandardRulesResponse,
} from '@pharmalytics/domain';
import { api } from '../../api/index.ts';

export const facilityStandardsKeys = {
  judgements: (storeCodes: readonly string[]) =>
    ['facilityStandards', 'judgements', storeCodes.join(',')] as const,
  rules: ['facilityStandards', 'rules'] as const,
};

/** A response that does not have the contract's shape. */
export class FacilityStandardsResponseError extends Error {
  constructor(path: string) {
    super(`Unexpected response of ${path}`);
    this.name = 'FacilityStandardsResponseError';
  }
}

/** Each store's 区分 and generic tier, now and ahead, with its months. */
export async function fetchJudgements(
  storeCodes: readonly string[],
  signal?: AbortSignal,
): Promise<FacilityJudgementsResponse> {
  const path = FACILITY_JUDGEMENT_API_PATHS.judgements;
  const query = new URLSearchParams({ storeCodes: storeCodes.join(',') });
  const body = await api.get<unknown>(`${path}?${query.toString()}`, { signal });
  const parsed = facilityJudgementsResponseSchema.safeParse(body);
  if (!parsed.success) throw new FacilityStandardsResponseError(path);
  return parsed.data;
}

/** Every fee revision with its rules, sources and confidence. */
export async function fetchRules(signal?: AbortSignal): Promise<FacilityStandardRulesResponse> {
  const path = FACILITY_STANDARDS_API_PATHS.rules;
  const body = await api.get<unknown>(path, { signal });
  const parsed = facilityStandardRulesResponseSchema.safeParse(body);
  if (!parsed.success) throw new FacilityStandardsResponseError(path);
  return parsed.data;
}
