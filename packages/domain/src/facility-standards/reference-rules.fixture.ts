import type {
  ConditionComparator,
  FacilityMeasure,
  FacilityRuleSet,
  RuleBasis,
  RuleConfidence,
  StoreMeasures,
} from './measures.ts';
import type { DeemedEffect, FacilityRule, RevisionRules, RuleCondition } from './rule-schemas.ts';
import type { StoreFacts, StoreLocation } from './store-judgement.ts';

/**
 * Test data: the rules of R6 and R8 written by hand, independently of the rows the database is
 * seeded with. R6 from its 告示 (第57号・第59号); R8 from the official texts (調剤報酬点数表
 * 令和8年告示第69号, 特掲診療料の施設基準等 令和8年告示第71号による改正後 第十五・第十七, 疑義解釈資料).
 */

/** A measure, how it is compared, its threshold (none for flags), and where it comes from. */
type Requirement = readonly [
  FacilityMeasure,
  ConditionComparator,
  (number | null)?,
  { basis?: RuleBasis; note?: string; source?: string }?,
];

interface Origin {
  basis: RuleBasis;
  source: string;
}

const confidenceOf = (basis: RuleBasis): RuleConfidence =>
  basis === '推定' || basis === '未確認' ? 'unconfirmed' : 'confirmed';

/** Conditions of alternative clauses, numbered from 1, each clause's requirements all needed. */
const clausesFrom =
  (origin: Origin) =>
  (...alternatives: readonly (readonly Requirement[])[]): RuleCondition[] =>
    alternatives.flatMap((requirements, i) =>
      requirements.map(([measure, comparator, threshold, extra]) => {
        const basis = extra?.basis ?? origin.basis;
        return {
          clause: i + 1,
          measure,
          comparator,
          threshold: threshold ?? null,
          basis,
          confidence: confidenceOf(basis),
          source: extra?.source ?? origin.source,
          note: extra?.note ?? null,
        };
      }),
    );

interface RuleInput {
  ruleSet: FacilityRuleSet;
  code: string;
  name?: string;
  priority: number;
  points: number | null;
  conditions: RuleCondition[];
  isDefault?: boolean;
  basis?: RuleBasis;
  source?: string;
  note?: string | null;
  validUntil?: string | null;
}

const ruleFrom =
  (origin: Origin) =>
  (input: RuleInput): FacilityRule => {
    const basis = input.basis ?? origin.basis;
    return {
      code: input.code,
      ruleSet: input.ruleSet,
      name: input.name ?? input.code,
      points: input.points,
      priority: input.priority,
      isDefault: input.isDefault ?? false,
      basis,
      confidence: confidenceOf(basis),
      source: input.source ?? origin.source,
      note: input.note ?? null,
      conditions: input.conditions,
      validUntil: input.validUntil ?? null,
    };
  };

/** A revision as the rules call answers it, for tests. */
export function revisionRules(input: {
  code: string;
  effectiveFrom: string;
  effectiveTo: string | null;
  rules: FacilityRule[];
  deemedEffects?: DeemedEffect[];
}): RevisionRules {
  return {
    code: input.code,
    name: input.code,
    effectiveFrom: input.effectiveFrom,
    effectiveTo: input.effectiveTo,
    source: 'reference',
    rules: input.rules,
    deemedEffects: input.deemedEffects ?? [],
  };
}

// ---- R6 (2024-06-01 – 2026-05-31), from the reference -----------------------------------------

const R6_ORIGIN: Origin = { basis: '二次', source: 'reference' };
const r6Clauses = clausesFrom(R6_ORIGIN);
const r6Rule = ruleFrom(R6_ORIGIN);

const bigGroup = (concentration: Requirement): Requirement[][] => [
  [['group_receptions_per_month', 'gt', 400_000], concentration],
  [['group_store_count', 'gte', 300], concentration],
];

