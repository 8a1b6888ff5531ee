import { CAPABILITIES, type Capability } from './capabilities.ts';
import type { PlanCode } from './plans.ts';
import { GENERIC_MEDICINE_FILTERS, genericFilterWireValue } from './filters.ts';
import { changeUnitOf, RATE_UNIT } from './format.ts';
import { MARKET_SHARE_FILE_WORD, MARKET_SHARE_LABELS } from './maps.ts';
import { PRODUCT_NAME } from './routes.ts';

/** What the export buttons and files say (issue: reports a head office forwards). */
export const EXPORT_TEXTS = {
  xlsxButton: 'Excelで出力',
  pdfButton: 'PDFで出力',
  preparing: '作成中…',
  xlsxFailed: 'Excelの出力に失敗しました',
  pdfFailed: 'PDFの出力に失敗しました',
  /** The sheet of the dashboard's eleven KPIs. */
  kpiSheet: '主要指標',
  /** An analysis page's long-format sheet for pivot tables. */
  longSheet: 'ピボット用',
  /** Headers of the long format: store, the page's item, period, value. */
  storeHeader: '店舗',
  periodHeader: '期間',
  valueHeader: '値',
  metricHeader: '指標',
  baseHeader: '当期',
  comparisonHeader: '比較期間',
  changeHeader: '増減',
  yjCodeHeader: 'YJコード',
  drugPriceHeader: '薬価（円）',
} as const;

/** The title of the dashboard's PDF report, on every page and in its file name. */
export const DASHBOARD_REPORT_TITLE = 'ダッシュボードレポート';

/** The rows of the conditions block that opens every sheet, and their order. */
export const CONDITION_LABELS = {
  corporation: '法人',
  stores: '店舗',
  period: '期間',
  comparison: '比較期間',
  filters: '絞り込み',
  /** The meshes chosen on the acquisition-rate map; only in that table's workbook. */
  selection: '選択エリア',
  madeAt: '作成日時',
} as const;
export type ConditionKey = keyof typeof CONDITION_LABELS;

/** What an exported file was made of, written at the top of every sheet and every PDF page. */
export interface ExportConditions {
  corporation: string;
  stores: readonly string[];
  period: string;
  /** '' without a comparison. */
  comparison: string;
  /** The applied filters in words; '' for none. */
  filters: string;
  /** The meshes chosen on the acquisition-rate map (selectionText), for that table only. */
  selection?: string;
  /** When the file was made, Japan time, 'yyyy/MM/dd HH:mm'. */
  madeAt: string;
}

const NONE = 'なし';

/** The conditions block as label–value rows, in CONDITION_LABELS' order (選択エリア when given). */
export function conditionRows(c: ExportConditions): [label: string, value: string][] {
  return [
    [CONDITION_LABELS.corporation, c.corporation],
    [CONDITION_LABELS.stores, `${c.stores.join('、')}（${c.stores.length}店舗）`],
    [CONDITION_LABELS.period, c.period],
    [CONDITION_LABELS.comparison, c.comparison || NONE],
    [CONDITION_LABELS.filters, c.filters || NONE],
    ...(c.selection === undefined
      ? []
      : [[CONDITION_LABELS.selection, c.selection] as [string, string]]),
    [CONDITION_LABELS.madeAt, c.madeAt],
  ];
}

/** The chosen meshes in order of selection, as the conditions block writes them. */
export function selectionText(meshCodes: readonly string[]): string {
  return `${meshCodes.map((code, i) => `${i + 1}. ${code}`).join('、')}（${meshCodes.length}エリア）`;
}

/** The time a file was made, as its conditions block writes it (Japan time). */
export function madeAtText(now: Date = new Date()): string {
  const japan = new Date(now.getTime() + 9 * 3600_000).toISOString();
  return `${japan.slice(0, 10).replaceAll('-', '/')} ${japan.slice(11, 16)}`;
}

/** Excel's number format of a metric's value: the house's 円, % (one decimal), counts grouped. */
export function xlsxValueFormat(unit: string, value: number | null = null): string {
  if (unit === '円') return '#,##0"円"';
  if (unit === RATE_UNIT) return '0.0"%"';
  if (unit === '') return value !== null && !Number.isInteger(value) ? '#,##0.0##' : '#,##0';
  return value !== null && !Number.isInteger(value) ? `#,##0.0"${unit}"` : `#,##0"${unit}"`;
}

/** Excel's number format of a change: points for a rate, percent otherwise, signed. */
export function xlsxChangeFormat(unit: string): string {
  const u = changeUnitOf(unit);
  return `+0.0"${u}";-0.0"${u}";0.0"${u}"`;
}

