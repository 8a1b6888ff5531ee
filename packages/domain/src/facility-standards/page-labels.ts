import { formatCompactNumber, formatMetricNumber, formatNumber } from '../format.ts';
import { FIELD_LABELS } from '../messages.ts';
import type { StoreJudgementWire } from './judgement-api.ts';
import { FACILITY_MEASURES, type FacilityMeasure, type FigureMeasure } from './measures.ts';

/** The short name and units of each measure as the 施設基準 page, notices and mail write a figure. */
export const FACILITY_MEASURE_SHORT: Record<
  FacilityMeasure,
  { label: string; valueUnit?: string; thresholdUnit?: string }
> = {
  receptions_per_month: { label: '受付', valueUnit: '回/月', thresholdUnit: '回' },
  concentration_rate: { label: '集中率', valueUnit: '%', thresholdUnit: '%' },
  top3_concentration_rate: { label: '上位3集中率', valueUnit: '%', thresholdUnit: '%' },
  top_institution_receptions_per_month: {
    label: '特定の医療機関からの受付',
    valueUnit: '回/月',
    thresholdUnit: '回',
  },
  group_same_institution_receptions_per_month: {
    label: '同じ医療機関が最大のグループ店舗の受付',
    valueUnit: '回/月',
    thresholdUnit: '回',
  },
  group_receptions_per_month: {
    label: 'グループの受付',
    valueUnit: '回/月',
    thresholdUnit: '回',
  },
  group_store_count: { label: 'グループの店舗数', valueUnit: '店舗', thresholdUnit: '店舗' },
  generic_share: { label: '後発割合', valueUnit: '%', thresholdUnit: '%' },
  cutoff_share: { label: 'カットオフ値', valueUnit: '%', thresholdUnit: '%' },
  receptions_per_month_before_revision: {
    label: '改定前の届出時の受付',
    valueUnit: '回/月',
    thresholdUnit: '回',
  },
  other_pharmacies_within_500m: {
    label: '500m以内の他の薬局',
    valueUnit: '薬局',
    thresholdUnit: '薬局',
  },
  other_pharmacies_within_50m: {
    label: '50m以内の他の薬局',
    valueUnit: '薬局',
    thresholdUnit: '薬局',
  },
  neighbour_pharmacies_within_50m: {
    label: '50m以内の薬局の近くの他の薬局',
    valueUnit: '薬局',
    thresholdUnit: '薬局',
  },
  large_hospital_zone_pharmacies: {
    label: '病院近くの他の薬局',
    valueUnit: '薬局',
    thresholdUnit: '薬局',
  },
  achievement_medication_adjustment: {
    label: '残薬調整・有害事象防止の実績',
    valueUnit: '回/1万回',
    thresholdUnit: '回',
  },
  achievement_primary_guidance: {
    label: '服薬管理指導料1イ・2イの実績',
    valueUnit: '回/1万回',
    thresholdUnit: '回',
  },
  achievement_night_holiday: {
    label: '夜間・休日等加算の実績',
    valueUnit: '回/1万回',
    thresholdUnit: '回',
  },
  achievement_narcotics: { label: '麻薬の調剤の実績', valueUnit: '回/1万回', thresholdUnit: '回' },
  achievement_outpatient_support: {
    label: '外来服薬支援料1の実績',
    valueUnit: '回/1万回',
    thresholdUnit: '回',
  },
  achievement_home_visits: { label: '在宅の実績', valueUnit: '回/1万回', thresholdUnit: '回' },
  achievement_information_provision: {
    label: '服薬情報等提供料の実績',
    valueUnit: '回/1万回',
    thresholdUnit: '回',
  },
  achievement_conferences: {
    label: '多職種会議の実績',
    valueUnit: '回/1万回',
    thresholdUnit: '回',
  },
  basic_fee_notified: { label: '調剤基本料の届出' },
  special_relationship: { label: '医療機関との特別な関係' },
  real_estate_lease: { label: '医療機関との不動産取引等' },
  low_resource_area: { label: '医療資源の少ない地域' },
  urban_area: { label: '政令指定都市・東京23区' },
  same_site_as_institution: { label: '医療機関と同一敷地内・同一建物内' },
  online_clinic_on_site: { label: '同一敷地内のオンライン診療受診施設' },
  medicine_supply_record: { label: '医薬品の分譲実績' },
  price_negotiation: { label: '単品単価交渉' },
  regional_support_system: { label: '地域支援の体制' },
  designated_before_revision: { label: '令和8年5月31日以前の指定' },
  near_large_hospital: { label: '200床以上の病院から100m以内' },
  basic_fee_1: { label: '調剤基本料1' },
  special_fee_a: { label: '特別調剤基本料A' },
  held_generic_tier_2026_03: { label: '令和8年3月の後発医薬品調剤体制加算' },
};

