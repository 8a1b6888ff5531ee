/**
 * What a store is measured by when its 施設基準 are judged (docs/facility-standards.md). The keys
 * are the `measure` of the rule conditions stored per fee revision. Figures are compared with a
 * threshold; flags are facts about the store that hold or not. Rates are percent (85 = 85 %),
 * reception counts are per month on the 施設基準 basis.
 */
export const FACILITY_MEASURES = {
  receptions_per_month: { kind: 'figure', label: '処方箋受付回数（月平均）', unit: '回' },
  concentration_rate: { kind: 'figure', label: '処方箋集中率', unit: '%' },
  top3_concentration_rate: { kind: 'figure', label: '上位3医療機関の集中率', unit: '%' },
  top_institution_receptions_per_month: {
    kind: 'figure',
    label: '特定の医療機関からの受付回数（同一建物内は合算、月平均）',
    unit: '回',
  },
  group_same_institution_receptions_per_month: {
    kind: 'figure',
    label: '集中率最大の医療機関が同じグループ店舗の受付回数合計（月平均）',
    unit: '回',
  },
  group_receptions_per_month: {
    kind: 'figure',
    label: 'グループの受付回数合計（月平均）',
    unit: '回',
  },
  group_store_count: { kind: 'figure', label: 'グループの店舗数', unit: '店舗' },
  generic_share: { kind: 'figure', label: '後発医薬品調剤割合', unit: '%' },
  cutoff_share: { kind: 'figure', label: 'カットオフ値', unit: '%' },
  basic_fee_notified: { kind: 'flag', label: '調剤基本料の届出' },
  special_relationship: { kind: 'flag', label: '医療機関との特別な関係（敷地内・不動産取引等）' },
  real_estate_lease: { kind: 'flag', label: '医療機関との不動産賃貸借' },
  low_resource_area: { kind: 'flag', label: '医療資源の少ない地域に所在' },
  urban_new_opening: {
    kind: 'flag',
    label: '政令市・東京23区の新規開局で500m以内に他の薬局',
  },
} as const;

export type FacilityMeasure = keyof typeof FACILITY_MEASURES;
export type FigureMeasure = {
  [K in FacilityMeasure]: (typeof FACILITY_MEASURES)[K]['kind'] extends 'figure' ? K : never;
}[FacilityMeasure];
export type FlagMeasure = Exclude<FacilityMeasure, FigureMeasure>;

export const FACILITY_MEASURE_KEYS = Object.keys(FACILITY_MEASURES) as [
  FacilityMeasure,
  ...FacilityMeasure[],
];

export function isFlagMeasure(measure: FacilityMeasure): measure is FlagMeasure {
  return FACILITY_MEASURES[measure].kind === 'flag';
}

/**
 * A store's measures for one judgement. A measure left out (or null) is unknown: conditions on it
 * stay undecided rather than being taken as false.
 */
export type StoreMeasures = { readonly [K in FigureMeasure]?: number | null } & {
  readonly [K in FlagMeasure]?: boolean | null;
};

/** Comparisons of a condition: figures against a threshold, flags on their own. */
export const CONDITION_COMPARATORS = {
  gt: { symbol: '>', label: '超' },
  gte: { symbol: '≥', label: '以上' },
  lt: { symbol: '<', label: '未満' },
  lte: { symbol: '≤', label: '以下' },
  is_true: { symbol: '=', label: 'あり' },
  is_false: { symbol: '=', label: 'なし' },
} as const;
export type ConditionComparator = keyof typeof CONDITION_COMPARATORS;
export const FLAG_COMPARATORS = ['is_true', 'is_false'] as const satisfies ConditionComparator[];

/**
 * The families of rules of a revision. In each, the rule of the lowest priority number whose
 * conditions hold applies; when none does, the default rule of the family (if any) applies.
 */
export const FACILITY_RULE_SETS = {
  basic_fee: '調剤基本料の区分',
  generic_tier: '後発医薬品の体制加算',
  generic_reduction: '後発医薬品減算',
} as const;
export type FacilityRuleSet = keyof typeof FACILITY_RULE_SETS;

/**
 * Where a figure of a rule comes from, as the reference tags it: the official text, secondary
 * pages, our inference, or a single unofficial source. The last two are unconfirmed.
 */
export const RULE_BASES = ['告示', '二次', '推定', '未確認'] as const;
export type RuleBasis = (typeof RULE_BASES)[number];

export const RULE_CONFIDENCE_LABELS = { confirmed: '確認済み', unconfirmed: '未確認' } as const;
export type RuleConfidence = keyof typeof RULE_CONFIDENCE_LABELS;