const generic = (code: string, priority: number, points: number, share: number) =>
  r6Rule({
    ruleSet: 'generic_tier',
    code,
    priority,
    points,
    conditions: r6Clauses([
      ['generic_share', 'gte', share],
      ['cutoff_share', 'gte', 50],
    ]),
  });

/**
 * R6, judged 特別B, 特別A, 医療資源の少ない地域 (基本料1), 3ロ, 3イ, 2, 3ハ: 基本料2 leaves out the stores
 * of 3イ and 3ロ, 3ハ leaves out those of 基本料2 (施設基準 第十五 一 (2), (5)).
 */
export const R6_RULES: FacilityRule[] = [
  r6Rule({
    ruleSet: 'basic_fee',
    code: 'special_b',
    priority: 1,
    points: 3,
    conditions: r6Clauses([['basic_fee_notified', 'is_false']]),
  }),
  r6Rule({
    ruleSet: 'basic_fee',
    code: 'special_a',
    priority: 2,
    points: 5,
    conditions: r6Clauses([
      ['special_relationship', 'is_true'],
      ['concentration_rate', 'gt', 50],
    ]),
  }),
  r6Rule({
    ruleSet: 'basic_fee',
    code: 'basic_1',
    priority: 3,
    points: 45,
    isDefault: true,
    conditions: r6Clauses([['low_resource_area', 'is_true']]),
  }),
  r6Rule({
    ruleSet: 'basic_fee',
    code: 'basic_3ro',
    priority: 4,
    points: 19,
    conditions: r6Clauses(
      ...bigGroup(['concentration_rate', 'gt', 85]),
      ...bigGroup(['real_estate_lease', 'is_true']),
    ),
  }),
  r6Rule({
    ruleSet: 'basic_fee',
    code: 'basic_3i',
    priority: 5,
    points: 24,
    conditions: r6Clauses(
      ...(
        [
          [35_000, 40_000, ['concentration_rate', 'gt', 95]],
          [35_000, 40_000, ['real_estate_lease', 'is_true']],
          [40_000, 400_000, ['concentration_rate', 'gt', 85]],
          [40_000, 400_000, ['real_estate_lease', 'is_true']],
        ] as const
      ).map(([over, upTo, requirement]): Requirement[] => [
        ['group_receptions_per_month', 'gt', over],
        ['group_receptions_per_month', 'lte', upTo],
        requirement,
        ['group_store_count', 'lt', 300],
      ]),
    ),
  }),
  r6Rule({
    ruleSet: 'basic_fee',
    code: 'basic_2',
    priority: 6,
    points: 29,
    conditions: r6Clauses(
      [
        ['receptions_per_month', 'gt', 4000],
        ['top3_concentration_rate', 'gt', 70],
      ],
      [
        ['receptions_per_month', 'gt', 2000],
        ['concentration_rate', 'gt', 85],
      ],
      [
        ['receptions_per_month', 'gt', 1800],
        ['concentration_rate', 'gt', 95],
      ],
      [['top_institution_receptions_per_month', 'gt', 4000]],
      [['group_same_institution_receptions_per_month', 'gt', 4000]],
    ),
  }),
  r6Rule({
    ruleSet: 'basic_fee',
    code: 'basic_3ha',
    priority: 7,
    points: 35,
    conditions: r6Clauses(...bigGroup(['concentration_rate', 'lte', 85])),
  }),
  generic('generic_3', 1, 30, 90),
  generic('generic_2', 2, 28, 85),
  generic('generic_1', 3, 21, 80),
  r6Rule({
    ruleSet: 'generic_reduction',
    code: 'generic_reduction',
    priority: 1,
    points: -5,
    conditions: r6Clauses([
      ['generic_share', 'lte', 50],
      ['receptions_per_month', 'gt', 600],
    ]),
  }),
];

// ---- R8 (from 2026-06-01), from the official texts ---------------------------------------------

