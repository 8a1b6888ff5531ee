import type { DurationPresetKey, TimeAxisKey } from './periods.ts';
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

/**
 * The period 患者の継続 and 処方元の変化 open on when the shared one is shorter than `minDays`:
 * cohorts are counted by month and a prescriber's flow is judged over months, so a week (the
 * shared default) would show nothing worth reading.
 */
export const LONG_VIEW_OPENING = {
  minDays: 90,
  retention: { durationPreset: 'last12Months', timeAxis: 'monthly' },
  prescriberChanges: { durationPreset: 'last90Days', timeAxis: 'monthly' },
} as const satisfies {
  minDays: number;
  retention: LongViewPeriod;
  prescriberChanges: LongViewPeriod;
};

export interface LongViewPeriod {
  durationPreset: Exclude<DurationPresetKey, 'custom'>;
  timeAxis: TimeAxisKey;
}

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
/**
 * Clinics opened or closed within this distance of a store, in metres, over the year to the
 * period's end.
 */
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
  closing: (facility: string, meters: number, lastSeen: string) =>
    `店舗から${formatNumber(meters, 0)}mの${facility}が医療機関の一覧からなくなりました（閉院・廃止とみられます。最終確認 ${lastSeen}）`,
} as const;

/** What a notice is about: a change of an institution's flow, or a clinic opened or closed nearby. */
export const PRESCRIBER_NOTICE_KINDS = ['falling', 'lost', 'opening', 'closing'] as const;
export type PrescriberNoticeKind = (typeof PRESCRIBER_NOTICE_KINDS)[number];

/** The longest key of a notice a member closes, and what one holds: codes, kinds and dates. */
export const PRESCRIBER_NOTICE_KEY_MAX_LENGTH = 200;
export const PRESCRIBER_NOTICE_KEY_PATTERN = /^[0-9A-Za-z_/-]+$/;

/**
 * A notice's identity, stable across calls and servers: the store, the kind, what it is about
 * (the institution's code, or `f` and the facility master's id) and the period of the notice, so
 * that the same change over a later period is a new notice. `1002/falling/4011000029/2026-08-01/2026-10-31`.
 */
export function prescriberNoticeKey(
  storeCode: string,
  kind: PrescriberNoticeKind,
  subject: string,
  period: { from: string; to: string },
): string {
  return [storeCode, kind, subject, period.from, period.to].join('/');
}

/** The subject of a notice about a facility of the master. */
export const facilitySubject = (facilityId: number) => `f${facilityId}`;

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
  supplyEndMonth: '供給終了月',
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
  noticeKind: '種類',
  notice: '内容',
  address: '所在地',
  distance: '距離（m）',
  firstSeen: '確認日',
  facilityLastSeen: '最終確認日',
} as const;

/** The kinds of notice as the workbook names them. */
export const PRESCRIBER_NOTICE_KIND_LABELS: Record<PrescriberNoticeKind, string> = {
  falling: '減少',
  lost: '途絶',
  opening: '開設',
  closing: '閉院・廃止',
};

export const RETENTION_CSV = {
  cohortsFileName: '患者の継続_新患の継続率.csv',
  overdueFileName: '患者の継続_来局予定を過ぎた患者.csv',
  bom: true,
} as const;

export const PRESCRIBER_CHANGES_CSV = { fileName: '処方元の変化.csv', bom: true } as const;

/**
 * The Excel workbooks of the two pages: the words of their file names (after the product, before
 * the period, as every export's) and their sheets' names.
 */
export const RETENTION_XLSX = {
  cohortsFileWords: ['患者の継続', '新患の継続率'],
  overdueFileWords: ['患者の継続', '来局予定を過ぎた患者'],
  cohortsSheet: '新患の継続率',
  breakdownSheet: '内訳',
  overdueSheet: '来局予定を過ぎた患者',
  overdueByStoreSheet: '店舗別',
  overdueByInstitutionSheet: '医療機関別',
  overdueTrendSheet: '供給終了月別',
  /** The conditions block's 絞り込み of each workbook. */
  breakdownFilter: (label: string) => `内訳: ${label}`,
  graceFilter: (days: number) => `猶予日数: ${days}日`,
} as const;

