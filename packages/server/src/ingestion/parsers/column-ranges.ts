/**
 * The ranges of the database columns that parsed numbers are stored in (migration 0004), in one
 * place: both readers refuse a line or a claim whose numbers fall outside them, with its line
 * number, so a file never fails in the database half way.
 */
import { prescriptionTotals } from '../prescription-totals.ts';
import type { ParsedItem, ParsedPrescription } from './types.ts';

interface NumericColumn {
  precision: number;
  scale: number;
}

/** prescription_fee_lines.points (migration 0033) */
const FEE_POINTS: NumericColumn = { precision: 10, scale: 2 };
/** prescription_medicines.points, prescription_materials.points */
const ITEM_POINTS: NumericColumn = { precision: 12, scale: 2 };
/** prescription_medicines.quantity, prescription_materials.quantity */
const QUANTITY: NumericColumn = { precision: 14, scale: 3 };
/** prescriptions.technical_points, management_points, medicine_points, material_points */
const TOTAL_POINTS: NumericColumn = { precision: 12, scale: 2 };
/** integer columns (count) */
const INTEGER_MAX = 2_147_483_647;
/** smallint columns: prescription_no, and line_no of each kind of line */
export const SMALLINT_MAX = 32_767;
/** bigint yen columns, as far as JavaScript numbers count them exactly */
const YEN_MAX = Number.MAX_SAFE_INTEGER;

/** The largest value of a numeric(p, s) column, as text: 99999999.99 for numeric(10, 2). */
const largest = ({ precision, scale }: NumericColumn) =>
  `${'9'.repeat(precision - scale)}.${'9'.repeat(scale)}`;

/** Whether a value fits a numeric(p, s) column once rounded to its scale. */
function fits(value: number, { precision, scale }: NumericColumn): boolean {
  return Number.isFinite(value) && Math.abs(Math.round(value * 10 ** scale)) < 10 ** precision;
}

/** Why a fee's points (one count) cannot be stored, or null. */
export const feePointsError = (points: number): string | null =>
  fits(points, FEE_POINTS)
    ? null
    : `points は -${largest(FEE_POINTS)} から ${largest(FEE_POINTS)} まで`;

/** Why a medicine's or material's points cannot be stored, or null. */
export const itemPointsError = (points: number): string | null =>
  fits(points, ITEM_POINTS) ? null : `points は ${largest(ITEM_POINTS)} まで`;

/** Why a quantity cannot be stored, or null. */
export const quantityError = (quantity: number): string | null =>
  fits(quantity, QUANTITY) ? null : `quantity は ${largest(QUANTITY)} まで`;

const KINDS = [
  ['fees', '算定項目'],
  ['medicines', '医薬品'],
  ['materials', '特定保険医療材料'],
] as const;

function itemError(item: ParsedItem): string | null {
  const error =
    itemPointsError(item.points) ?? (item.quantity === null ? null : quantityError(item.quantity));
  if (error) return `${item.code}: ${error}（${item.points}点、数量 ${item.quantity ?? '-'}）`;
  if (item.count > INTEGER_MAX) return `${item.code}: 回数が大きすぎます（${item.count}）`;
  if (!Number.isSafeInteger(item.amountYen) || Math.abs(item.amountYen) > YEN_MAX) {
    return `${item.code}: 金額が大きすぎます（${item.amountYen}円）`;
  }
  return null;
}

/**
 * Why a whole prescription cannot be stored, or null: any number of its lines, the number of
 * its lines of one kind, or its totals by section beyond their columns.
 */
export function prescriptionRangeError(p: ParsedPrescription): string | null {
  if (p.prescriptionNo > SMALLINT_MAX) {
    return `処方箋番号が大きすぎます（${p.prescriptionNo}、${SMALLINT_MAX}まで）`;
  }
  for (const [kind, label] of KINDS) {
    if (p[kind].length > SMALLINT_MAX) {
      return `この処方箋の${label}の明細が多すぎます（${p[kind].length}行、${SMALLINT_MAX}行まで）`;
    }
  }
  for (const fee of p.fees) {
    const error = feePointsError(fee.points);
    if (error) return `${fee.code}: ${error}（${fee.points}点）`;
    if (fee.count > INTEGER_MAX) return `${fee.code}: 回数が大きすぎます（${fee.count}）`;
  }
  for (const item of [...p.medicines, ...p.materials]) {
    const error = itemError(item);
    if (error) return error;
  }
  const totals = prescriptionTotals(p);
  const sections = [
    ['調剤技術料', totals.technicalPoints],
    ['薬学管理料', totals.managementPoints],
    ['薬剤料', totals.medicinePoints],
    ['特定保険医療材料料', totals.materialPoints],
  ] as const;
  for (const [label, points] of sections) {
    if (!fits(points, TOTAL_POINTS)) {
      return `この処方箋の${label}の合計が大きすぎます（${points}点、${largest(TOTAL_POINTS)}点まで）`;
    }
  }
  if (!Number.isSafeInteger(totals.salesYen)) {
    return `この処方箋の金額の合計が大きすぎます（${totals.salesYen}円）`;
  }
  return null;
}