const TENSU = '調剤報酬点数表（令和8年厚生労働省告示第69号 別表第三）区分00';
const KIJUN = '特掲診療料の施設基準等（令和8年厚生労働省告示第71号による改正後）';
const R8_SOURCES = {
  basic1: `${TENSU} 1、${KIJUN} 第十五 一 (1)`,
  lowResource: `${TENSU} 注1 ただし書、${KIJUN} 第十五 二`,
  basic2: `${TENSU} 2、${KIJUN} 第十五 一 (2)`,
  basic3i: `${TENSU} 3 イ、${KIJUN} 第十五 一 (3)`,
  basic3ro: `${TENSU} 3 ロ、${KIJUN} 第十五 一 (4)`,
  basic3ha: `${TENSU} 3 ハ、${KIJUN} 第十五 一 (5)`,
  specialA: `${TENSU} 4、${KIJUN} 第十五 一 (6)`,
  specialB: `${TENSU} 注2、${KIJUN} 第十五 二の二`,
  location: `${TENSU} 注15、${KIJUN} 第十五 五の六`,
  regional: `${TENSU} 注5、${KIJUN} 第十五 四`,
  supply: '疑義解釈資料の送付について（その2）問3・問4、（その7）問1',
  achievement: '疑義解釈資料の送付について（その1）問1',
  achievementList:
    '特掲診療料の施設基準等及びその届出に関する手続きの取扱いについて（令和8年3月5日保医発0305第8号）第92',
  genericReduction: `${TENSU} 注8、${KIJUN} 第十五 五の二`,
  transition1800: `${KIJUN} 第十七 六`,
  transitionGeneric: `${KIJUN} 第十七 八`,
  transitionLocation: `${KIJUN} 第十七 九、疑義解釈資料の送付について（その2）問9`,
} as const;

const official = (source: string): Origin => ({ basis: '告示', source });
const r8Rule = (source: string, input: RuleInput) => ruleFrom(official(source))(input);
const r8Clauses = (source: string, ...alternatives: (readonly Requirement[])[]) =>
  clausesFrom(official(source))(...alternatives);

/** 集中率 over 8割5分: 基本料2 ロ・ハ, 3イ, 3ロ, 立地依存減算. */
const OVER_85: Requirement = ['concentration_rate', 'gt', 85];
/** 別表第三の一 (政令指定都市・東京23区) and another 保険薬局 within 500 m. */
const URBAN_WITH_NEIGHBOUR: Requirement[] = [
  ['urban_area', 'is_true'],
  ['other_pharmacies_within_500m', 'gte', 1],
];
/** 第十五 五の六 柱書: not for 特別調剤基本料A pharmacies, nor those of 第十五 二 (2). */
const LOCATION_EXCLUSIONS: Requirement[] = [
  ['special_fee_a', 'is_false'],
  ['low_resource_area', 'is_false'],
];

/** 加算1 (第十五 四 (1)): the supply system (its two facts) and 後発 ≥ 8割5分, which gates 1–5. */
const SUPPLY: Requirement[] = [
  ['generic_share', 'gte', 85, { note: '加算1 ロ' }],
  ['medicine_supply_record', 'is_true', null, { source: R8_SOURCES.supply }],
  ['price_negotiation', 'is_true', null, { source: R8_SOURCES.supply }],
  // 注5: a 特別調剤基本料B pharmacy claims none of the five.
  ['basic_fee_notified', 'is_true'],
];
/** 十分な実績: the two items 疑義解釈（その1）問1 quotes, 20 回 each. */
const SUFFICIENT: Requirement[] = [
  ['achievement_medication_adjustment', 'gte', 20, { source: R8_SOURCES.achievement }],
  ['achievement_primary_guidance', 'gte', 20, { source: R8_SOURCES.achievement }],
];
/** 相当の実績: thresholds only reported (the 施設基準通知 text was not available). */
const CONSIDERABLE: Requirement[] = (
  [
    ['achievement_medication_adjustment', 40],
    ['achievement_primary_guidance', 40],
    ['achievement_night_holiday', 400],
    ['achievement_narcotics', 10],
    ['achievement_outpatient_support', 12],
    ['achievement_home_visits', 24],
    ['achievement_information_provision', 60],
    ['achievement_conferences', 5],
  ] as const
).map(([measure, threshold]): Requirement => [
  measure,
  'gte',
  threshold,
  { basis: '未確認', source: R8_SOURCES.achievementList },
]);
const SYSTEM: Requirement = ['regional_support_system', 'is_true'];
const BASIC_1: Requirement = ['basic_fee_1', 'is_true'];
const NOT_BASIC_1: Requirement = ['basic_fee_1', 'is_false'];

