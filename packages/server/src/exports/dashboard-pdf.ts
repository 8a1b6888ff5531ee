import type { Readable } from 'node:stream';
import {
  analysisPageByFamily,
  bucketText,
  can,
  DASHBOARD_REPORT_TITLE,
  EXPORT_TEXTS,
  FACILITY_OUTLOOK,
  formatMetricValue,
  formatNumber,
  metricTotalsText,
  MESSAGES,
  SCORECARD_KPIS,
  todayInJapan,
  type FacilityAlert,
  type ScorecardResponse,
  type TimeAxisValue,
} from '@pharmalytics/domain';
import { groupScope } from '../access/analysis-scope.ts';
import type { AuthContext } from '../access/auth-context.ts';
import type { AnalyticsRouteDeps } from '../analytics/metric-cache.ts';
import { storeScorecard } from '../analytics/scorecard/service.ts';
import { judgeStores, memberFacilityAlerts } from '../facility-standards/index.ts';
import type { DashboardExport } from './dashboard-export.ts';
import { outlookOf, type StoreOutlook } from './facility-export.ts';
import { lineChart, type ChartSeries } from './pdf/line-chart.ts';
import {
  CONTENT_WIDTH,
  documentBytes,
  endedDocument,
  ensureSpace,
  heading,
  MARGIN,
  newReportDocument,
  paragraph,
  stampPages,
  table,
  type Column,
  type ReportDocument,
} from './pdf/report-document.ts';

/** How many institutions the report lists. */
const TOP_INSTITUTIONS = 10;
/** The scorecard KPIs the report's page width holds. */
const REPORT_SCORECARD_KPIS = [
  'dispensing_sales',
  'prescription_counts',
  'prescription_unit_price',
  'generic_dispensing_rates',
] as const;

/** One institution of the top list: its prescriptions and their share. */
interface TopInstitution {
  name: string;
  prescriptions: number | null;
  share: number | null;
}

/** Everything the PDF report shows beyond the dashboard's KPIs. */
export interface DashboardReportExtras {
  scorecard: ScorecardResponse;
  institutions: TopInstitution[];
  outlook: StoreOutlook[];
  alerts: FacilityAlert[];
}

/**
 * The report's other sections for the dashboard's scope: the scorecard of its stores, the
 * institutions sending the most prescriptions, and, on the plans with 施設基準, each store's
 * outlook and the member's alerts for those stores.
 */
export async function dashboardReportExtras(
  deps: AnalyticsRouteDeps,
  auth: AuthContext,
  d: DashboardExport,
): Promise<DashboardReportExtras> {
  const storeCodes = d.query.storeCodes;
  const clinic = analysisPageByFamily('clinic')!;
  const scorecard = await storeScorecard(deps, auth, {
    from: d.base.from,
    to: d.base.to,
    comparisonFrom: d.comparison.from,
    comparisonTo: d.comparison.to,
    storeCodes,
  });
  const bySender = await deps.metrics.metric('prescription_counts', {
    scope: d.scope,
    ...d.base,
    axis: 2,
    page: clinic,
    filters: { genericMedicine: [], medicalInstitutions: [], receptionTypes: [] },
  });
  const all = bySender.reduce((sum, s) => sum + (s.total ?? 0), 0);
  const institutions = [...bySender]
    .sort((a, b) => (b.total ?? 0) - (a.total ?? 0))
    .slice(0, TOP_INSTITUTIONS)
    .map((s) => ({
      name: s.name ?? '',
      prescriptions: s.total,
      share: all > 0 && s.total !== null ? (s.total / all) * 100 : null,
    }));
  if (!can(auth, 'seeFacilityStandards')) {
    return { scorecard, institutions, outlook: [], alerts: [] };
  }
  const today = todayInJapan();
  const judged = await judgeStores(deps, {
    auth,
    scope: d.scope,
    group: await groupScope(deps.db, auth),
    today,
  });
  const names = new Set(judged.stores.map((s) => s.storeCode));
  const alerts = can(auth, 'administerFacilityStandards')
    ? (await memberFacilityAlerts(deps, auth, today)).filter((a) => names.has(a.storeCode))
    : [];
  return { scorecard, institutions, outlook: judged.stores.map(outlookOf), alerts };
}

const kpiColumns: Column[] = [
  { header: '指標', width: 175 },
  { header: EXPORT_TEXTS.baseHeader, width: 120, align: 'right' },
  { header: EXPORT_TEXTS.comparisonHeader, width: 120, align: 'right' },
  { header: EXPORT_TEXTS.changeHeader, width: CONTENT_WIDTH - 415, align: 'right' },
];

function kpiSection(doc: ReportDocument, d: DashboardExport): void {
  heading(doc, '主要指標');
  const figures = d.kpis.map(({ metric, answer }) => ({
    label: metric.label,
    ...metricTotalsText(
      metric.unit,
      answer.source.total,
      answer.destination.total,
      answer.comparisonComplete,
    ),
  }));
  table(
    doc,
    kpiColumns,
    figures.map((f) => [f.label, f.base, f.comparison, f.change]),
  );
  if (figures.some((f) => f.note)) paragraph(doc, `※ ${MESSAGES.comparisonIncomplete}`);
}

