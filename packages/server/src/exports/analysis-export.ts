import {
  analysisExportFileName,
  analysisTable,
  bucketText,
  changeColumnHeader,
  EXPORT_TEXTS,
  formatChangeCsv,
  formatMetricCsv,
  metricBySlug,
  metricChange,
  periodBuckets,
  route,
  sheetName,
  TABLE_COMPARISON_HEADER,
  TABLE_NUMBER_HEADER,
  TABLE_TOTAL_HEADER,
  type AnalysisPageDef,
  type AnalysisQuery,
  type AnalysisSeries,
  type CsvCell,
  type ExportConditions,
  type MetricSlug,
  xlsxChangeFormat,
  xlsxValueFormat,
} from '@pharmalytics/domain';
import type { AnalysisScope } from '../access/analysis-scope.ts';
import type { AuthContext } from '../access/auth-context.ts';
import {
  axisOf,
  chartScope,
  comparisonOf,
  pageSeries,
  type Computing,
} from '../analytics/analysis-routes.ts';
import { scopeStores } from '../analytics/queries.ts';
import type { Database } from '../db/connection.ts';
import { drugPrices } from './queries.ts';
import { numberCell, type SheetCell, type SheetModel } from './workbook.ts';

/** One analysis export: the page, its metric and the chart query, within the member's scope. */
export interface AnalysisExport {
  page: AnalysisPageDef;
  slug: MetricSlug;
  q: AnalysisQuery;
  scope: AnalysisScope;
}

/** The series of one store of the scope. */
export interface StoreSeries {
  store: string;
  series: AnalysisSeries[];
}

const unitOf = (slug: MetricSlug) => metricBySlug(slug)!.unit;
const hasMedicines = (page: AnalysisPageDef) => page.breakdown === 'medicine';

/** The file name of an analysis export: page, metric, 店舗別 when split, and the period. */
export function analysisFileName(
  { page, slug, q }: Omit<AnalysisExport, 'scope'>,
  extension: 'csv' | 'xlsx',
  byStore = false,
): string {
  const title = route(page.route).title!;
  return analysisExportFileName(title, metricBySlug(slug)!.label, q, extension, byStore);
}

/** The page's series for each store of the scope, one engine call per store, in code order. */
export async function seriesOfEachStore(
  db: Database,
  auth: AuthContext,
  request: AnalysisExport,
  computing: Computing,
): Promise<StoreSeries[]> {
  const { page, slug, q, scope } = request;
  const result: StoreSeries[] = [];
  for (const store of await scopeStores(db, scope)) {
    const one = { ...q, storeCodes: store.storeCode };
    const storeScope = await chartScope(db, auth, slug, one);
    result.push({
      store: store.name,
      series: await pageSeries(page, slug, one, storeScope, computing),
    });
  }
  return result;
}

/** The medicine price of every series of a medicine page (by its receipt code), else none. */
export async function pricesOf(
  db: Database,
  page: AnalysisPageDef,
  series: readonly AnalysisSeries[],
): Promise<Map<string, number>> {
  if (!hasMedicines(page)) return new Map();
  return drugPrices(db, [...new Set(series.map((s) => s.key))]);
}

/**
 * The CSV table of the page as the spec has it: No., item, any YJ code, a column per bucket,
 * 合計, and with a comparison 比較期間 and 増減.
 */
export function csvTable(
  request: Omit<AnalysisExport, 'scope'>,
  series: AnalysisSeries[],
): CsvCell[][] {
  const { page, slug, q } = request;
  const axis = axisOf(q);
  const dates = periodBuckets(q, axis);
  const unit = unitOf(slug);
  const compared = comparisonOf(q) !== undefined;
  const { header, rows } = analysisTable(page, series, dates, axis);
  // The value cells: one per bucket and the total, after No., the item and any YJ code.
  const firstValue = header.length - dates.length - 1;
  const cells = rows.map((row, r) => {
    const s = series[r]!;
    const comparison: CsvCell[] =
      s.comparisonComplete === undefined
        ? []
        : [
            formatMetricCsv(s.comparisonTotal ?? null, unit),
            formatChangeCsv(
              s.comparisonComplete
                ? metricChange(unit, s.total, s.comparisonTotal ?? null)
                : { change: null, changeUnit: 'pt' },
            ),
          ];
    return [
      ...row.map((cell, i) =>
        i < firstValue ? cell : formatMetricCsv(typeof cell === 'number' ? cell : null, unit),
      ),
      ...comparison,
    ];
  });
  const comparisonHeader = compared ? [TABLE_COMPARISON_HEADER, changeColumnHeader(unit)] : [];
  return [[...header, ...comparisonHeader], ...cells];
}