/** Texts of the 施設基準 page: what the judgement means, written once. */
export const FACILITY_STANDARDS_LABELS = {
  lead: '店舗ごとに、調剤基本料の区分、体制加算と減算を、判定期間の実績と見込みから判定します。',
  judgementPeriod: '判定期間',
  currentFee: '現在の区分',
  projectedFee: '来年6月からの見込み',
  genericTier: '後発医薬品の加算',
  genericNow: '現在',
  genericAhead: '見込み',
  genericReduction: '後発医薬品減算',
  noTier: '加算なし',
  byDefault: '（他の区分に該当しないため）',
  unconfirmed: '未確認',
  projected: '見込み',
  observed: '実績',
  yearBefore: '前年同月',
  worse: '現在より下がる見込みです',
  better: '現在より上がる見込みです',
  undecidable: '判定できません（判定に必要な数値がありません）',
  undecidedPrefix: '未確定: ',
  undecidedSuffix: ' に該当する可能性があります（必要な数値が不明です）',
  noPreviousPeriod: '前回の判定期間のデータがありません',
  noData: 'この店舗には判定できる受付データがありません。',
  noDataTitle: 'データなし',
  withheld: '—（管理者のみ）',
  unknown: '不明',
  deciding: '判定を左右する条件',
  ruleHeld: '該当',
  ruleNotHeld: '非該当',
  ruleUndecided: '未確定',
  applies: '適用',
  points: '点',
  topInstitution: '集中率が最大の医療機関',
  monthlyTable: '月別の実績と見込み',
  projectionChart: '施設基準の受付回数の推移',
  trendSparkline: '施設基準の受付回数（月別）',
  rulesOf: '判定の内訳',
  conditions: '条件',
  value: '値',
  threshold: '基準',
  margin: '基準までの差',
  verdict: '判定',
  source: '出典',
  note: '注記',
  clause: '条件',
  flagYes: 'あり',
  flagNo: 'なし',
  thresholdLine: '基準',
  month: '月',
} as const;

/** The columns of the monthly table and of its CSV export. */
export const FACILITY_MONTH_COLUMNS = {
  month: '月',
  kind: '区分',
  standardReceptions: '施設基準受付回数',
  concentrationRate: '集中率（%）',
  top3ConcentrationRate: '上位3集中率（%）',
  genericShare: '後発医薬品調剤割合（%）',
  cutoffShare: 'カットオフ値（%）',
} as const;

export const FACILITY_STANDARDS_CSV = {
  fileName: (today: string) => `施設基準_${today}.csv`,
  header: [
    // One word for one thing: the store's code is its 店舗ID everywhere.
    FIELD_LABELS.storeCode,
    '店舗名',
    FACILITY_MONTH_COLUMNS.month,
    FACILITY_MONTH_COLUMNS.kind,
    FACILITY_MONTH_COLUMNS.standardReceptions,
    FACILITY_MONTH_COLUMNS.concentrationRate,
    FACILITY_MONTH_COLUMNS.top3ConcentrationRate,
    FACILITY_MONTH_COLUMNS.genericShare,
    FACILITY_MONTH_COLUMNS.cutoffShare,
  ],
  bom: true,
} as const;

/** The 施設基準 outlook of each store as the PDF report and the workbook write it. */
export const FACILITY_OUTLOOK = {
  headers: [
    '店舗',
    '調剤基本料（現在）',
    '調剤基本料（見込み）',
    '後発医薬品調剤体制（現在）',
    '後発医薬品調剤体制（見込み）',
  ],
  /** In place of a 区分 that cannot be judged (no figures yet). */
  undecided: '判定不可',
} as const;

/** Unit of a month's figure in the monthly table's exports: the rates in %, receptions counted. */
export type FacilityMonthUnit = '回' | '%';

