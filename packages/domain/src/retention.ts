import { formatNumber } from './format.ts';

/**
 * Patient retention and the prescriber radar (患者の継続, 処方元の変化): the figures' fixed
 * parameters, labels and the notice text, defined in docs/metrics.md.
 */

/** The windows of 新患の継続率: a return within 30, 90 and 180 days of the first visit. */
export const RETURN_WINDOWS = [30, 90, 180] as const;
export type ReturnWindow = (typeof RETURN_WINDOWS)[number];

/** Columns of the cohort table: months since the first visit's month. */
export const COHORT_MONTHS_SINCE = 12;

/** Default and bounds of the grace after a supply's end before a patient counts as overdue. */
export const OVERDUE_GRACE_DAYS = { default: 14, min: 0, max: 365 } as const;

/** The year over which a patient's average monthly sales (売上見込み) are taken, in days. */
export const REVENUE_AT_RISK_DAYS = 365;

/** Patients listed by the overdue call, the largest amounts first (the CSV lists them all). */
export const OVERDUE_LIST_LIMIT = 500;

/** What the retention breakdown groups the new patients by. */
export const RETENTION_BREAKDOWNS = [
  { key: 'store', label: '店舗' },
  { key: 'institution', label: '処方元医療機関' },
  { key: 'pharmacist', label: '薬剤師' },
  { key: 'age', label: '年齢' },
] as const;
export type RetentionBreakdown = (typeof RETENTION_BREAKDOWNS)[number]['key'];
export const RETENTION_BREAKDOWN_KEYS = RETENTION_BREAKDOWNS.map((b) => b.key) as [
  RetentionBreakdown,
  ...RetentionBreakdown[],
];

/** How a patient's supply end was found. */
export const SUPPLY_BASES = { days: '調剤日数', interval: '来局間隔' } as const;
export type SupplyBasis = keyof typeof SUPPLY_BASES;

/** Default and bounds of the volume floor of a prescriber's change, sheets a month. */
export const PRESCRIBER_FLOOR = { default: 10, min: 1, max: 1000 } as const;
/** A regular institution: at least this many sheets in the REGULAR_DAYS before its last one. */
export const REGULAR_SHEETS = 3;
export const REGULAR_DAYS = 90;
/** A regular institution is lost when not seen for more than this many days. */
export const LOST_AFTER_DAYS = 30;
/** Clinics opened within this distance of a store, in metres, over the year to the period's end. */
export const NEARBY_OPENING_METERS = 1000;
/** Institutions listed per store and kind of change, the largest changes first. */
export const PRESCRIBER_CHANGES_PER_STORE = 10;
/** A fall or rise at least this large (percent, past the floor) is a notice. */
export const NOTICE_CHANGE_PERCENT = 20;
/** Notices shown on the dashboard and in the report mail. */
export const NOTICE_LIMIT = 5;

/** Days in a month when sheets of a period are written per month. */
const DAYS_PER_MONTH = 365 / 12;

/** Sheets of a period of `days` days as sheets a month, rounded. */
export function sheetsPerMonth(sheets: number, days: number): number {
  return Math.round((sheets * DAYS_PER_MONTH) / days);
}

export const PRESCRIBER_CHANGE_KINDS = {
  falling: '減少',
  rising: '増加',
  new: '新規',
  lost: '途絶',
} as const;
export type PrescriberChangeKind = keyof typeof PRESCRIBER_CHANGE_KINDS;

/** A signed percent as the notices write it: −38%, +12% (a true minus sign). */
export function signedPercent(value: number): string {
  const text = formatNumber(Math.abs(Math.round(value)), 0);
  return `${value < 0 ? '−' : '+'}${text}%`;
}

/** The notices' sentences (dashboard and report mail). */
export const PRESCRIBER_NOTICE_TEXT = {
  change: (institution: string, percent: number, before: number, after: number) =>
    `${institution}からの処方箋が前年同期比 ${signedPercent(percent)}（月${formatNumber(before, 0)}枚→${formatNumber(after, 0)}枚）`,
  lost: (institution: string, lastSeen: string, days: number) =>
    `${institution}からの処方箋が${days}日間ありません（最終 ${lastSeen}）`,
  opening: (facility: string, meters: number, firstSeen: string) =>
    `${facility}が店舗から${formatNumber(meters, 0)}mに開設されました（${firstSeen} 確認）`,
} as const;

export const RETENTION_LABELS = {
  firstMonth: '初回来局月',
  newPatients: '新患数',
  returnWithin: (days: number) => `${days}日以内再来率`,
  monthsSince: (months: number) => `${months}か月後`,
  pseudonym: '患者ID（仮名）',
  store: '店舗',
  storeCode: '店舗コード',
  lastVisit: '最終来局日',
  institution: '処方元医療機関',
  supplyEnd: '供給終了日',
  supplyBasis: '算出根拠',
  daysOverdue: '超過日数',
  revenueAtRisk: '売上見込み（円/月）',
  overduePatients: '来局予定を過ぎた患者数',
} as const;

export const PRESCRIBER_LABELS = {
  store: '店舗',
  storeCode: '店舗コード',
  institutionCode: '医療機関コード',
  institution: '医療機関',
  kind: '変化',
  current: '当期',
  yearAgo: '前年同期',
  previous: '前期',
  sheets: '処方箋枚数',
  sales: '売上（円）',
  changeYearAgo: '前年同期比（%）',
  changePrevious: '前期比（%）',
  lastSeen: '最終受付日',
} as const;

export const RETENTION_CSV = {
  cohortsFileName: '患者の継続_新患の継続率.csv',
  overdueFileName: '患者の継続_来局予定を過ぎた患者.csv',
  bom: true,
} as const;

export const PRESCRIBER_CHANGES_CSV = { fileName: '処方元の変化.csv', bom: true } as const;
