/**
 * A number the project wrote as text with the screens' decimals ('-1234', '12.0'): the CSV writes
 * it as it is, so that a spreadsheet reads a number.
 */
export interface CsvNumberText {
  readonly numberText: string;
}

export const csvNumber = (text: string): CsvNumberText => ({ numberText: text });

/** A CSV cell: text (neutralised against formulas), a number, a number as text, or empty. */
export type CsvCell = string | number | CsvNumberText | null | undefined;

const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;
/** What a spreadsheet would run as a formula (OWASP CSV injection): =, +, -, @, tab, CR. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** The screens' mark for no value: a lone dash is no formula and stays as it is. */
const NO_VALUE_DASH = '-';

/**
 * Whether a text would run as a formula in a spreadsheet; every export (CSV, Excel) asks this, and
 * the screens' lone dash for no value is not one.
 */
export function looksLikeFormula(text: string): boolean {
  return FORMULA_START.test(text) && text !== NO_VALUE_DASH;
}

const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** One cell as CSV text: numbers bare, text quoted and, when it could start a formula, prefixed with '. */
export function csvCellText(cell: CsvCell): string {
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : quoted('');
  if (cell != null && typeof cell === 'object') {
    if (NUMBER_TEXT.test(cell.numberText)) return cell.numberText;
    return csvCellText(cell.numberText);
  }
  const text = cell ?? '';
  return quoted(looksLikeFormula(text) ? `'${text}` : text);
}