const regional = (level: number, priority: number, points: number, more: Requirement[]) =>
  r8Rule(R8_SOURCES.regional, {
    ruleSet: 'generic_tier',
    code: `regional_supply_${level}`,
    name: `地域支援・医薬品供給対応体制加算${level}`,
    priority,
    points,
    conditions: r8Clauses(R8_SOURCES.regional, [...SUPPLY, ...more]),
  });

/**
 * R8: 特別B, 特別A, 医療資源の少ない地域 (基本料1), 3ロ, 3イ, 2, 3ハ (基本料2 leaves out 3イ, 3ロ and 特別A;
 * 3ハ leaves out 基本料2); no 300-store criterion. The tiers from the most points down, the upper
 * tier (相当の実績) before the lower (十分な実績).
 */
export const R8_RULES: FacilityRule[] = [
  r8Rule(R8_SOURCES.specialB, {
    ruleSet: 'basic_fee',
    code: 'special_b',
    name: '特別調剤基本料B',
    priority: 1,
    points: 3,
    conditions: r8Clauses(R8_SOURCES.specialB, [['basic_fee_notified', 'is_false']]),
  }),
  r8Rule(R8_SOURCES.specialA, {
    ruleSet: 'basic_fee',
    code: 'special_a',
    name: '特別調剤基本料A',
    priority: 2,
    points: 5,
    conditions: r8Clauses(
      R8_SOURCES.specialA,
      [
        ['special_relationship', 'is_true', null, { note: 'イ' }],
        ['concentration_rate', 'gt', 50, { note: 'イ' }],
      ],
      [['online_clinic_on_site', 'is_true', null, { note: 'ロ' }]],
    ),
  }),
  r8Rule(R8_SOURCES.basic1, {
    ruleSet: 'basic_fee',
    code: 'basic_1',
    name: '調剤基本料1',
    priority: 3,
    points: 47,
    isDefault: true,
    conditions: r8Clauses(R8_SOURCES.lowResource, [['low_resource_area', 'is_true']]),
  }),
  r8Rule(R8_SOURCES.basic3ro, {
    ruleSet: 'basic_fee',
    code: 'basic_3ro',
    name: '調剤基本料3ロ',
    priority: 4,
    points: 20,
    conditions: r8Clauses(
      R8_SOURCES.basic3ro,
      [['group_receptions_per_month', 'gt', 400_000], OVER_85],
      [
        ['group_receptions_per_month', 'gt', 400_000],
        ['real_estate_lease', 'is_true'],
      ],
    ),
  }),
  r8Rule(R8_SOURCES.basic3i, {
    ruleSet: 'basic_fee',
    code: 'basic_3i',
    name: '調剤基本料3イ',
    priority: 5,
    points: 25,
    conditions: r8Clauses(
      R8_SOURCES.basic3i,
      [
        ['group_receptions_per_month', 'gt', 35_000],
        ['group_receptions_per_month', 'lte', 400_000],
        OVER_85,
      ],
      [
        ['group_receptions_per_month', 'gt', 35_000],
        ['group_receptions_per_month', 'lte', 400_000],
        ['real_estate_lease', 'is_true'],
      ],
    ),
  }),
  r8Rule(R8_SOURCES.basic2, {
    ruleSet: 'basic_fee',
    code: 'basic_2',
    name: '調剤基本料2',
    priority: 6,
    points: 30,
    conditions: r8Clauses(
      R8_SOURCES.basic2,
      [
        ['receptions_per_month', 'gt', 4000, { note: 'イ' }],
        ['top3_concentration_rate', 'gt', 70, { note: 'イ' }],
      ],
      [
        ['receptions_per_month', 'gt', 1800, { note: 'ロ' }],
        ['concentration_rate', 'gt', 85, { note: 'ロ' }],
      ],
      [
        ['receptions_per_month', 'gt', 600, { note: 'ハ' }],
        ['concentration_rate', 'gt', 85, { note: 'ハ' }],
        ['urban_area', 'is_true', null, { note: 'ハ' }],
        ['other_pharmacies_within_500m', 'gte', 1, { note: 'ハ' }],
      ],
      [['top_institution_receptions_per_month', 'gt', 4000, { note: 'ニ' }]],
      [['group_same_institution_receptions_per_month', 'gt', 4000, { note: 'ホ' }]],
    ),
  }),
  r8Rule(R8_SOURCES.basic3ha, {
    ruleSet: 'basic_fee',
    code: 'basic_3ha',
    name: '調剤基本料3ハ',
    priority: 7,
    points: 37,
    conditions: r8Clauses(R8_SOURCES.basic3ha, [
      ['group_receptions_per_month', 'gt', 400_000],
      ['concentration_rate', 'lte', 85],
    ]),
  }),
  r8Rule(R8_SOURCES.location, {
    ruleSet: 'location_reduction',
    code: 'location_reduction',
    name: '門前薬局等立地依存減算',
    priority: 1,
    points: -15,
    conditions: r8Clauses(
      R8_SOURCES.location,
      [
        ...URBAN_WITH_NEIGHBOUR,
        OVER_85,
        ['near_large_hospital', 'is_true', null, { note: '(1) ハ ①' }],
        ['large_hospital_zone_pharmacies', 'gte', 2, { note: '(1) ハ ①' }],
        ...LOCATION_EXCLUSIONS,
      ],
      [
        ...URBAN_WITH_NEIGHBOUR,
        OVER_85,
        ['other_pharmacies_within_50m', 'gte', 2, { note: '(1) ハ ②' }],
        ...LOCATION_EXCLUSIONS,
      ],
      [
        ...URBAN_WITH_NEIGHBOUR,
        OVER_85,
        ['neighbour_pharmacies_within_50m', 'gte', 2, { note: '(1) ハ ③' }],
        ...LOCATION_EXCLUSIONS,
      ],
      [
        OVER_85,
        ['same_site_as_institution', 'is_true', null, { note: '(2)' }],
        ...LOCATION_EXCLUSIONS,
      ],
    ),
  }),
  regional(3, 1, 67, [BASIC_1, SYSTEM, ...CONSIDERABLE]),
  regional(2, 2, 59, [BASIC_1, SYSTEM, ...SUFFICIENT]),
  regional(5, 3, 59, [NOT_BASIC_1, SYSTEM, ...CONSIDERABLE]),
  regional(4, 4, 37, [NOT_BASIC_1, SYSTEM, ...SUFFICIENT]),
  regional(1, 5, 27, []),
  r8Rule(R8_SOURCES.genericReduction, {
    ruleSet: 'generic_reduction',
    code: 'generic_reduction',
    name: '後発医薬品減算',
    priority: 1,
    points: -5,
    conditions: r8Clauses(R8_SOURCES.genericReduction, [
      ['generic_share', 'lte', 50],
      ['receptions_per_month', 'gt', 600, { note: '月600回以下の薬局は対象外' }],
    ]),
  }),
  r8Rule(R8_SOURCES.transitionGeneric, {
    ruleSet: 'deemed_status',
    code: 'deemed_generic_gate',
    name: '後発医薬品調剤割合85%の経過措置',
    priority: 1,
    points: null,
    validUntil: '2027-05-31',
    conditions: r8Clauses(R8_SOURCES.transitionGeneric, [['held_generic_tier_2026_03', 'is_true']]),
  }),
  r8Rule(R8_SOURCES.transition1800, {
    ruleSet: 'deemed_status',
    code: 'deemed_1800',
    name: '月1,800回以下の薬局の集中率の経過措置',
    priority: 2,
    points: null,
    conditions: r8Clauses(R8_SOURCES.transition1800, [
      ['receptions_per_month_before_revision', 'lte', 1800],
      ['receptions_per_month', 'lte', 1800],
    ]),
  }),
  r8Rule(R8_SOURCES.transitionLocation, {
    ruleSet: 'deemed_status',
    code: 'deemed_location_exempt',
    name: '既存の薬局の立地依存減算の経過措置',
    priority: 3,
    points: null,
    conditions: r8Clauses(R8_SOURCES.transitionLocation, [
      ['designated_before_revision', 'is_true'],
    ]),
  }),
];

