import { judgementPeriodsOn, shiftMonthBy, type DispensingCsvColumn } from '@pharmalytics/domain';
import { DEMO_MEDICINES, type DemoMedicine } from './catalog.ts';

/**
 * Small receipt histories whose 施設基準 judgement is known, for the tests of the judgement, its
 * page and its alerts. Lines are of our dispensing CSV, by column name; a month is `yyyy-MM`.
 */
export type HistoryLine = Partial<Record<DispensingCsvColumn, string>>;

/** The institutions of the histories: A leads. */
export const HISTORY_INSTITUTIONS = {
  A: ['4011000011', '天神内科クリニック'],
  B: ['4011000029', '天神ビル眼科'],
  C: ['4011000037', '天神ビル整形外科'],
  D: ['4011000045', '大名皮膚科'],
} as const;
export type HistoryInstitution = keyof typeof HISTORY_INSTITUTIONS;

/** A generic (class 3) and a brand (class 2) of the demo medicines. */
export const HISTORY_GENERIC: DemoMedicine = DEMO_MEDICINES.find((m) => m.genericClass === 3)!;
export const HISTORY_BRAND: DemoMedicine = DEMO_MEDICINES.find((m) => m.genericClass === 2)!;

export interface HistoryMonth {
  month: string;
  /** Receptions from each institution, one sheet each, on days 1, 2, … of the month. */
  receptions: Partial<Record<HistoryInstitution, number>>;
  /** The generic share of the month's medicine lines (on its first reception), percent. */
  genericShare: number;
  /** Fee items billed once each on the month's first reception (by name, e.g. 服薬管理指導料１イ). */
  fees?: readonly string[];
}

/** The lines of a history: a 調剤基本料 line per reception, 100 units of medicine a month. */
export function historyLines(pharmacyCode: string, months: readonly HistoryMonth[]): HistoryLine[] {
  return months.flatMap(({ month, receptions, genericShare, fees = [] }) => {
    const institutions = (Object.keys(receptions) as HistoryInstitution[]).flatMap((k) =>
      Array.from({ length: receptions[k] ?? 0 }, () => k),
    );
    return institutions.flatMap((institution, i) => {
      const reception = `${month}-${i}`;
      const common: HistoryLine = {
        pharmacy_code: pharmacyCode,
        dispensing_date: `${month}-${String(1 + (i % 28)).padStart(2, '0')}`,
        reception_time: '10:00',
        reception_id: reception,
        prescription_no: '1',
        patient_id: `P-${reception}`,
        insurance_type: '社保',
        reception_type: '外来',
        institution_code: HISTORY_INSTITUTIONS[institution][0],
        institution_name: HISTORY_INSTITUTIONS[institution][1],
      };
      const medicine = (m: DemoMedicine, quantity: number): HistoryLine => ({
        ...common,
        line_type: 'MEDICINE',
        code: m.yjCode,
        name: m.name,
        points: '10',
        count: '1',
        quantity: String(quantity),
        unit: m.unit,
      });
      return [
        {
          ...common,
          line_type: 'FEE',
          code: '120000110',
          name: '調剤基本料１',
          category: '調剤基本料',
          points: '45',
          count: '1',
        },
        ...(i === 0
          ? [
              medicine(HISTORY_GENERIC, genericShare),
              medicine(HISTORY_BRAND, 100 - genericShare),
              ...fees.map((name, n): HistoryLine => ({
                ...common,
                line_type: 'FEE',
                code: `12999${String(n).padStart(4, '0')}`,
                name,
                category: '薬学管理料',
                points: '10',
                count: '1',
              })),
            ]
          : []),
      ];
    });
  });
}

function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let m = from; m <= to; m = shiftMonthBy(m, 1)) months.push(m);
  return months;
}

/**
 * 20 receptions a month from three months before the last complete 判定期間 to the month before
 * `today`: A 9 of them until the period under way (集中率 45 %), A 12 in it (60 %); generic share
 * 90 %, 80 % in the last three months. With a special relationship entered for the store, the
 * last period keeps 調剤基本料1 and the one under way heads for 特別調剤基本料A; 4 receptions a
 * month more from elsewhere would keep 基本料1.
 */
