import {
  FORM_MESSAGES,
  freePlanEarliestDate,
  isMetricAvailable,
  metricBySlug,
  todayInJapan,
  type MetricSlug,
} from '@pharmalytics/domain';
import { sql } from 'kysely';
import type { Database } from '../db/connection.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import type { AuthContext } from './auth-context.ts';
import { browsableStoreIds } from './browsable-stores.ts';

declare const scoped: unique symbol;

/**
 * What an analytics computation may read: stores of one corporation, and the corporation's data
 * version when the scope was made (data-version.ts), so answers are at least that new. Only this
 * module makes scopes, and the engine takes nothing else: no analysis call reaches it unscoped.
 */
export interface AnalysisScope {
  readonly corporationId: number;
  readonly storeIds: readonly number[];
  readonly version: number;
  readonly [scoped]: true;
}

/** The corporation's data version, read in the statement that reads its stores. */
const dataVersionColumn = (corporationId: number) =>
  sql<number | null>`(select v.version from analytics_data_versions v
    where v.corporation_id = ${corporationId})`.as('version');

const seal = (scope: Omit<AnalysisScope, typeof scoped>) => Object.freeze(scope) as AnalysisScope;

/** What a member asks for: store codes, and for a chart the metric and the period's start. */
export interface ScopeRequest {
  storeCodes: readonly string[];
  metric?: MetricSlug;
  from?: string;
}

/**
 * The scope of a member's analytics call. Refused: no store (400); a store that is not an active
 * store the member may browse, a role user's unassigned store or another corporation's (403); a
 * metric the plan lacks, or on the free plan a period starting before its calendar allows (400).
 */
export async function memberScope(
  db: Database,
  auth: AuthContext,
  request: ScopeRequest,
): Promise<AnalysisScope> {
  if (request.metric) {
    const metric = metricBySlug(request.metric)!;
    if (!isMetricAvailable(metric, auth.plan)) {
      throw badRequest(FORM_MESSAGES.metricLocked(metric.label));
    }
  }
  if (auth.plan === 'free' && request.from !== undefined) {
    const earliest = freePlanEarliestDate(todayInJapan());
    if (request.from < earliest) throw badRequest(FORM_MESSAGES.freePlanPeriodTooOld(earliest));
  }
  const codes = [...new Set(request.storeCodes.map((c) => c.trim()).filter((c) => c !== ''))];
  if (codes.length === 0) throw badRequest(FORM_MESSAGES.storeRequired);
  // The stores and the data version in one statement, before any query of the call.
  const rows = await db
    .selectFrom('stores')
    .select(['id', dataVersionColumn(auth.corporationId)])
    .where('corporation_id', '=', auth.corporationId)
    .where('id', 'in', browsableStoreIds(db, auth))
    .where('store_code', 'in', codes)
    .execute();
  if (rows.length !== codes.length) throw forbidden();
  return seal({
    corporationId: auth.corporationId,
    storeIds: rows.map((r) => r.id),
    version: Number(rows[0]!.version ?? 0),
  });
}

/**
 * Every store a member may browse, for work the server does on a member's behalf (the monthly
 * report mail); the member's role and corporation decide as for its calls.
 */
export async function allBrowsableScope(db: Database, auth: AuthContext): Promise<AnalysisScope> {
  const stores = await db
    .selectFrom('stores')
    .select(['id', dataVersionColumn(auth.corporationId)])
    .where('corporation_id', '=', auth.corporationId)
    .where('id', 'in', browsableStoreIds(db, auth))
    .execute();
  return seal({
    corporationId: auth.corporationId,
    storeIds: stores.map((s) => s.id),
    version: Number(stores[0]?.version ?? 0),
  });
}

/**
 * Every store of the member's corporation, whatever the member may browse: the group figures of
 * the 施設基準 (the corporation's receptions and store count) are the corporation's, not a store's.
 */
export async function groupScope(db: Database, auth: AuthContext): Promise<AnalysisScope> {
  const stores = await db
    .selectFrom('stores')
    .select(['id', dataVersionColumn(auth.corporationId)])
    .where('corporation_id', '=', auth.corporationId)
    .orderBy('id')
    .execute();
  return seal({
    corporationId: auth.corporationId,
    storeIds: stores.map((s) => s.id),
    version: Number(stores[0]?.version ?? 0),
  });
}
