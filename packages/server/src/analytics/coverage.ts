import type { DateRange } from '@pharmalytics/domain';
import { sql } from 'kysely';
import type { AnalysisScope } from '../access/analysis-scope.ts';
import { executorOf } from './executors.ts';
import type { MetricCache } from './metric-cache.ts';

/** The first and last dispensing date of a store's facts. */
export interface StoreCoverage {
  storeId: number;
  first: string;
  last: string;
}

/**
 * The dates each store of the scope has facts from and to, in one statement, kept in the cache
 * like the metrics (a store without facts is absent).
 */
export function storeCoverage(
  metrics: MetricCache,
  scope: AnalysisScope,
): Promise<StoreCoverage[]> {
  return metrics.answer('coverage', scope, null, async (on) => {
    const rows = await executorOf(on).rows(sql<Record<string, unknown>>`
      select p.store_id, min(p.dispensing_date)::text as first, max(p.dispensing_date)::text as last
      from prescriptions p
      where p.corporation_id = ${scope.corporationId} and p.store_id in (${sql.join(scope.storeIds)})
      group by p.store_id`);
    return rows.map((r) => ({
      storeId: Number(r.store_id),
      first: String(r.first),
      last: String(r.last),
    }));
  });
}

/**
 * Whether the stores' facts cover a period: every store's first dispensing date is on or before
 * its first day and its last on or after its last day. A comparison that is not covered lacks
 * data for part of its period, so its change is not shown as a number. A store without any
 * facts (not sending yet) adds nothing to either period and does not make it incomplete.
 */
export function covers(
  coverage: readonly StoreCoverage[],
  storeIds: readonly number[],
  period: DateRange,
): boolean {
  return storeIds.every((id) => {
    const store = coverage.find((c) => c.storeId === id);
    return store === undefined || (store.first <= period.from && store.last >= period.to);
  });
}

/** Whether every store of the scope has facts over the whole period. */
export async function periodComplete(
  metrics: MetricCache,
  scope: AnalysisScope,
  period: DateRange,
): Promise<boolean> {
  return covers(await storeCoverage(metrics, scope), scope.storeIds, period);
}