/** The value column's header of the long format: the metric and its unit. */
function valueHeader(slug: MetricSlug): string {
  const { label, unit } = metricBySlug(slug)!;
  return unit ? `${label}（${unit}）` : label;
}

/** The header of the long format: 店舗, the item, YJ code and price on a medicine page, 期間, value. */
export function longHeader(page: AnalysisPageDef, slug: MetricSlug): string[] {
  return [
    EXPORT_TEXTS.storeHeader,
    page.itemLabel,
    ...(hasMedicines(page) ? [EXPORT_TEXTS.yjCodeHeader, EXPORT_TEXTS.drugPriceHeader] : []),
    EXPORT_TEXTS.periodHeader,
    valueHeader(slug),
  ];
}

/** A long-format row before it becomes CSV or Excel cells. */
interface LongRow {
  store: string;
  item: string;
  yjCode: string | null;
  price: number | null;
  period: string;
  value: number | null;
}

/** One row per store × item × bucket (buckets without a value left out), for pivot tables. */
function longRows(
  request: Omit<AnalysisExport, 'scope'>,
  stores: readonly StoreSeries[],
  prices: ReadonlyMap<string, number>,
): LongRow[] {
  const axis = axisOf(request.q);
  return stores.flatMap(({ store, series }) =>
    series.flatMap((s) =>
      s.rows
        .filter((r) => r.value !== null)
        .map((r) => ({
          store,
          item: s.name,
          yjCode: s.yjCode ?? null,
          price: prices.get(s.key) ?? null,
          period: bucketText(r.date, axis),
          value: r.value,
        })),
    ),
  );
}

/** The long format as CSV cells (店舗別CSV). */
export function csvLongRows(
  request: Omit<AnalysisExport, 'scope'>,
  stores: readonly StoreSeries[],
  prices: ReadonlyMap<string, number>,
): CsvCell[][] {
  const unit = unitOf(request.slug);
  const medicines = hasMedicines(request.page);
  return longRows(request, stores, prices).map((r) => [
    r.store,
    r.item,
    ...(medicines ? [r.yjCode, r.price] : []),
    r.period,
    formatMetricCsv(r.value, unit),
  ]);
}

/**
 * The workbook of an analysis page: the table as the page shows it (with YJ code and price on a
 * medicine page, and the comparison columns when asked), then the long format for pivot tables.
 */
export function analysisSheets(
  request: Omit<AnalysisExport, 'scope'>,
  conditions: ExportConditions,
  series: readonly AnalysisSeries[],
  stores: readonly StoreSeries[],
  prices: ReadonlyMap<string, number>,
): SheetModel[] {
  const { page, slug, q } = request;
  const axis = axisOf(q);
  const dates = periodBuckets(q, axis);
  const unit = unitOf(slug);
  const medicines = hasMedicines(page);
  const compared = comparisonOf(q) !== undefined;
  const value = (v: number | null) => numberCell(v, xlsxValueFormat(unit, v));
  const header = [
    TABLE_NUMBER_HEADER,
    page.itemLabel,
    ...(medicines ? [EXPORT_TEXTS.yjCodeHeader, EXPORT_TEXTS.drugPriceHeader] : []),
    ...dates.map((d) => bucketText(d, axis)),
    TABLE_TOTAL_HEADER,
    ...(compared ? [TABLE_COMPARISON_HEADER, changeColumnHeader(unit)] : []),
  ];
  const rows = series.map((s, i): SheetCell[] => {
    const byDate = new Map(s.rows.map((r) => [r.date, r.value]));
    const change = metricChange(unit, s.total, s.comparisonTotal ?? null).change;
    return [
      numberCell(i + 1, '0'),
      s.name,
      ...(medicines
        ? [s.yjCode ?? null, numberCell(prices.get(s.key) ?? null, '#,##0.00"円"')]
        : []),
      ...dates.map((d) => value(byDate.get(d) ?? null)),
      value(s.total),
      ...(compared
        ? [
            value(s.comparisonTotal ?? null),
            numberCell(s.comparisonComplete ? change : null, xlsxChangeFormat(unit)),
          ]
        : []),
    ];
  });
  const long = longRows(request, stores, prices).map((r): SheetCell[] => [
    r.store,
    r.item,
    ...(medicines ? [r.yjCode, numberCell(r.price, '#,##0.00"円"')] : []),
    r.period,
    value(r.value),
  ]);
  return [
    { name: sheetName(metricBySlug(slug)!.label), conditions, header, rows },
    {
      name: sheetName(EXPORT_TEXTS.longSheet),
      conditions,
      header: longHeader(page, slug),
      rows: long,
    },
  ];
}
