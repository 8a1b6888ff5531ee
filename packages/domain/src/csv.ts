import { csvCellText, type CsvCell } from './csv-cell.ts';
import { MARKET_SHARE_FILE_WORD, MARKET_SHARE_LABELS } from './maps.ts';
import { PRODUCT_NAME } from './routes.ts';

export { csvNumber, looksLikeFormula, type CsvCell, type CsvNumberText } from './csv-cell.ts';

const BOM = '\uFEFF';
const LINE_END = '\r\n';

/**
 * CSV text with CRLF line ends: text cells quoted (inner quotes doubled) and, when they start like
 * a formula (=, +, -, @, tab, CR), prefixed with a single quote so that no spreadsheet runs them;
 * numbers, and numbers written as text (csvNumber), bare so that they stay numbers.
 */
export function toCsv(
  rows: readonly (readonly CsvCell[])[],
  options: { bom?: boolean } = {},
): string {
  const body = rows.map((row) => row.map(csvCellText).join(',') + LINE_END).join('');
  return (options.bom ? BOM : '') + body;
}

/** Initial setup download: uploader user name and key per store, UTF-8 with BOM (spec 01 §7). */
export const UPLOADER_INFO_CSV = {
  fileName: `${PRODUCT_NAME}_uploader-info.csv`,
  header: ['店舗ID', '店舗名', 'ユーザー名', 'キー'],
  bom: true,
} as const;

/**
 * Market share table export (spec 02 §7): the table's columns, UTF-8 with BOM like the analysis
 * CSVs, so spreadsheet software reads the Japanese text.
 */
export const MARKET_SHARE_CSV = {
  fileName: `${MARKET_SHARE_FILE_WORD}.csv`,
  header: [
    MARKET_SHARE_LABELS.selectionNumber,
    MARKET_SHARE_LABELS.areaId,
    MARKET_SHARE_LABELS.ageBand,
    MARKET_SHARE_LABELS.rate,
    MARKET_SHARE_LABELS.count,
    MARKET_SHARE_LABELS.estimate,
  ],
  bom: true,
} as const;
