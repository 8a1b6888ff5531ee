/**
 * What a store is measured by when its 施設基準 are judged (docs/facility-standards.md). The keys
 * are the `measure` of the rule conditions stored per fee revision. Figures are compared with a
 * threshold; flags are facts about the store that hold or not. Rates are percent (85 = 85 %),
 * reception counts are per month on the 施設基準 basis. `from` says where a measure comes from: the
 * store's data, its place among the facilities of the master (location), a fact an administrator
 * states, or another part of the judgement.
 */
export const FACILITY_MEASURES = {
  receptions_per_month: {
    kind: 'figure',
    label: '処方箋受付回数（月平均）',
    unit: '回',
    from: 'data',
  },
  concentration_rate: { kind: 'figure', label: '処方箋集中率', unit: '%', from: 'data' },
  top3_concentration_rate: {
    kind: 'figure',
    label: '上位3医療機関の集中率',
    unit: '%',
    from: 'data',
  },
  top_institution_receptions_per_month: {
    kind: 'figure',
    label: '特定の医療機関からの受付回数（同一建物内・医療モールは合算、月平均）',
    unit: '回',
    from: 'data',
  },
  group_same_institution_receptions_per_month: {
    kind: 'figure',
    label: '集中率最大の医療機関が同じグループ店舗の受付回数合計（月平均）',
    unit: '回',
    from: 'data',
  },
  group_receptions_per_month: {
    kind: 'figure',
    label: 'グループの受付回数合計（月平均）',
    unit: '回',
    from: 'data',
  },
  group_store_count: { kind: 'figure', label: 'グループの店舗数', unit: '店舗', from: 'data' },
  generic_share: { kind: 'figure', label: '後発医薬品調剤割合', unit: '%', from: 'data' },
  cutoff_share: { kind: 'figure', label: 'カットオフ値', unit: '%', from: 'data' },
  receptions_per_month_before_revision: {
    kind: 'figure',
    label: '改定前日の区分を決めた判定期間の受付回数（月平均）',
    unit: '回',
    from: 'data',
  },
  other_pharmacies_within_500m: {
    kind: 'figure',
    label: '500m以内にある他の保険薬局',
    unit: '薬局',
    from: 'location',
  },
  other_pharmacies_within_50m: {
    kind: 'figure',
    label: '50m以内にある他の保険薬局',
    unit: '薬局',
    from: 'location',
  },
  neighbour_pharmacies_within_50m: {
    kind: 'figure',
    label: '50m以内の薬局のうち、その50m以内にある他の保険薬局が最も多い数',
    unit: '薬局',
    from: 'location',
  },
  large_hospital_zone_pharmacies: {
    kind: 'figure',
    label: '近くの200床以上の病院から100m以内にある他の保険薬局',
    unit: '薬局',
    from: 'location',
  },
  achievement_medication_adjustment: {
    kind: 'figure',
    label: '調剤時残薬調整加算・薬学的有害事象等防止加算（R6: 重複投薬・相互作用等防止加算等）',
    unit: '回/1万回',
    from: 'data',
  },
  achievement_primary_guidance: {
    kind: 'figure',
    label: '服薬管理指導料1イ・2イ（R6: かかりつけ薬剤師指導料・包括管理料）',
    unit: '回/1万回',
    from: 'data',
  },
  achievement_night_holiday: {
    kind: 'figure',
    label: '夜間・休日等加算',
    unit: '回/1万回',
    from: 'data',
  },
  achievement_narcotics: { kind: 'figure', label: '麻薬の調剤', unit: '回/1万回', from: 'data' },
  achievement_outpatient_support: {
    kind: 'figure',
    label: '外来服薬支援料1',
    unit: '回/1万回',
    from: 'data',
  },
  achievement_home_visits: {
    kind: 'figure',
    label: '在宅患者訪問薬剤管理指導料等',
    unit: '回/1万回',
    from: 'data',
  },
  achievement_information_provision: {
    kind: 'figure',
    label: '服薬情報等提供料',
    unit: '回/1万回',
    from: 'data',
  },
  achievement_conferences: {
    kind: 'figure',
    label: '多職種との会議・退院時共同指導',
    unit: '回/1万回',
    from: 'data',
  },
  basic_fee_notified: { kind: 'flag', label: '調剤基本料の届出', from: 'fact' },
  special_relationship: {
    kind: 'flag',
    label: '医療機関との特別な関係（敷地内など）',
    from: 'fact',
  },
  real_estate_lease: {
    kind: 'flag',
    label: '医療機関との不動産取引等の特別な関係',
    from: 'fact',
  },
  low_resource_area: { kind: 'flag', label: '医療資源の少ない地域に所在', from: 'fact' },
  urban_area: {
    kind: 'flag',
    label: '政令指定都市・東京23区（別表第三の一の地域）に所在',
    from: 'fact',
  },
  same_site_as_institution: {
    kind: 'flag',
    label: '医療機関と同一敷地内・同一建物内に所在',
    from: 'fact',
  },
  online_clinic_on_site: {
    kind: 'flag',
    label: '同一敷地内・同一建物内にオンライン診療受診施設',
    from: 'fact',
  },
  medicine_supply_record: {
    kind: 'flag',
    label: '他の薬局・医療機関への医薬品の分譲実績（過去1年）',
    from: 'fact',
  },
  price_negotiation: { kind: 'flag', label: '単品単価交渉（様式85）', from: 'fact' },
  regional_support_system: {
    kind: 'flag',
    label: '地域支援の十分な体制（加算2〜5）',
    from: 'fact',
  },
  designated_before_revision: {
    kind: 'flag',
    label: '保険薬局の指定が令和8年5月31日以前',
    from: 'fact',
  },
  near_large_hospital: {
    kind: 'flag',
    label: '200床以上の病院の敷地から100m以内に所在',
    from: 'location',
  },
  basic_fee_1: { kind: 'flag', label: '調剤基本料1を算定', from: 'judgement' },
  special_fee_a: { kind: 'flag', label: '特別調剤基本料Aを算定', from: 'judgement' },
  held_generic_tier_2026_03: {
    kind: 'flag',
    label: '令和8年3月に後発医薬品調剤体制加算の実績',
    from: 'judgement',
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
  generic_tier: '体制加算（後発医薬品・地域支援）',
  generic_reduction: '後発医薬品減算',
  location_reduction: '門前薬局等立地依存減算',
  deemed_status: '経過措置',
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
