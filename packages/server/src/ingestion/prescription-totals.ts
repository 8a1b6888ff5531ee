import type { ParsedItem, ParsedPrescription } from './parsers/types.ts';

const TECHNICAL = new Set(['調剤基本料', '調剤基本料加算', '薬剤調製料', '薬剤調製料加算']);

/** Points × count in hundredths of a point, so sums stay exact integers. */
const hundredths = (points: number, count: number) => Math.round(points * 100) * count;
const yenOf = (hundredthsOfPoints: number) => Math.round(hundredthsOfPoints / 10);

const itemPoints = (items: ParsedItem[]) =>
  items.reduce((sum, item) => sum + hundredths(item.points, item.count), 0);
const itemYen = (items: ParsedItem[]) => items.reduce((sum, item) => sum + item.amountYen, 0);

/** Totals of one prescription by fee section, and its sales in yen. */
export function prescriptionTotals(p: ParsedPrescription) {
  let technical = 0;
  let management = 0;
  for (const fee of p.fees) {
    if (TECHNICAL.has(fee.category)) technical += hundredths(fee.points, fee.count);
    else management += hundredths(fee.points, fee.count);
  }
  return {
    technicalPoints: technical / 100,
    managementPoints: management / 100,
    medicinePoints: itemPoints(p.medicines) / 100,
    materialPoints: itemPoints(p.materials) / 100,
    medicineYen: itemYen(p.medicines),
    materialYen: itemYen(p.materials),
    salesYen: yenOf(technical + management) + itemYen(p.medicines) + itemYen(p.materials),
  };
}