export function concentrationRiseHistory(today: string): HistoryMonth[] {
  const { previous, current } = judgementPeriodsOn(today);
  const lastMonth = shiftMonthBy(today.slice(0, 7), -1);
  return monthsBetween(shiftMonthBy(previous.fromMonth, -3), lastMonth).map((m) => ({
    month: m,
    receptions: m >= current.fromMonth ? { A: 12, B: 4, C: 2, D: 2 } : { A: 9, B: 5, C: 3, D: 3 },
    genericShare: m > shiftMonthBy(lastMonth, -3) ? 80 : 90,
  }));
}

/**
 * One reception a month for the fifteen months before `today`'s: a generic share of 90 % in the
 * latest three months and the same three a year before (a trend of 1), 10 % in the three months a
 * year before the coming ones. The generic tier held now is lost in the projection of the next
 * three months.
 */
export function genericShareDropHistory(today: string): HistoryMonth[] {
  const thisMonth = today.slice(0, 7);
  const length = 15;
  return Array.from({ length }, (_, i) => ({
    month: shiftMonthBy(thisMonth, i - length),
    receptions: { A: 1 },
    genericShare: i >= 3 && i < 6 ? 10 : 90,
  }));
}

/**
 * The fifteen months before `today`'s: A sends 30 receptions a month throughout; B (天神ビル眼科)
 * 40 a month in the three months a year before the last three, 20 in the last three (the
 * dashboard's notice period), 30 otherwise. B's flow halves against a year before: the prescriber
 * notice 「天神ビル眼科からの処方箋が前年同期比 −50%（月40枚→20枚）」 (41 → 21 a month over
 * three months of 89 days).
 */
export function prescriberFallHistory(today: string): HistoryMonth[] {
  const thisMonth = today.slice(0, 7);
  const length = 15;
  return Array.from({ length }, (_, i) => ({
    month: shiftMonthBy(thisMonth, i - length),
    receptions: { A: 30, B: i < 3 ? 40 : i >= length - 3 ? 20 : 30 },
    genericShare: 80,
  }));
}

/**
 * Three stores judged on `today` under R8 (docs/facility-standards.md), each from May 2025 (no
 * data in the period that decided the 区分 before R8, so the 1,800 transition cannot be relied on):
 * - `gate`: 20 receptions a month, 集中率 60 %, both 実績 items billed monthly (R6 names before
 *   2026-06, R8 names after), generic share 90 % except 70 % from November 2025 to February 2026:
 *   加算2 now; the next three months project from last winter's 70 % and lose every tier at the
 *   85 % gate, with no deemed status (no R6 generic tier in March 2026);
 * - `urban`: 700 receptions a month, 集中率 88.6 %: 調剤基本料2 ハ in Fukuoka city with another
 *   pharmacy within 500 m;
 * - `location`: 20 receptions a month at 集中率 90 %: 立地依存減算 ② by its neighbours, but
 *   designated before 2026-06 and so exempt.
 */
export function r8Histories(today: string): Record<'gate' | 'urban' | 'location', HistoryMonth[]> {
  const months = monthsBetween('2025-05', shiftMonthBy(today.slice(0, 7), -1));
  const achievementFees = (m: string) =>
    m < '2026-06'
      ? ['かかりつけ薬剤師指導料', '重複投薬・相互作用等防止加算']
      : ['服薬管理指導料１イ', '調剤時残薬調整加算'];
  return {
    gate: months.map((m) => ({
      month: m,
      receptions: { A: 12, B: 4, C: 2, D: 2 },
      genericShare: m >= '2025-11' && m <= '2026-02' ? 70 : 90,
      fees: achievementFees(m),
    })),
    urban: months.map((m) => ({ month: m, receptions: { A: 620, B: 80 }, genericShare: 90 })),
    location: months.map((m) => ({ month: m, receptions: { A: 18, B: 2 }, genericShare: 90 })),
  };
}
