/**
 * National basic medicine master (支払基金 基本マスター 医薬品マスター, y_ALL*.csv / y.csv):
 * Shift_JIS, every field quoted, 35 fields per row in the layout before July 2024 (newer
 * editions append fields 36–42, which are ignored here).
 *
 * Fields used (1-based as in the master specification; CSV index = field − 1):
 *   3 医薬品コード (レセ電コード, 9 digits; joins IY field 3 of the receipt file)
 *   5 漢字名称, 10 単位 漢字名称, 12 新又は現金額 (薬価 per unit, yen),
 *   17 後発品 (1 = generic), 30 変更年月日, 31 廃止年月日 (99999999 = live),
 *   32 薬価基準収載医薬品コード (12 characters, YJ-shaped).
 *
 * The MHLW generic class (1 後発品のない先発品, 2 後発品のある先発品, 3 後発品, with ★/☆) that the
 * generic-rate metrics need is not in this master: it comes from the MHLW list
 * 「薬価基準収載品目リスト及び後発医薬品に関する情報」, joined by the 薬価基準収載医薬品コード. A
 * separate importer for that list fills `genericClass`; this parser leaves it undefined.
 */
import { parse } from 'csv-parse/sync';
import { type MedicineLookup, decodeText, formatDate } from '../ingestion/parsers/index.ts';

/** MHLW generic class: 1 先発品 without generics, 2 先発品 with generics, 3 後発品. */
export type GenericClass = 1 | 2 | 3;

export interface MedicineMasterRow {
  /** レセ電コード, 9 digits. */
  code: string;
  /** 薬価基準収載医薬品コード (12 characters), null when the row has none. */
  yjCode: string | null;
  name: string;
  /** Unit of 使用量 and of the price, half-width where possible (ｇ → g). */
  unit: string;
  /** 薬価 in yen per unit (2 decimals). */
  price: number;
  /** The master's 後発品 flag (field 17). */
  isGeneric: boolean;
  /** 変更年月日 (field 30): the row is valid from this date; null when absent. */
  validFrom: string | null;
  /** 廃止年月日 (field 31): last valid date; null while the product is listed (99999999). */
  validTo: string | null;
  /** Not in this master; see the module comment. */
  genericClass?: GenericClass;
}

const MIN_FIELDS = 35;

function masterDate(value: string): string | null {
  if (!/^\d{8}$/.test(value) || value === '99999999' || value === '00000000') return null;
  return formatDate(
    Number(value.slice(0, 4)),
    Number(value.slice(4, 6)),
    Number(value.slice(6, 8)),
  );
}

/**
 * Reads the medicine master. Throws an Error with a Japanese message naming the line when a
 * row is not in the master's layout (a master file is loaded by an operator, not uploaded).
 */
export function parseMedicineMaster(bytes: Uint8Array): MedicineMasterRow[] {
  const text = decodeText(bytes).text;
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as typeof records;
  } catch (error) {
    const lines = (error as { lines?: unknown }).lines;
    throw new Error(`${typeof lines === 'number' ? lines : 1}行目: CSV として読み取れません。`, {
      cause: error,
    });
  }
  return records.map(({ record, info }): MedicineMasterRow => {
    const lineNo = info.lines;
    const field = (n: number): string => (record[n - 1] ?? '').trim();
    if (record.length < MIN_FIELDS) {
      throw new Error(
        `${lineNo}行目: 医薬品マスターの項目数が足りません（${record.length}項目）。`,
      );
    }
    if (field(2) !== 'Y') {
      throw new Error(`${lineNo}行目: 医薬品マスター（Y）の行ではありません（${field(2)}）。`);
    }
    const code = field(3);
    if (!/^\d{9}$/.test(code)) {
      throw new Error(`${lineNo}行目: 医薬品コードが数字9桁ではありません（${code}）。`);
    }
    if (!/^\d{1,10}(\.\d{1,2})?$/.test(field(12))) {
      throw new Error(`${lineNo}行目: 金額が正しくありません（${field(12)}）。`);
    }
    const yj = field(32);
    return {
      code,
      yjCode: /^[0-9A-Z]{12}$/.test(yj) ? yj : null,
      name: field(5),
      unit: field(10).normalize('NFKC'),
      price: Number(field(12)),
      isGeneric: field(17) === '1',
      validFrom: masterDate(field(30)),
      validTo: masterDate(field(31)),
    };
  });
}

/**
 * A lookup for the receipt-file reader: the row of the code valid on the dispensing date (the
 * latest 変更年月日 not after it, not yet 廃止); when no row's dates cover the day, the latest row.
 */
export function medicineLookup(rows: readonly MedicineMasterRow[]): MedicineLookup {
  const byCode = new Map<string, MedicineMasterRow[]>();
  for (const row of rows) {
    const list = byCode.get(row.code);
    if (list) list.push(row);
    else byCode.set(row.code, [row]);
  }
  for (const list of byCode.values()) {
    list.sort((a, b) => (a.validFrom ?? '').localeCompare(b.validFrom ?? ''));
  }
  return (code, date) => {
    const list = byCode.get(code);
    if (!list) return undefined;
    const valid = list.filter(
      (r) => (r.validFrom ?? '') <= date && (r.validTo === null || date <= r.validTo),
    );
    const row = valid[valid.length - 1] ?? list[list.length - 1]!;
    return { name: row.name, unit: row.unit || null, price: row.price };
  };
}
