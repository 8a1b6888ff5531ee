import {
  madeAtText,
  periodText,
  type DateRange,
  type ExportConditions,
} from '@pharmalytics/domain';
import type { AnalysisScope } from '../access/analysis-scope.ts';
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

/** The conditions block of a file made within a scope the access layer made. */
export async function exportConditions(
  db: Database,
  scope: AnalysisScope,
  frame: ExportFrame,
): Promise<ExportConditions> {
  const [corporation, stores] = await Promise.all([
    corporationName(db, scope.corporationId),
    scopeStores(db, scope),
  ]);
  const comparison = frame.comparison
    ? `${periodText(frame.comparison)}${frame.comparisonLabel ? `（${frame.comparisonLabel}）` : ''}`
    : '';
  return {
    corporation,
    stores: stores.map((s) => s.name),
    period: periodText(frame.period),
    comparison,
    filters: frame.filters ?? '',
    madeAt: madeAtText(),
  };
}
