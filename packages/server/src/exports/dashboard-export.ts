import {
  bucketText,
  COMPARISON_TYPES,
  comparisonRange,
  DASHBOARD_METRICS,
  EXPORT_TEXTS,
  metricChange,
  sheetName,
  xlsxChangeFormat,
  xlsxValueFormat,
  type DashboardMetricSlug,
  type DashboardQuery,
  type DashboardResponse,
  type DateRange,
  type ExportConditions,
  type Metric,
  type TimeAxisValue,
} from '@pharmalytics/domain';
import { memberScope, type AnalysisScope } from '../access/analysis-scope.ts';
import type { AuthContext } from '../access/auth-context.ts';
import { dashboardMetric } from '../analytics/dashboard-service.ts';
import type { AnalyticsRouteDeps } from '../analytics/metric-cache.ts';
import { exportConditions } from './conditions.ts';
import { numberCell, type SheetCell, type SheetModel } from './workbook.ts';

/** One KPI of the dashboard over its base and comparison periods. */
export interface DashboardKpi {
  metric: Metric;
  answer: DashboardResponse;
}

/** The dashboard as asked: the scope, its conditions and the eleven KPIs, the screen's answers. */
export interface DashboardExport {
  query: DashboardQuery;
  scope: AnalysisScope;
  base: DateRange;
  comparison: DateRange;
  conditions: ExportConditions;
  kpis: DashboardKpi[];
}

/** How a comparison period was chosen (前年同期, 前期間), or 指定期間 for one set by hand. */
export function comparisonLabel(base: DateRange, comparison: DateRange): string {
  const type = COMPARISON_TYPES.find((c) => {
    const range = comparisonRange(base, c.value);
    return range.from === comparison.from && range.to === comparison.to;
  });
  return type?.text ?? '指定期間';
}

/** The dashboard's eleven KPIs for the member's query, as GET /v3/dashboard/{metric} gives them. */
export async function dashboardExport(
  deps: AnalyticsRouteDeps,
  auth: AuthContext,
  query: DashboardQuery,
): Promise<DashboardExport> {
  // The scope first: a store the member may not browse is refused before anything is computed.
  const scope = await memberScope(deps.db, auth, { storeCodes: query.storeCodes.split(',') });
  const base = { from: query.baseFrom, to: query.baseTo };
  const comparison = { from: query.comparisonTargetFrom, to: query.comparisonTargetTo };
  const kpis: DashboardKpi[] = [];
  for (const metric of DASHBOARD_METRICS) {
    const slug = metric.slug as DashboardMetricSlug;
    const answer = await dashboardMetric(
      deps,
      auth,
      query,
      async (q) => (await deps.metrics.metric(slug, q))[0]!,
    );
    kpis.push({ metric, answer });
  }
  const conditions = await exportConditions(deps.db, scope, {
    period: base,
    comparison,
    comparisonLabel: comparisonLabel(base, comparison),
  });
  return { query, scope, base, comparison, conditions, kpis };
}

/** A KPI's change, or null when the stores lack data for part of the comparison period. */
export function kpiChange({ metric, answer }: DashboardKpi): number | null {
  if (!answer.comparisonComplete) return null;
  return metricChange(metric.unit, answer.source.total, answer.destination.total).change;
}

/**
 * The dashboard's workbook: the eleven KPIs with their comparison and change, then one sheet per
 * KPI of its series over the base period beside the comparison period's.
 */
export function dashboardSheets(d: DashboardExport): SheetModel[] {
  const axis = d.query.periodCode as TimeAxisValue;
  const value = (unit: string, v: number | null) => numberCell(v, xlsxValueFormat(unit, v));
  const kpiSheet: SheetModel = {
    name: sheetName(EXPORT_TEXTS.kpiSheet),
    conditions: d.conditions,
    header: [
      EXPORT_TEXTS.metricHeader,
      EXPORT_TEXTS.baseHeader,
      EXPORT_TEXTS.comparisonHeader,
      EXPORT_TEXTS.changeHeader,
    ],
    rows: d.kpis.map((kpi) => [
      kpi.metric.label,
      value(kpi.metric.unit, kpi.answer.source.total),
      value(kpi.metric.unit, kpi.answer.destination.total),
      numberCell(kpiChange(kpi), xlsxChangeFormat(kpi.metric.unit)),
    ]),
  };
  const seriesSheets = d.kpis.map(({ metric, answer }): SheetModel => {
    const length = Math.max(answer.source.rows.length, answer.destination.rows.length);
    const rows = Array.from({ length }, (_, i): SheetCell[] => {
      const base = answer.source.rows[i];
      const comparison = answer.destination.rows[i];
      return [
        base ? bucketText(base.date, axis) : null,
        value(metric.unit, base?.value ?? null),
        comparison ? bucketText(comparison.date, axis) : null,
        value(metric.unit, comparison?.value ?? null),
      ];
    });
    return {
      name: sheetName(metric.label),
      conditions: d.conditions,
      header: [
        EXPORT_TEXTS.periodHeader,
        `${metric.label}（${EXPORT_TEXTS.baseHeader}）`,
        EXPORT_TEXTS.comparisonHeader,
        `${metric.label}（${EXPORT_TEXTS.comparisonHeader}）`,
      ],
      rows,
    };
  });
  return [kpiSheet, ...seriesSheets];
}