/**
 * The rows of the monthly table of every store, projected months marked, in the columns of
 * FACILITY_STANDARDS_CSV: the CSV and the workbook write each figure with `figure`.
 */
export function facilityMonthRows<Figure>(
  stores: readonly StoreJudgementWire[],
  figure: (value: number | null, unit: FacilityMonthUnit) => Figure,
): (string | Figure)[][] {
  return stores.flatMap((store) =>
    store.months.map((m) => [
      store.storeCode,
      store.storeName,
      facilityMonthText(m.month),
      m.projected ? FACILITY_STANDARDS_LABELS.projected : FACILITY_STANDARDS_LABELS.observed,
      figure(m.standardReceptions, '回'),
      figure(m.concentrationRate, '%'),
      figure(m.top3ConcentrationRate, '%'),
      figure(m.genericShare, '%'),
      figure(m.cutoffShare, '%'),
    ]),
  );
}

/** 2026-05 → 2026年5月. */
export function facilityMonthText(month: string): string {
  const [year, mm] = month.split('-');
  return `${year}年${Number(mm)}月`;
}

/** 判定期間 2026年5月〜2027年4月（2027年6月から適用） */
export function judgementPeriodText(period: {
  fromMonth: string;
  toMonth: string;
  appliesFrom: string;
}): string {
  const applies = facilityMonthText(period.appliesFrom.slice(0, 7));
  return `${FACILITY_STANDARDS_LABELS.judgementPeriod} ${facilityMonthText(period.fromMonth)}〜${facilityMonthText(period.toMonth)}（${applies}から適用）`;
}

/** 他の医療機関からの受付があと月N回あれば {区分} を維持できます */
export function receptionsToKeepText(receptions: number, ruleName: string): string {
  return `他の医療機関からの受付があと月${formatNumber(receptions, 0)}回あれば ${ruleName} を維持できます`;
}

/**
 * A figure of a measure as the 施設基準 page, notices and mail write it, in the decimals of the
 * house formatter: 86.1%, 1,920回/月.
 */
export function facilityValueText(measure: FigureMeasure, value: number): string {
  const unit = FACILITY_MEASURES[measure].unit;
  return `${formatMetricNumber(value, unit)}${FACILITY_MEASURE_SHORT[measure].valueUnit ?? ''}`;
}

/** A threshold of a rule as written (thresholds are whole numbers): 85%, 1,800回. */
export function facilityThresholdText(measure: FigureMeasure, threshold: number): string {
  return `${formatNumber(threshold)}${FACILITY_MEASURE_SHORT[measure].thresholdUnit ?? ''}`;
}

/** A distance to a threshold, signed: −1.1pt, +120回; ±0 on the threshold. */
export function facilityMarginText(measure: FigureMeasure, margin: number): string {
  const unit = FACILITY_MEASURES[measure].unit;
  const text = formatMetricNumber(Math.abs(margin), unit);
  const signed =
    text === formatMetricNumber(0, unit) ? `±${text}` : `${margin > 0 ? '+' : '−'}${text}`;
  return `${signed}${unit === '%' ? 'pt' : (FACILITY_MEASURE_SHORT[measure].thresholdUnit ?? '')}`;
}

/** One verdict per rule as the page writes it. */
export const RULE_VERDICT_TEXTS = {
  held: '該当',
  notHeld: '非該当',
  missingInput: '判定に必要な情報が未入力',
  noData: '判定できません（データ不足）',
} as const;
export type RuleVerdictKind = keyof typeof RULE_VERDICT_TEXTS;

interface JudgedConditionLike {
  measure: FacilityMeasure;
  met: boolean | null;
  value: number | boolean | null;
}

/** The facts an administrator has not entered that a rule's undecided conditions need. */
export function missingFacts(conditions: readonly JudgedConditionLike[]): FacilityMeasure[] {
  return [
    ...new Set(
      conditions
        .filter(
          (c) => c.met === null && c.value === null && FACILITY_MEASURES[c.measure].from === 'fact',
        )
        .map((c) => c.measure),
    ),
  ];
}

/** 該当 / 非該当 / 判定に必要な情報が未入力 / 判定できません. */
export function ruleVerdictKind(rule: {
  met: boolean | null;
  conditions: readonly JudgedConditionLike[];
}): RuleVerdictKind {
  if (rule.met === true) return 'held';
  if (rule.met === false) return 'notHeld';
  return missingFacts(rule.conditions).length > 0 ? 'missingInput' : 'noData';
}