/**
 * What R8's deemed statuses decide while they hold, as the migration's facility_deemed_effects:
 * the 後発 gate met for every tier (第十七 八), 集中率 not over 85 % for 基本料2 and 立地依存減算
 * (第十七 六), and 立地依存減算 not applying to pharmacies designated before R8 (第十七 九).
 */
export const R8_DEEMED_EFFECTS: DeemedEffect[] = [
  ...[1, 2, 3, 4, 5].map((level): DeemedEffect => ({
    statusCode: 'deemed_generic_gate',
    ruleCode: `regional_supply_${level}`,
    measure: 'generic_share',
    outcome: true,
  })),
  {
    statusCode: 'deemed_1800',
    ruleCode: 'basic_2',
    measure: 'concentration_rate',
    outcome: false,
  },
  {
    statusCode: 'deemed_1800',
    ruleCode: 'location_reduction',
    measure: 'concentration_rate',
    outcome: false,
  },
  {
    statusCode: 'deemed_location_exempt',
    ruleCode: 'location_reduction',
    measure: null,
    outcome: false,
  },
];

export const R6_REVISION = revisionRules({
  code: 'R6',
  effectiveFrom: '2024-06-01',
  effectiveTo: '2026-05-31',
  rules: R6_RULES,
});
export const R8_REVISION = revisionRules({
  code: 'R8',
  effectiveFrom: '2026-06-01',
  effectiveTo: null,
  rules: R8_RULES,
  deemedEffects: R8_DEEMED_EFFECTS,
});
/** R6 then R8, as the rules call answers them. */
export const REFERENCE_REVISIONS: RevisionRules[] = [R6_REVISION, R8_REVISION];

/** Test data: an ordinary store's facts, stated: notified, none of the special cases, outside the 政令市, long designated, supplying medicine to other pharmacies. */
export const ORDINARY_FACTS: Omit<StoreFacts, 'designatedOn'> = {
  basic_fee_notified: true,
  special_relationship: false,
  real_estate_lease: false,
  low_resource_area: false,
  urban_area: false,
  same_site_as_institution: false,
  online_clinic_on_site: false,
  medicine_supply_record: true,
  price_negotiation: true,
  regional_support_system: false,
};

/** Test data: no other pharmacy or large hospital around. */
export const NO_NEIGHBOURS: StoreLocation = {
  other_pharmacies_within_500m: 0,
  other_pharmacies_within_50m: 0,
  neighbour_pharmacies_within_50m: 0,
  large_hospital_zone_pharmacies: 0,
  near_large_hospital: false,
};

/** Test data: the ordinary store's flags as a judgement's measures (no transitional status). */
export const ORDINARY_FLAGS: StoreMeasures = {
  ...ORDINARY_FACTS,
  ...NO_NEIGHBOURS,
  held_generic_tier_2026_03: false,
};
