import {
  metricChange,
  SCORECARD_KPIS,
  SCORECARD_TOTAL_ROW_NAME,
  type ScorecardCell,
  type ScorecardQuery,
  type ScorecardResponse,
  type ScorecardRow,
} from '@pharmalytics/domain';
import { memberScope } from '../../access/analysis-scope.ts';
import type { AuthContext } from '../../access/auth-context.ts';
import { covers, storeCoverage } from '../coverage.ts';
import type { AnalyticsRouteDeps } from '../metric-cache.ts';
import { requestPeriod } from '../period.ts';
import { scopeStores } from '../queries.ts';
import { periodValues, type KpiValues } from './period-values.ts';

/** One KPI of a row: its value, the comparison's and the change (none when incomplete). */
function cell(
  unit: string,
  value: number | null,
  comparison: number | null,
  comparisonComplete: boolean,
): ScorecardCell {
  const { change, changeUnit } = metricChange(unit, value, comparison);
  return {
    value,
    comparison,
    change: comparisonComplete ? change : null,
    changeUnit,
    comparisonComplete,
  };
}

function row(
  store: { storeCode: string; name: string },
  values: KpiValues,
  comparison: KpiValues,
  comparisonComplete: boolean,
): ScorecardRow {
  return {
    ...store,
    metrics: Object.fromEntries(
      SCORECARD_KPIS.map((k) => [
        k.key,
        cell(k.unit, values[k.key] ?? null, comparison[k.key] ?? null, comparisonComplete),
      ]),
    ),
  };
}

/** The total row's store code and name. */
const ALL_STORES = { storeCode: '', name: SCORECARD_TOTAL_ROW_NAME };

/**
 * The store scorecard: every KPI of each store asked (in store-code order, also a store without
 * facts) and of all of them, over a period against a comparison period. A store whose facts do
 * not cover the comparison period is marked incomplete, and so is the total then.
 */
export async function storeScorecard(
  { db, metrics }: AnalyticsRouteDeps,
  auth: AuthContext,
  q: ScorecardQuery,
): Promise<ScorecardResponse> {
  const base = requestPeriod(q.from, q.to);
  const comparison = requestPeriod(q.comparisonFrom, q.comparisonTo);
  const scope = await memberScope(db, auth, { storeCodes: q.storeCodes.split(',') });
  const [stores, current, previous, coverage] = await Promise.all([
    scopeStores(db, scope),
    periodValues(metrics, scope, base),
    periodValues(metrics, scope, comparison),
    storeCoverage(metrics, scope),
  ]);
  return {
    rows: stores.map(({ id, ...store }) =>
      row(store, current.stores[id]!, previous.stores[id]!, covers(coverage, [id], comparison)),
    ),
    total: row(
      ALL_STORES,
      current.total,
      previous.total,
      covers(coverage, scope.storeIds, comparison),
    ),
  };
}