/** Characters Excel refuses in a sheet name, and its length limit. */
const SHEET_NAME_FORBIDDEN = /[[\]:*?/\\]/g;
const SHEET_NAME_MAX = 31;

/** A sheet name Excel accepts: forbidden characters become ・, cut to 31 characters. */
export function sheetName(text: string): string {
  return text.replace(SHEET_NAME_FORBIDDEN, '・').slice(0, SHEET_NAME_MAX) || 'Sheet';
}

/** Characters a file name cannot hold on the common systems. */
const FILE_NAME_FORBIDDEN = /[\\/:*?"<>|]/g;

/**
 * The name of an exported file: product, what it shows (page, metric, 店舗別…) and its period,
 * e.g. Pharmalytics_医療機関_調剤売上_2026-04-01_2026-04-30.xlsx.
 */
export function exportFileName(
  parts: readonly string[],
  period: { from: string; to: string },
  extension: 'csv' | 'xlsx' | 'pdf',
): string {
  const words = [PRODUCT_NAME, ...parts, period.from, period.to].map((p) =>
    p.replace(FILE_NAME_FORBIDDEN, '_'),
  );
  return `${words.join('_')}.${extension}`;
}

/** The 店舗別 word of a by-store file's name. */
export const BY_STORE_FILE_WORD = '店舗別';

/**
 * The name of an analysis page's export: Pharmalytics_{page}_{metric}[_店舗別]_{from}_{to}.{ext},
 * e.g. Pharmalytics_医療機関_調剤売上_2026-04-01_2026-04-30.csv.
 */
export function analysisExportFileName(
  title: string,
  metricLabel: string,
  period: { from: string; to: string },
  extension: 'csv' | 'xlsx',
  byStore = false,
): string {
  const words = byStore ? [title, metricLabel, BY_STORE_FILE_WORD] : [title, metricLabel];
  return exportFileName(words, period, extension);
}

/**
 * The workbook of the acquisition-rate table 選択エリア別獲得率: its file's word, its sheet, and
 * the formats of its figures (the rate with the screen's two decimals, patients in 人).
 */
export const MARKET_SHARE_XLSX = {
  fileWord: MARKET_SHARE_FILE_WORD,
  sheet: MARKET_SHARE_LABELS.table,
  /** The last row: the chosen meshes' sums and their rate, as the screen's summary shows them. */
  totalLabel: MARKET_SHARE_LABELS.summary,
  numberFormat: '0',
  rateFormat: `0.00"${RATE_UNIT}"`,
  personFormat: `#,##0"${MARKET_SHARE_LABELS.personUnit}"`,
} as const;

/** MIME types of the exported files. */
export const EXPORT_MIME_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;

/** The Content-Disposition of an exported file: an ASCII fallback and the UTF-8 name. */
export function attachmentDisposition(fileName: string): string {
  const extension = fileName.slice(fileName.lastIndexOf('.') + 1);
  return `attachment; filename="export.${extension}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The exports a plan offers, as the plan page lists them (from the capabilities' plans). */
export const EXPORT_FEATURES = [
  { capability: 'exportTables', label: 'CSV・Excel出力（開ける画面の表）' },
  {
    capability: 'exportPdfReport',
    label: 'PDFレポート（ダッシュボード、月次レポートメールに添付）',
  },
] as const satisfies readonly { capability: Capability; label: string }[];

/** The labels of the exports a plan offers. */
export function planExports(plan: PlanCode): string[] {
  return EXPORT_FEATURES.filter((f) =>
    (CAPABILITIES[f.capability].plans as readonly PlanCode[]).includes(plan),
  ).map((f) => f.label);
}

/** The filters of an analysis query in words, for the conditions block ('' for none). */
export function analysisFiltersText(q: {
  generic_medicine_filters: readonly string[];
  medicalInstitutionFilters: readonly string[];
  receptionTypeFilters: readonly string[];
  address?: string;
}): string {
  const generic = q.generic_medicine_filters
    .map((wire) =>
      GENERIC_MEDICINE_FILTERS.find((f) => genericFilterWireValue(f.value) === Number(wire)),
    )
    .flatMap((f) => (f ? [f.label] : []));
  const parts = [
    generic.length > 0 ? `後発医薬品: ${generic.join('・')}` : '',
    q.medicalInstitutionFilters.length > 0
      ? `医療機関コード: ${q.medicalInstitutionFilters.join('・')}`
      : '',
    q.receptionTypeFilters.length > 0 ? `受付区分: ${q.receptionTypeFilters.join('・')}` : '',
    q.address ? `住所: ${q.address}` : '',
  ];
  return parts.filter((p) => p !== '').join(' / ');
}