/** 判定に必要な情報が未入力です: 医薬品の分譲実績、単品単価交渉（施設基準の設定で入力できます） */
export function missingFactsText(measures: readonly FacilityMeasure[]): string {
  return `${RULE_VERDICT_TEXTS.missingInput}です: ${measures
    .map((m) => FACILITY_MEASURE_SHORT[m].label)
    .join('、')}（施設基準の設定で入力できます）`;
}

/**
 * How a figure stands against its threshold, with the direction: 基準の85%まで あと3.9pt,
 * 基準の85%を 1.1pt 上回る, 基準の600回を 120回 下回る, 基準ちょうど.
 */
export function facilityMarginPhrase(
  measure: FigureMeasure,
  threshold: number,
  value: number,
  met: boolean,
): string {
  const unit = FACILITY_MEASURES[measure].unit;
  const distance = Math.abs(value - threshold);
  const amount = `${formatMetricNumber(distance, unit)}${
    unit === '%' ? 'pt' : (FACILITY_MEASURE_SHORT[measure].thresholdUnit ?? '')
  }`;
  const base = `基準の${facilityThresholdText(measure, threshold)}`;
  if (formatMetricNumber(distance, unit) === formatMetricNumber(0, unit)) return `${base}ちょうど`;
  if (!met) return `${base}まで あと${amount}`;
  return `${base}を ${amount} ${value > threshold ? '上回る' : '下回る'}`;
}

/** A deemed status as a line: 後発医薬品調剤割合85%の経過措置（2027年5月31日まで）. */
export function deemedStatusText(status: { name: string; validUntil: string | null }): string {
  const until = status.validUntil
    ? `${Number(status.validUntil.slice(0, 4))}年${Number(status.validUntil.slice(5, 7))}月${Number(status.validUntil.slice(8, 10))}日まで`
    : '当面の間';
  return `${status.name}（${until}）`;
}

/** A sum of yen a year in 万/億: 年 576万円. */
export function yenPerYearText(yen: number): string {
  return `年 ${formatCompactNumber(Math.abs(yen))}円`;
}

/** What an outcome is worth against the better one: 調剤基本料1 より 年 204万円 少ない. */
export function stakeText(stake: { yenPerYear: number }, againstName: string | null): string {
  if (againstName === null) return `減算により ${yenPerYearText(stake.yenPerYear)} 少ない`;
  return `${againstName} より ${yenPerYearText(stake.yenPerYear)} 少ない`;
}

/**
 * Words the page model writes that the labels above do not hold: the page's words beside the
 * judgement's own (verdicts, margins, deemed statuses, sums at stake).
 */
export const FACILITY_PAGE_TEXTS = {
  /** A condition or rule a deemed status (経過措置) decided instead of the store's figure. */
  deemed: '経過措置によりみなし',
  /** What an unconfirmed value lacks when its rule or condition says nothing more. */
  unconfirmedDefault: '公式の告示・通知で確認できていない値です。',
  /** The default 区分, which applies because no other holds. */
  appliedByDefault: `${FACILITY_STANDARDS_LABELS.applies}${FACILITY_STANDARDS_LABELS.byDefault}`,
  applied: FACILITY_STANDARDS_LABELS.applies,
  /** The verdict of one condition (the rule's verdict is the one 該当 / 非該当). */
  conditionVerdicts: { met: '満たす', notMet: '満たさない', unknown: '不明' },
  deemedStatuses: '経過措置',
  specialAShare: '特別調剤基本料Aの薬局は点数の100分の10',
} as const;

export type ConditionVerdict = keyof typeof FACILITY_PAGE_TEXTS.conditionVerdicts;

/** 現在の区分より 年 204万円 少ない / 多い. */
export function changeYenText(yen: number): string {
  return `${FACILITY_STANDARDS_LABELS.currentFee}より ${yenPerYearText(yen)} ${yen < 0 ? '少ない' : '多い'}`;
}

/** 未確定: 地域支援・医薬品供給対応体制加算1 に該当する可能性があります (the reason follows). */
export function mightApplyText(names: readonly string[]): string {
  return `${FACILITY_STANDARDS_LABELS.undecidedPrefix}${names.join('・')} に該当する可能性があります`;
}