export const PRESCRIBER_CHANGES_XLSX = {
  fileWords: ['処方元の変化'],
  changesSheet: '処方元の変化',
  noticesSheet: '注目すべき変化',
  openingsSheet: '近隣の開設',
  closingsSheet: '近隣の閉院・廃止',
  floorFilter: (floor: number) => `下限: 月${floor}枚`,
  previousFilter: (period: string) => `前期: ${period}`,
} as const;

/** The pages' headings and sentences. */
export const RETENTION_PAGE_TEXT = {
  cohortsHeading: '新患の継続率',
  cohortsNote:
    '初回来局（その店舗で初めての来局）の月ごとに、30・90・180日以内に同じ店舗へ再来局した割合です。期間末までに日数が経過していない患者は分母に含めません。',
  cohortTable: '初回来局月 × 経過月（その月に来局した割合）',
  breakdown: '内訳',
  overdueHeading: '来局予定を過ぎた患者',
  overdueNote: (grace: number) =>
    `供給終了日（調剤日＋内服の最長調剤日数。日数がない場合は本人の来局間隔の中央値）から${grace}日を過ぎても来局がない患者です。売上見込みは最終来局までの1年間の売上の月平均です。`,
  graceDays: '猶予日数',
  apply: '適用',
  revenueAtRiskTotal: '売上見込み（月）',
  trend: '供給終了月別の売上見込み',
  byStore: '店舗別',
  byInstitution: '医療機関別',
  list: '患者一覧（仮名）',
  lookupNote:
    '患者IDは仮名です。店舗のパソコンで pharmalytics-uploader lookup <患者ID> を実行すると、レセコンのファイルから該当する患者を確認できます（氏名は店舗の外に出ません）。',
  byIntervalNote: (n: number) => `${n}人は調剤日数がないため来局間隔から供給終了日を求めました。`,
  unjudgedNote: (n: number) => `${n}人は調剤日数も来局間隔もないため判定していません。`,
  listLimited: (shown: number, total: number) =>
    `売上見込みの大きい順に${shown}人を表示しています（全${total}人はCSVに出力されます）。`,
  csv: 'CSV出力',
  loadFailed: 'データを読み込めませんでした。',
  noPatients: '該当する患者はいません。',
} as const;

export const PRESCRIBER_PAGE_TEXT = {
  note: '各店舗で処方箋枚数が前年同期（前年同期に実績がない場合は前期）から大きく変化した医療機関、初めて処方箋を受け付けた医療機関、定期的に受け付けていたのに30日以上途絶えている医療機関です。',
  floor: '下限（月あたり枚数）',
  floorNote: '前年同期・当期の多い方が月あたりこの枚数に満たない医療機関は、変化として扱いません。',
  apply: '適用',
  notices: '注目すべき変化',
  openings: '近隣（1km以内）に開設された医療機関',
  noOpenings: '直近1年に近隣で開設された医療機関はありません。',
  closings: '近隣（1km以内）で閉院・廃止とみられる医療機関',
  closingsNote:
    '医療機関の一覧（施設マスタ）の最新の取り込みに含まれなくなった医療機関です。最終確認日はその医療機関を含んでいた最後の取り込みの日です。',
  noClosings: '直近1年に近隣で一覧からなくなった医療機関はありません。',
  lastSeen: '最終確認日',
  noChanges: '大きな変化はありません。',
  distance: '距離',
  firstSeen: '確認日',
  csv: 'CSV出力',
  loadFailed: 'データを読み込めませんでした。',
} as const;

/** The period of the dashboard's notices: the last three whole months before `today`. */
export function noticePeriod(today: string): { from: string; to: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  const start = new Date(Date.UTC(year, month - 3, 1));
  const end = new Date(Date.UTC(year, month, 0));
  return { from: start.toISOString().slice(0, 10), to: end.toISOString().slice(0, 10) };
}

export const PRESCRIBER_NOTICE_LABELS = {
  heading: '処方元の変化',
  close: 'このお知らせを閉じる',
  link: '処方元の変化を見る',
  /** A key the server cannot take (not one a notice has). */
  badKey: 'お知らせを特定できません',
} as const;
