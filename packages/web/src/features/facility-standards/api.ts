import {
  FACILITY_JUDGEMENT_API_PATHS,
  FACILITY_STANDARDS_API_PATHS,
  facilityJudgementsResponseSchema,
  facilityStandardRulesResponseSchema,
  type FacilityJudgementsResponse,
  type FacilityStandardRulesResponse,
} from '@pharmalytics/domain';
import type { z } from 'zod';
import { api } from '../../api/index.ts';

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

/** A response that does not have the contract's shape. */
export class FacilityStandardsResponseError extends Error {
  constructor(path: string) {
    super(`Unexpected response of ${path}`);
    this.name = 'FacilityStandardsResponseError';
  }
}

/** A GET answer checked against its domain schema. */
export async function getParsed<T>(
  path: string,
  schema: z.ZodType<T>,
  signal?: AbortSignal,
): Promise<T> {
  const parsed = schema.safeParse(await api.get<unknown>(path, { signal }));
  if (!parsed.success) throw new FacilityStandardsResponseError(path);
  return parsed.data;
}

/** Each store's 区分 and generic tier, now and ahead, with its months. */
export async function fetchJudgements(
  storeCodes: readonly string[],
  signal?: AbortSignal,
): Promise<FacilityJudgementsResponse> {
  const query = new URLSearchParams({ storeCodes: storeCodes.join(',') });
  return getParsed(
    `${FACILITY_JUDGEMENT_API_PATHS.judgements}?${query.toString()}`,
    facilityJudgementsResponseSchema,
    signal,
  );
}

/** Every fee revision with its rules, sources and confidence. */
export async function fetchRules(signal?: AbortSignal): Promise<FacilityStandardRulesResponse> {
  return getParsed(FACILITY_STANDARDS_API_PATHS.rules, facilityStandardRulesResponseSchema, signal);
}
