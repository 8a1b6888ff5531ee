import {
  analyticsContracts,
  comparisonRange,
  type ScorecardQueryInput,
  type ScorecardResponse,
} from '@pharmalytics/domain';
import { call } from '../../../api/index.ts';
import type { ScorecardCondition } from '../../search-condition/index.ts';

/** The query of GET /v3/scorecard: the scorecard's period, its comparison and the stores. */
export function scorecardQuery(
  scorecard: ScorecardCondition,
  storeCodes: readonly string[],
): Required<ScorecardQueryInput> {
  const comparison = comparisonRange(scorecard.base, scorecard.comparisonType);
  return {
    from: scorecard.base.from,
    to: scorecard.base.to,
    comparisonFrom: comparison.from,
    comparisonTo: comparison.to,
    storeCodes: storeCodes.join(','),
  };
}

export const scorecardKeys = {
  all: ['scorecard'] as const,
  table: (query: Required<ScorecardQueryInput>) => ['scorecard', query] as const,
};

/** Every store's KPIs and the 全店舗 row; an answer of another shape fails like an error. */
export function fetchScorecard(
  query: Required<ScorecardQueryInput>,
  signal?: AbortSignal,
): Promise<ScorecardResponse> {
  return call(analyticsContracts.scorecard, { query }, { signal });
}