function chartSection(doc: ReportDocument, d: DashboardExport): void {
  heading(doc, '推移（実線: 当期、点線: 比較期間）');
  const axis = d.query.periodCode as TimeAxisValue;
  const charts: ChartSeries[] = d.kpis.map(({ metric, answer }) => ({
    title: metric.label,
    unit: metric.unit,
    labels: answer.source.rows.map((r) => bucketText(r.date, axis)),
    base: answer.source.rows.map((r) => r.value),
    comparison: answer.destination.rows.map((r) => r.value),
  }));
  const gap = 16;
  const width = (CONTENT_WIDTH - gap) / 2;
  const height = 112;
  for (let i = 0; i < charts.length; i += 2) {
    ensureSpace(doc, height + 8);
    const y = doc.y;
    lineChart(doc, charts[i]!, { x: MARGIN.left, y, width, height });
    if (charts[i + 1])
      lineChart(doc, charts[i + 1]!, { x: MARGIN.left + width + gap, y, width, height });
    doc.x = MARGIN.left;
    doc.y = y + height + 8;
  }
}

function scorecardSection(doc: ReportDocument, scorecard: ScorecardResponse): void {
  heading(doc, '店舗別実績');
  const kpis = REPORT_SCORECARD_KPIS.map((key) => SCORECARD_KPIS.find((k) => k.key === key)!);
  const first = 115;
  const width = (CONTENT_WIDTH - first) / kpis.length;
  table(
    doc,
    [
      { header: '店舗', width: first },
      ...kpis.map((k) => ({ header: `${k.label}（増減）`, width, align: 'right' as const })),
    ],
    [...scorecard.rows, scorecard.total].map((row) => [
      row.name,
      ...kpis.map((k) => {
        const cell = row.metrics[k.key];
        if (!cell) return '-';
        const text = metricTotalsText(k.unit, cell.value, cell.comparison, cell.comparisonComplete);
        return `${text.base}\n（${text.change}）`;
      }),
    ]),
  );
}

function institutionSection(doc: ReportDocument, institutions: readonly TopInstitution[]): void {
  heading(doc, `処方箋の多い医療機関（上位${TOP_INSTITUTIONS}）`);
  if (institutions.length === 0) {
    paragraph(doc, 'この期間の処方箋はありません。');
    return;
  }
  table(
    doc,
    [
      { header: '順位', width: 40, align: 'right' },
      { header: '医療機関', width: CONTENT_WIDTH - 220 },
      { header: '処方箋枚数', width: 100, align: 'right' },
      { header: '構成比', width: 80, align: 'right' },
    ],
    institutions.map((inst, i) => [
      String(i + 1),
      inst.name,
      formatMetricValue(inst.prescriptions, '枚'),
      inst.share === null ? '-' : `${formatNumber(inst.share, 1)}%`,
    ]),
  );
}

function facilitySection(doc: ReportDocument, extras: DashboardReportExtras): void {
  if (extras.outlook.length === 0) return;
  heading(doc, '施設基準の見込み');
  const width = (CONTENT_WIDTH - 115) / 4;
  table(
    doc,
    FACILITY_OUTLOOK.headers.map((header, i) => ({ header, width: i === 0 ? 115 : width })),
    extras.outlook.map((o) => [
      o.store,
      o.basicFeeNow,
      o.basicFeeNext,
      o.genericNow,
      o.genericNext,
    ]),
  );
  heading(doc, 'アラート');
  if (extras.alerts.length === 0) paragraph(doc, '対象店舗のアラートはありません。');
  for (const alert of extras.alerts) paragraph(doc, `・${alert.message}`);
}

/**
 * The dashboard as an A4 PDF report: the KPIs against the comparison, their series as vector
 * charts, the scorecard, the top institutions, the 施設基準 outlook and alerts; corporation,
 * stores, period and comparison on every page. Drawn, not yet ended.
 */
function dashboardReport(d: DashboardExport, extras: DashboardReportExtras): ReportDocument {
  const doc = newReportDocument(DASHBOARD_REPORT_TITLE);
  kpiSection(doc, d);
  scorecardSection(doc, extras.scorecard);
  institutionSection(doc, extras.institutions);
  facilitySection(doc, extras);
  doc.addPage();
  chartSection(doc, d);
  stampPages(doc, DASHBOARD_REPORT_TITLE, d.conditions);
  return doc;
}

/**
 * The report as a stream of its bytes, for the reply to pipe. Drawn before it is returned, so a
 * failure while drawing is thrown before the first byte.
 */
export function dashboardPdfStream(d: DashboardExport, extras: DashboardReportExtras): Readable {
  return endedDocument(dashboardReport(d, extras));
}

/** The report's bytes, for the report mail's attachment. */
export function dashboardPdf(d: DashboardExport, extras: DashboardReportExtras): Promise<Buffer> {
  return documentBytes(dashboardReport(d, extras));
}
