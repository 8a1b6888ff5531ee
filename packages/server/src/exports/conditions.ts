import {
  madeAtText,
  periodText,
  type DateRange,
  type ExportConditions,
} from '@pharmalytics/domain';
import type { AnalysisScope } from '../access/analysis-scope.ts';
import type { AuthContext } from '../access/auth-context.ts';
import { scopeStores } from '../analytics/queries.ts';
import type { Database } from '../db/connection.ts';
import { corporationName } from './queries.ts';

/** What the file shows besides its stores: the period, the comparison and the filters. */
export interface ExportFrame {
  period: DateRange;
  comparison?: DateRange | undefined;
  /** How the comparison was chosen (前年同期…); shown after its dates. */
  comparisonLabel?: string;
  filters?: string;
}

async function conditionsOf(
  db: Database,
  corporationId: number,
  stores: readonly string[],
  frame: ExportFrame,
): Promise<ExportConditions> {
  const comparison = frame.comparison
    ? `${periodText(frame.comparison)}${frame.comparisonLabel ? `（${frame.comparisonLabel}）` : ''}`
    : '';
  return {
    corporation: await corporationName(db, corporationId),
    stores,
    period: periodText(frame.period),
    comparison,
    filters: frame.filters ?? '',
    madeAt: madeAtText(),
  };
}

/** The conditions block of a file made within a scope the access layer made. */
export async function exportConditions(
  db: Database,
  scope: AnalysisScope,
  frame: ExportFrame,
): Promise<ExportConditions> {
  const stores = await scopeStores(db, scope);
  return conditionsOf(
    db,
    scope.corporationId,
    stores.map((s) => s.name),
    frame,
  );
}

/**
 * The conditions block of a file made for a member, within its scope, or naming no store when the
 * member may browse none (the file then holds no rows).
 */
export function memberExportConditions(
  db: Database,
  auth: AuthContext,
  scope: AnalysisScope | null,
  frame: ExportFrame,
): Promise<ExportConditions> {
  return scope
    ? exportConditions(db, scope, frame)
    : conditionsOf(db, auth.corporationId, [], frame);
}
