import { describe, expect, it } from 'vitest';
import { evaluateFacilityStandards, type RuleOutcome } from './evaluate-rules.ts';
import type { Place } from '../geo.ts';
import { locationMeasures, type MasterHospital } from './location.ts';
import type { StoreMeasures } from './measures.ts';
import {
  R6_REVISION,
  R8_REVISION,
  revisionRules,
  ORDINARY_FLAGS,
} from './reference-rules.fixture.ts';
import type { FacilityRule, RevisionRules } from './rule-schemas.ts';

/** The first day each revision's outcomes apply to. */
const R6_DAY = '2025-06-01';
const R8_DAY = '2026-06-01';
const dayOf = (revision: RevisionRules) => (revision.code === 'R6' ? R6_DAY : R8_DAY);

/**
 * A single store of a small group that none of the 区分 conditions catch, outside the 政令市,
 * with no pharmacy around, opened after R8 (so no deemed status holds).
 */
const PLAIN: StoreMeasures = {
  receptions_per_month: 1000,
  concentration_rate: 50,
  top3_concentration_rate: 60,
  top_institution_receptions_per_month: 500,
  group_same_institution_receptions_per_month: 500,
  group_receptions_per_month: 1000,
  group_store_count: 1,
  generic_share: 70,
  cutoff_share: 60,
  ...ORDINARY_FLAGS,
  achievement_medication_adjustment: 0,
  achievement_primary_guidance: 0,
  achievement_night_holiday: 0,
  achievement_narcotics: 0,
  achievement_outpatient_support: 0,
  achievement_home_visits: 0,
  achievement_information_provision: 0,
  achievement_conferences: 0,
  receptions_per_month_before_revision: null,
  designated_before_revision: false,
  held_generic_tier_2026_03: false,
};

const judge = (revision: RevisionRules, measures: StoreMeasures, day = dayOf(revision)) =>
  evaluateFacilityStandards(revision, { ...PLAIN, ...measures }, day);
const basicFee = (revision: RevisionRules, measures: StoreMeasures) =>
  judge(revision, measures).basicFee.applies?.code;
const genericTier = (revision: RevisionRules, measures: StoreMeasures, day?: string) =>
  judge(revision, measures, day).genericTier.applies?.code ?? null;
const reduced = (revision: RevisionRules, measures: StoreMeasures) =>
  judge(revision, measures).genericReduction.applies !== null;
const locationReduced = (measures: StoreMeasures, day = R8_DAY) =>
  judge(R8_REVISION, measures, day).locationReduction.applies !== null;
const withRules = (revision: RevisionRules, rules: FacilityRule[]) =>
  revisionRules({ ...revision, rules, deemedEffects: revision.deemedEffects });

type Case = [string, StoreMeasures, string];

/** 基本料2 and 特別 thresholds that R6 and R8 share. */
const SHARED_BASIC_FEE_CASES: Case[] = [
  // 受付 over 4,000 and 上位3集中率 over 70 % (イ)
  [
    '受付4,000・上位3 70.1%',
    { receptions_per_month: 4000, top3_concentration_rate: 70.1 },
    'basic_1',
  ],
  ['受付3,999・上位3 80%', { receptions_per_month: 3999, top3_concentration_rate: 80 }, 'basic_1'],
  [
    '受付4,001・上位3 70.1%',
    { receptions_per_month: 4001, top3_concentration_rate: 70.1 },
    'basic_2',
  ],
  ['受付4,001・上位3 70%', { receptions_per_month: 4001, top3_concentration_rate: 70 }, 'basic_1'],
  [
    '受付4,001・上位3 69.9%',
    { receptions_per_month: 4001, top3_concentration_rate: 69.9 },
    'basic_1',
  ],
  // 受付 over 1,800 and 集中率 over 95 % (R6 ハ; within R8 ロ)
  ['受付1,801・集中率95.1%', { receptions_per_month: 1801, concentration_rate: 95.1 }, 'basic_2'],
  ['受付1,800・集中率95.1%', { receptions_per_month: 1800, concentration_rate: 95.1 }, 'basic_1'],
  ['受付1,799・集中率99%', { receptions_per_month: 1799, concentration_rate: 99 }, 'basic_1'],
  // one institution (same building summed) over 4,000 (ニ); 集中率 low as the clinics are several
  ...(
    [
      [3999, 'basic_1'],
      [4000, 'basic_1'],
      [4001, 'basic_2'],
    ] as const
  ).map(([count, code]): Case => [
    `同一建物の医療機関から${count}回`,
    {
      receptions_per_month: 6000,
      concentration_rate: 35,
      top3_concentration_rate: 70,
      top_institution_receptions_per_month: count,
    },
    code,
  ]),
  // group stores sharing the top institution over 4,000 (ホ)
  ...(
    [
      [3999, 'basic_1'],
      [4000, 'basic_1'],
      [4001, 'basic_2'],
    ] as const
  ).map(([count, code]): Case => [
    `グループで同じ医療機関から${count}回`,
    { group_same_institution_receptions_per_month: count, group_receptions_per_month: 9000 },
    code,
  ]),
  // 特別調剤基本料A: special relationship and 集中率 over 50 %
  [
    '特別な関係・集中率50.1%',
    { special_relationship: true, concentration_rate: 50.1 },
    'special_a',
  ],
  ['特別な関係・集中率50%', { special_relationship: true, concentration_rate: 50 }, 'basic_1'],
  ['特別な関係・集中率49.9%', { special_relationship: true, concentration_rate: 49.9 }, 'basic_1'],
  ['特別な関係なし・集中率90%', { special_relationship: false, concentration_rate: 90 }, 'basic_1'],
  // 特別調剤基本料B: no notification, whatever else
  [
    '届出なし（大手グループ）',
    { basic_fee_notified: false, group_receptions_per_month: 500_000, concentration_rate: 90 },
    'special_b',
  ],
  // 医療資源の少ない地域: 基本料1 over 基本料2 and 3, not over 特別A
  [
    '医療資源の少ない地域・受付4,001・上位3 80%',
    { low_resource_area: true, receptions_per_month: 4001, top3_concentration_rate: 80 },
    'basic_1',
  ],
  [
    '医療資源の少ない地域・大手グループ',
    { low_resource_area: true, group_receptions_per_month: 500_000, concentration_rate: 90 },
    'basic_1',
  ],
  [
    '医療資源の少ない地域・特別な関係',
    { low_resource_area: true, special_relationship: true, concentration_rate: 60 },
    'special_a',
  ],
];

const groupCase = ([group, stores, concentration, lease, code]: readonly [
  number,
  number,
  number,
  boolean,
  string,
]): Case => [
  `グループ${group}回・${stores}店舗・集中率${concentration}%${lease ? '・不動産取引等' : ''}`,
  {
    receptions_per_month: 1500,
    group_receptions_per_month: group,
    group_store_count: stores,
    concentration_rate: concentration,
    real_estate_lease: lease,
  },
  code,
];

/** 基本料3 under R6: group totals and the 300-store criterion. */
const R6_GROUP_CASES: Case[] = (
  [
    // 3.5万超〜4万: 集中率 over 95 % or a lease
    [35_000, 50, 95.1, false, 'basic_1'],
    [35_001, 50, 95.1, false, 'basic_3i'],
    [35_001, 50, 95, false, 'basic_1'],
    [35_001, 50, 94.9, false, 'basic_1'],
    [35_000, 50, 60, true, 'basic_1'],
    [35_001, 50, 60, true, 'basic_3i'],
    [40_000, 50, 95.1, false, 'basic_3i'],
    [40_000, 50, 90, false, 'basic_1'],
    // 4万超〜40万: 集中率 over 85 % or a lease
    [40_001, 50, 90, false, 'basic_3i'],
    [40_001, 50, 85.1, false, 'basic_3i'],
    [40_001, 50, 85, false, 'basic_1'],
    [40_001, 50, 84.9, false, 'basic_1'],
    [40_001, 50, 60, true, 'basic_3i'],
    [399_999, 50, 85.1, false, 'basic_3i'],
    [400_000, 50, 85.1, false, 'basic_3i'],
    [400_000, 50, 80, false, 'basic_1'],
    // over 40万: 3ロ with 集中率 over 85 % or a lease, else 3ハ
    [400_001, 50, 85.1, false, 'basic_3ro'],
    [400_001, 50, 85, false, 'basic_3ha'],
    [400_001, 50, 84.9, false, 'basic_3ha'],
    [400_001, 50, 80, true, 'basic_3ro'],
    // 300 stores or more, whatever the group total
    [50_000, 299, 90, false, 'basic_3i'],
    [50_000, 300, 90, false, 'basic_3ro'],
    [50_000, 301, 90, false, 'basic_3ro'],
    [30_000, 299, 85, false, 'basic_1'],
    [30_000, 300, 85, false, 'basic_3ha'],
    [30_000, 301, 84.9, false, 'basic_3ha'],
    [30_000, 300, 70, true, 'basic_3ro'],
  ] as const
).map(groupCase);

/** 基本料3 under R8: 3.5万超〜40万 at 85 % (no 95 % band), and no 300-store criterion. */
const R8_GROUP_CASES: Case[] = (
  [
    [35_000, 50, 90, false, 'basic_1'],
    [35_001, 50, 85.1, false, 'basic_3i'],
    [35_001, 50, 85, false, 'basic_1'],
    [35_001, 50, 84.9, false, 'basic_1'],
    [35_000, 50, 60, true, 'basic_1'],
    [35_001, 50, 60, true, 'basic_3i'],
    [38_000, 50, 90, false, 'basic_3i'],
    [399_999, 50, 85.1, false, 'basic_3i'],
    [400_000, 50, 85.1, false, 'basic_3i'],
    [400_000, 50, 85, false, 'basic_1'],
    [400_000, 50, 60, true, 'basic_3i'],
    [400_001, 50, 85.1, false, 'basic_3ro'],
    [400_001, 50, 85, false, 'basic_3ha'],
    [400_001, 50, 84.9, false, 'basic_3ha'],
    [400_001, 50, 60, true, 'basic_3ro'],
    // 300 stores or more no longer count
    [30_000, 300, 90, false, 'basic_1'],
    [30_000, 301, 80, false, 'basic_1'],
    [30_000, 500, 60, true, 'basic_1'],
  ] as const
).map(groupCase);

describe('the 調剤基本料 区分 under R6', () => {
  it.each<Case>([
    ...SHARED_BASIC_FEE_CASES,
    ...R6_GROUP_CASES,
    // 受付 over 2,000 and 集中率 over 85 %
    ['受付2,001・集中率85.1%', { receptions_per_month: 2001, concentration_rate: 85.1 }, 'basic_2'],
    ['受付2,000・集中率85.1%', { receptions_per_month: 2000, concentration_rate: 85.1 }, 'basic_1'],
    ['受付1,999・集中率90%', { receptions_per_month: 1999, concentration_rate: 90 }, 'basic_1'],
    ['受付2,001・集中率85%', { receptions_per_month: 2001, concentration_rate: 85 }, 'basic_1'],
    ['受付2,001・集中率84.9%', { receptions_per_month: 2001, concentration_rate: 84.9 }, 'basic_1'],
    [
      '受付1,801・集中率90%（R8 では基本料2）',
      { receptions_per_month: 1801, concentration_rate: 90 },
      'basic_1',
    ],
    // R8's urban rule does not exist in R6
    [
      '政令市・500m以内に薬局・受付601・集中率90%',
      {
        urban_area: true,
        other_pharmacies_within_500m: 1,
        receptions_per_month: 601,
        concentration_rate: 90,
      },
      'basic_1',
    ],
    // 3ハ leaves out the stores of 基本料2: judged after it
    [
      '300店舗のグループ・集中率80%・受付4,001・上位3 80%',
      {
        group_receptions_per_month: 50_000,
        group_store_count: 300,
        concentration_rate: 80,
        receptions_per_month: 4001,
        top3_concentration_rate: 80,
      },
      'basic_2',
    ],
  ])('%s → %s', (_, measures, code) => {
    expect(basicFee(R6_REVISION, measures)).toBe(code);
  });

  it('carries the points of the rule that applies', () => {
    expect(judge(R6_REVISION, {}).basicFee.applies?.points).toBe(45);
    expect(
      judge(R6_REVISION, { receptions_per_month: 2001, concentration_rate: 90 }).basicFee.applies
        ?.points,
    ).toBe(29);
  });

  it('has no 立地依存減算 and no deemed status', () => {
    const judged = judge(R6_REVISION, {
      urban_area: true,
      other_pharmacies_within_500m: 3,
      other_pharmacies_within_50m: 3,
      concentration_rate: 95,
    });
    expect(judged.locationReduction).toMatchObject({ applies: null, rules: [] });
    expect(judged.deemed).toEqual({ statuses: [], effects: [], undecidedEffects: [] });
  });
});

describe('調剤基本料の区分（R8）: 薬局の数字が基準をまたぐとき', () => {
  it.each<Case>([
    ...SHARED_BASIC_FEE_CASES,
    ...R8_GROUP_CASES,
    // ロ: 受付 over 1,800 (down from 2,000) and 集中率 over 85 %
    ['受付1,801・集中率85.1%', { receptions_per_month: 1801, concentration_rate: 85.1 }, 'basic_2'],
    ['受付1,800・集中率85.1%', { receptions_per_month: 1800, concentration_rate: 85.1 }, 'basic_1'],
    ['受付1,799・集中率90%', { receptions_per_month: 1799, concentration_rate: 90 }, 'basic_1'],
    ['受付1,801・集中率85%', { receptions_per_month: 1801, concentration_rate: 85 }, 'basic_1'],
    ['受付1,801・集中率84.9%', { receptions_per_month: 1801, concentration_rate: 84.9 }, 'basic_1'],
    [
      '受付2,000・集中率85.1%（R6 では基本料1）',
      { receptions_per_month: 2000, concentration_rate: 85.1 },
      'basic_2',
    ],
    // ハ: 政令市・東京23区, another pharmacy within 500 m, 集中率 over 85 % and 受付 over 600
    ...(
      [
        [true, 1, 601, 85.1, 'basic_2'],
        [true, 1, 600, 85.1, 'basic_1'],
        [true, 1, 599, 90, 'basic_1'],
        [true, 1, 601, 85, 'basic_1'],
        [true, 1, 601, 84.9, 'basic_1'],
        [true, 0, 601, 90, 'basic_1'],
        [true, 3, 1800, 90, 'basic_2'],
        [false, 1, 601, 90, 'basic_1'],
      ] as const
    ).map(([urban, nearby, receptions, concentration, code]): Case => [
      `${urban ? '政令市' : '政令市外'}・500m以内に他の薬局${nearby}・受付${receptions}・集中率${concentration}%`,
      {
        urban_area: urban,
        other_pharmacies_within_500m: nearby,
        receptions_per_month: receptions,
        concentration_rate: concentration,
      },
      code,
    ]),
    // 特別A ロ: an オンライン診療受診施設 on the site, whatever the 集中率
    [
      '同一敷地内のオンライン診療受診施設・集中率10%',
      { online_clinic_on_site: true, concentration_rate: 10 },
      'special_a',
    ],
    [
      '特別な関係・集中率90%・40万回超のグループ',
      { special_relationship: true, concentration_rate: 90, group_receptions_per_month: 500_000 },
      'special_a',
    ],
  ])('%s → %s', (_, measures, code) => {
    expect(basicFee(R8_REVISION, measures)).toBe(code);
  });

  it.each<Case>([
    [
      '3ロ は基本料2 より先: 40万回超・集中率90%・受付2,000',
      { group_receptions_per_month: 400_001, concentration_rate: 90, receptions_per_month: 2000 },
      'basic_3ro',
    ],
    [
      '3イ は基本料2 より先: 10万回・集中率90%・受付2,000',
      { group_receptions_per_month: 100_000, concentration_rate: 90, receptions_per_month: 2000 },
      'basic_3i',
    ],
    [
      '3ハ は基本料2 の薬局を除く: 40万回超・集中率80%・受付4,001・上位3 80%',
      {
        group_receptions_per_month: 400_001,
        concentration_rate: 80,
        receptions_per_month: 4001,
        top3_concentration_rate: 80,
      },
      'basic_2',
    ],
    [
      '3ハ: 40万回超・集中率80%・受付1,500',
      { group_receptions_per_month: 400_001, concentration_rate: 80 },
      'basic_3ha',
    ],
  ])('judges in the official order: %s → %s', (_, measures, code) => {
    expect(basicFee(R8_REVISION, measures)).toBe(code);
  });

  it('carries the R8 points', () => {
    const points = (measures: StoreMeasures) =>
      judge(R8_REVISION, measures).basicFee.applies?.points;
    expect(points({})).toBe(47);
    expect(points({ receptions_per_month: 2000, concentration_rate: 90 })).toBe(30);
    expect(points({ group_receptions_per_month: 100_000, concentration_rate: 90 })).toBe(25);
    expect(points({ group_receptions_per_month: 400_001, concentration_rate: 90 })).toBe(20);
    expect(points({ group_receptions_per_month: 400_001 })).toBe(37);
    expect(points({ online_clinic_on_site: true })).toBe(5);
    expect(points({ basic_fee_notified: false })).toBe(3);
  });

  it('names the clause of the official text each condition belongs to', () => {
    const basic2 = judge(R8_REVISION, {}).basicFee.rules.find((r) => r.rule.code === 'basic_2')!;
    expect(basic2.clauses.map((c) => c.conditions[0]!.condition.note)).toEqual([
      'イ',
      'ロ',
      'ハ',
      'ニ',
      'ホ',
    ]);
  });
});

/** Everything a 加算 tier asks besides the 後発 share; the 基本料 follows from the receptions. */
const TIER_READY: StoreMeasures = {
  medicine_supply_record: true,
  price_negotiation: true,
  regional_support_system: true,
  achievement_medication_adjustment: 20,
  achievement_primary_guidance: 20,
};
const CONSIDERABLE: StoreMeasures = {
  ...TIER_READY,
  achievement_medication_adjustment: 40,
  achievement_primary_guidance: 40,
  achievement_night_holiday: 400,
  achievement_narcotics: 10,
  achievement_outpatient_support: 12,
  achievement_home_visits: 24,
  achievement_information_provision: 60,
  achievement_conferences: 5,
};
/** A 基本料2 store (ロ). */
const BASIC_2: StoreMeasures = { receptions_per_month: 2000, concentration_rate: 90 };
const TIERS = [1, 2, 3, 4, 5].map((level) => `regional_supply_${level}`);

describe('地域支援・医薬品供給対応体制加算: 後発割合85%の壁', () => {
  it.each<[string, StoreMeasures]>([
    ['基本料1・十分な実績', TIER_READY],
    ['基本料1・相当の実績', CONSIDERABLE],
    ['基本料2・十分な実績', { ...TIER_READY, ...BASIC_2 }],
    ['基本料2・相当の実績', { ...CONSIDERABLE, ...BASIC_2 }],
  ])('後発割合84.9%の薬局は加算1〜5のどれも算定できない（%s）', (_, measures) => {
    const judged = judge(R8_REVISION, { ...measures, generic_share: 84.9 });
    expect(judged.genericTier.applies).toBeNull();
    expect(judged.genericTier.rules.map((r) => [r.rule.code, r.met])).toEqual(
      expect.arrayContaining(TIERS.map((code) => [code, false])),
    );
    for (const tier of judged.genericTier.rules) {
      const gate = tier.clauses[0]!.conditions.find((c) => c.condition.measure === 'generic_share');
      expect(gate).toMatchObject({ met: false, margin: 0.1, value: 84.9 });
    }
  });

  it.each<[string, StoreMeasures, string | null]>([
    ['供給体制のみ・後発85%', { generic_share: 85 }, 'regional_supply_1'],
    ['供給体制のみ・後発85.1%', { generic_share: 85.1 }, 'regional_supply_1'],
    ['供給体制のみ・後発84.9%', { generic_share: 84.9 }, null],
    ['基本料1・体制・実績20回・後発85%', { ...TIER_READY, generic_share: 85 }, 'regional_supply_2'],
    ['基本料1・相当の実績・後発85%', { ...CONSIDERABLE, generic_share: 85 }, 'regional_supply_3'],
    [
      '基本料2・体制・実績20回・後発85%',
      { ...TIER_READY, ...BASIC_2, generic_share: 85 },
      'regional_supply_4',
    ],
    [
      '基本料2・相当の実績・後発85%',
      { ...CONSIDERABLE, ...BASIC_2, generic_share: 85 },
      'regional_supply_5',
    ],
    [
      '基本料1・体制あり・実績19回・後発90%',
      { ...TIER_READY, achievement_primary_guidance: 19, generic_share: 90 },
      'regional_supply_1',
    ],
    [
      '基本料1・体制なし・実績20回・後発90%',
      { ...TIER_READY, regional_support_system: false, generic_share: 90 },
      'regional_supply_1',
    ],
    ['医薬品の分譲実績なし・後発90%', { medicine_supply_record: false, generic_share: 90 }, null],
    ['単品単価交渉なし・後発90%', { price_negotiation: false, generic_share: 90 }, null],
    [
      '特別調剤基本料B・後発95%',
      { ...CONSIDERABLE, basic_fee_notified: false, generic_share: 95 },
      null,
    ],
    [
      'カットオフ値10%・後発90%（R8 にカットオフの要件はない）',
      { cutoff_share: 10, generic_share: 90 },
      'regional_supply_1',
    ],
  ])('%s → %s', (_, measures, code) => {
    expect(genericTier(R8_REVISION, measures)).toBe(code);
  });

  it('tells the points of the tier (特別A の10/100 is the wire’s, not the rule’s)', () => {
    const points = (measures: StoreMeasures) =>
      judge(R8_REVISION, { ...measures, generic_share: 90 }).genericTier.applies?.points;
    expect(points({})).toBe(27);
    expect(points(TIER_READY)).toBe(59);
    expect(points(CONSIDERABLE)).toBe(67);
    expect(points({ ...TIER_READY, ...BASIC_2 })).toBe(37);
    expect(points({ ...CONSIDERABLE, ...BASIC_2 })).toBe(59);
  });

  it('leaves the tier undecided while a fact the administrator states is missing', () => {
    const judged = judge(R8_REVISION, {
      ...TIER_READY,
      price_negotiation: null,
      generic_share: 90,
    });
    expect(judged.genericTier.applies).toBeNull();
    expect(judged.genericTier.undecided.map((r) => r.code)).toEqual([
      'regional_supply_2',
      'regional_supply_1',
    ]);
  });

  it('marks the 相当の実績 thresholds as unconfirmed, the 85 % gate as confirmed', () => {
    const rules = judge(R8_REVISION, {}).genericTier.rules;
    const conditionOf = (code: string, measure: string) =>
      rules
        .find((r) => r.rule.code === code)!
        .clauses[0]!.conditions.find((c) => c.condition.measure === measure)!.condition;
    expect(conditionOf('regional_supply_3', 'achievement_home_visits').confidence).toBe(
      'unconfirmed',
    );
    expect(conditionOf('regional_supply_2', 'achievement_primary_guidance').confidence).toBe(
      'confirmed',
    );
    expect(conditionOf('regional_supply_1', 'generic_share').confidence).toBe('confirmed');
  });
});

describe('the 後発医薬品 tier under R6', () => {
  it.each<[number, number, string | null]>([
    [90.1, 50, 'generic_3'],
    [90, 50, 'generic_3'],
    [89.9, 50, 'generic_2'],
    [85.1, 50, 'generic_2'],
    [85, 50, 'generic_2'],
    [84.9, 50, 'generic_1'],
    [80.1, 50, 'generic_1'],
    [80, 50, 'generic_1'],
    [79.9, 50, null],
    [95, 50.1, 'generic_3'],
    [95, 49.9, null],
    [82, 49.9, null],
  ])('後発割合 %s%%・カットオフ %s%% → %s', (share, cutoff, code) => {
    expect(genericTier(R6_REVISION, { generic_share: share, cutoff_share: cutoff })).toBe(code);
  });
});

describe('後発医薬品減算（50%以下、月600回以下は対象外）', () => {
  it.each<[number, number, boolean]>([
    [50, 601, true],
    [49.9, 601, true],
    [50.1, 601, false],
    [40, 600, false],
    [40, 599, false],
    [40, 601, true],
  ])('後発割合 %s%%・受付 %s回 → 減算 %s (R6 and R8)', (share, receptions, expected) => {
    const measures = { generic_share: share, receptions_per_month: receptions };
    expect(reduced(R6_REVISION, measures)).toBe(expected);
    expect(reduced(R8_REVISION, measures)).toBe(expected);
    if (expected) {
      expect(judge(R8_REVISION, measures).genericReduction.applies?.points).toBe(-5);
    }
  });
});

/** 福岡市中央区 (別表第三の一); places are put north of it, 1° of latitude ≈ 111,195 m. */
const STORE: Place = { latitude: 33.59, longitude: 130.4 };
const METERS_PER_DEGREE = 111_195;
const north = (meters: number): Place => ({
  latitude: STORE.latitude + meters / METERS_PER_DEGREE,
  longitude: STORE.longitude,
});
const pharmacy = (meters: number) => ({ ...north(meters), name: `${meters}m の薬局` });
const hospital = (meters: number, beds: number): MasterHospital => ({ ...north(meters), beds });
/** The store's distances to the pharmacies and hospitals around it, as the judgement takes them. */
const around = (pharmacies: number[], hospitals: MasterHospital[] = []) =>
  locationMeasures(STORE, pharmacies.map(pharmacy), hospitals);

describe('基本料2 ハ: 政令市で500m以内に他の薬局がある薬局', () => {
  const urban: StoreMeasures = {
    urban_area: true,
    receptions_per_month: 1000,
    concentration_rate: 90,
  };

  it('is 調剤基本料2 with a pharmacy 499 m away, 調剤基本料1 with one 501 m away', () => {
    expect(around([499]).other_pharmacies_within_500m).toBe(1);
    expect(around([501]).other_pharmacies_within_500m).toBe(0);
    expect(basicFee(R8_REVISION, { ...urban, ...around([499]) })).toBe('basic_2');
    expect(basicFee(R8_REVISION, { ...urban, ...around([501]) })).toBe('basic_1');
  });

  it('does not count the store’s own entry in the master, and needs the 政令市', () => {
    expect(around([0, 2]).other_pharmacies_within_500m).toBe(0);
    expect(basicFee(R8_REVISION, { ...urban, urban_area: false, ...around([499]) })).toBe(
      'basic_1',
    );
  });

  it('stays undecided without the store’s coordinates', () => {
    const unplaced = locationMeasures(null, [pharmacy(100)], []);
    const outcome = judge(R8_REVISION, { ...urban, ...unplaced }).basicFee;
    expect(outcome).toMatchObject({ applies: { code: 'basic_1' }, byDefault: true });
    expect(outcome.undecided.map((r) => r.code)).toEqual(['basic_2']);
  });
});

describe('門前薬局等立地依存減算（−15点）', () => {
  /** 政令市, 集中率 90 %, designated after 2026-05-31. */
  const URBAN_90: StoreMeasures = {
    urban_area: true,
    concentration_rate: 90,
    receptions_per_month: 1500,
  };
  const clausesHeld = (measures: StoreMeasures) =>
    judge(R8_REVISION, measures)
      .locationReduction.rules[0]!.clauses.filter((c) => c.met === true)
      .map((c) => c.clause);

  it('① 200床以上の病院から100m以内で、その範囲に他の薬局が2つ以上ある', () => {
    // hospital 90 m north; pharmacies 150 and 170 m north: 60 and 80 m from the hospital
    const zone = around([150, 170], [hospital(90, 200)]);
    expect(zone).toMatchObject({ near_large_hospital: true, large_hospital_zone_pharmacies: 2 });
    expect(clausesHeld({ ...URBAN_90, ...zone })).toEqual([1]);
    expect(locationReduced({ ...URBAN_90, ...zone })).toBe(true);
    expect(judge(R8_REVISION, { ...URBAN_90, ...zone }).locationReduction.applies?.points).toBe(
      -15,
    );
  });

  it('① does not count a hospital of 199 beds, nor a single pharmacy by the hospital', () => {
    const small = around([150, 170], [hospital(90, 199)]);
    expect(small).toMatchObject({ near_large_hospital: false, large_hospital_zone_pharmacies: 0 });
    expect(locationReduced({ ...URBAN_90, ...small })).toBe(false);
    expect(locationReduced({ ...URBAN_90, ...around([150], [hospital(90, 500)]) })).toBe(false);
  });

  it('② 50m以内に他の薬局が2つ以上ある', () => {
    const two = around([30, -40]);
    expect(two.other_pharmacies_within_50m).toBe(2);
    expect(clausesHeld({ ...URBAN_90, ...two })).toEqual([2]);
    expect(locationReduced({ ...URBAN_90, ...around([30]) })).toBe(false);
    expect(locationReduced({ ...URBAN_90, ...around([30, -51]) })).toBe(false);
  });

  it('③ 50m以内の薬局が②に当たる（その50m以内に、この薬局を含めて2つ以上）', () => {
    // the neighbour 40 m north has the store and the pharmacy 80 m north within 50 m of it
    const crowdedNeighbour = around([40, 80]);
    expect(crowdedNeighbour).toMatchObject({
      other_pharmacies_within_50m: 1,
      neighbour_pharmacies_within_50m: 2,
    });
    expect(clausesHeld({ ...URBAN_90, ...crowdedNeighbour })).toEqual([3]);
    // 100 m north is 60 m from the neighbour: it has only the store
    expect(locationReduced({ ...URBAN_90, ...around([40, 100]) })).toBe(false);
  });

  it('(2) 医療機関と同一敷地内・同一建物内で集中率85%超, wherever the store is', () => {
    const onSite = { concentration_rate: 85.1, same_site_as_institution: true };
    expect(clausesHeld(onSite)).toEqual([4]);
    expect(locationReduced({ ...onSite, concentration_rate: 85 })).toBe(false);
  });

  it.each<[string, StoreMeasures, boolean]>([
    ['集中率85.1%', { concentration_rate: 85.1 }, true],
    ['集中率85%', { concentration_rate: 85 }, false],
    ['政令市外', { urban_area: false }, false],
    ['特別調剤基本料A の薬局', { special_relationship: true }, false],
    ['医療資源の少ない地域', { low_resource_area: true }, false],
  ])('② with %s → 減算 %s', (_, measures, expected) => {
    expect(locationReduced({ ...URBAN_90, ...around([30, -40]), ...measures })).toBe(expected);
  });

  it('excludes 特別A and 医療資源の少ない地域 from the on-site clause (2) too', () => {
    const onSite = { concentration_rate: 90, same_site_as_institution: true };
    expect(locationReduced({ ...onSite, special_relationship: true })).toBe(false);
    expect(locationReduced({ ...onSite, low_resource_area: true })).toBe(false);
  });
});

describe('経過措置: 期限の前と後', () => {
  const deemedCondition = (outcome: RuleOutcome, measure: string) =>
    outcome.clauses.flatMap((c) => c.conditions).find((c) => c.condition.measure === measure)!;

  describe('後発85%の経過措置（令和8年3月に後発医薬品調剤体制加算を届け出ていた薬局、2027年5月31日まで）', () => {
    const HELD = { held_generic_tier_2026_03: true, generic_share: 70 };

    it('keeps 加算1 for a store at 70 % on 2027-05-01 and 2027-05-31', () => {
      for (const day of ['2026-06-01', '2027-05-01', '2027-05-31']) {
        const judged = judge(R8_REVISION, HELD, day);
        expect(judged.genericTier.applies?.code).toBe('regional_supply_1');
        const tier = judged.genericTier.rules.find((r) => r.rule.code === 'regional_supply_1')!;
        expect(deemedCondition(tier, 'generic_share')).toMatchObject({
          value: 70,
          met: true,
          deemedBy: 'deemed_generic_gate',
        });
      }
    });

    it('keeps the higher tiers behind the gate too', () => {
      expect(genericTier(R8_REVISION, { ...HELD, ...TIER_READY }, '2027-05-01')).toBe(
        'regional_supply_2',
      );
    });

    it('ends on 2027-06-01: the store loses every tier', () => {
      const judged = judge(R8_REVISION, HELD, '2027-06-01');
      expect(judged.genericTier.applies).toBeNull();
      expect(judged.deemed.statuses.map((s) => s.rule.code)).not.toContain('deemed_generic_gate');
      expect(judged.deemed.effects.filter((e) => e.statusCode === 'deemed_generic_gate')).toEqual(
        [],
      );
    });

    it('does not help a store that held no 後発 tier in March 2026', () => {
      expect(
        genericTier(R8_REVISION, { ...HELD, held_generic_tier_2026_03: false }, '2027-05-01'),
      ).toBeNull();
    });
  });

  describe('月1,800回以下の経過措置（当面の間、集中率85%以下とみなす）', () => {
    /** 政令市, two pharmacies within 50 m, 集中率 90 %, designated after the revision. */
    const CROWDED = { urban_area: true, concentration_rate: 90, ...around([30, -40]) };

    it('keeps a store filed at ≤ 1,800 and still at 1,800 out of ハ and the 立地減算', () => {
      const judged = judge(R8_REVISION, {
        ...CROWDED,
        receptions_per_month_before_revision: 1800,
        receptions_per_month: 1800,
      });
      expect(judged.basicFee.applies?.code).toBe('basic_1');
      const basic2 = judged.basicFee.rules.find((r) => r.rule.code === 'basic_2')!;
      expect(basic2.clauses[2]!.conditions[1]).toMatchObject({
        value: 90,
        met: false,
        deemedBy: 'deemed_1800',
      });
      expect(judged.locationReduction.applies).toBeNull();
      expect(
        deemedCondition(judged.locationReduction.rules[0]!, 'concentration_rate'),
      ).toMatchObject({ met: false, deemedBy: 'deemed_1800' });
    });

    it('holds on any later day (no expiry)', () => {
      const measures = {
        ...CROWDED,
        receptions_per_month_before_revision: 1500,
        receptions_per_month: 1700,
      };
      expect(judge(R8_REVISION, measures, '2030-06-01').basicFee.applies?.code).toBe('basic_1');
    });

    it.each<[string, number, number]>([
      ['改定前に1,801回', 1801, 1800],
      ['改定後に1,801回', 1500, 1801],
    ])('does not hold once over 1,800 (%s)', (_, before, now) => {
      const judged = judge(R8_REVISION, {
        ...CROWDED,
        receptions_per_month_before_revision: before,
        receptions_per_month: now,
      });
      expect(judged.basicFee.applies?.code).toBe('basic_2');
      expect(judged.locationReduction.applies?.code).toBe('location_reduction');
    });
  });

  describe('立地依存減算の経過措置（令和8年5月31日以前に指定を受けた薬局）', () => {
    const CROWDED = { urban_area: true, concentration_rate: 90, ...around([30, -40]) };

    it('exempts a store designated before the revision, as a whole', () => {
      const judged = judge(R8_REVISION, { ...CROWDED, designated_before_revision: true });
      expect(judged.locationReduction.applies).toBeNull();
      expect(judged.locationReduction.rules[0]).toMatchObject({
        met: false,
        deemedBy: 'deemed_location_exempt',
      });
    });

    it('does not exempt a store designated after it', () => {
      expect(locationReduced({ ...CROWDED, designated_before_revision: false })).toBe(true);
    });

    it('reads undecided while the designation date is unknown', () => {
      const judged = judge(R8_REVISION, { ...CROWDED, designated_before_revision: null });
      const status = judged.deemed.statuses.find((s) => s.rule.code === 'deemed_location_exempt')!;
      expect(status.met).toBeNull();
      expect(status.rule.validUntil).toBeNull();
    });
  });
});

describe('margins to the thresholds', () => {
  const conditionsOf = (revision: RevisionRules, measures: StoreMeasures, code: string) => {
    const judgement = judge(revision, measures);
    const outcomes = [
      judgement.basicFee,
      judgement.genericTier,
      judgement.genericReduction,
      judgement.locationReduction,
    ]
      .flatMap((set) => set.rules)
      .find((r) => r.rule.code === code)!;
    return outcomes.clauses.flatMap((c) => c.conditions);
  };
  const margin = (
    revision: RevisionRules,
    measures: StoreMeasures,
    code: string,
    clause: number,
    measure: string,
    comparator?: string,
  ) =>
    conditionsOf(revision, measures, code).find(
      (c) =>
        c.condition.clause === clause &&
        c.condition.measure === measure &&
        (comparator === undefined || c.condition.comparator === comparator),
    )!;

  it('is negative past a "more than" threshold and positive below it', () => {
    const store = { receptions_per_month: 1999, concentration_rate: 86.1 };
    expect(margin(R6_REVISION, store, 'basic_2', 2, 'concentration_rate')).toMatchObject({
      met: true,
      margin: -1.1,
    });
    expect(margin(R6_REVISION, store, 'basic_2', 2, 'receptions_per_month')).toMatchObject({
      met: false,
      margin: 1,
    });
    expect(margin(R8_REVISION, store, 'basic_2', 2, 'receptions_per_month')).toMatchObject({
      met: true,
      margin: -199,
    });
  });

  it('is zero on the threshold, which satisfies "at least" but not "more than"', () => {
    const store = { generic_share: 85, concentration_rate: 85, receptions_per_month: 2500 };
    expect(margin(R6_REVISION, store, 'generic_2', 1, 'generic_share')).toMatchObject({
      met: true,
      margin: 0,
    });
    expect(margin(R8_REVISION, store, 'regional_supply_1', 1, 'generic_share')).toMatchObject({
      met: true,
      margin: 0,
    });
    expect(margin(R6_REVISION, store, 'basic_2', 2, 'concentration_rate')).toMatchObject({
      met: false,
      margin: 0,
    });
  });

  it('tells the share still missing for the 85 % gate', () => {
    expect(
      margin(R8_REVISION, { generic_share: 81.1 }, 'regional_supply_1', 1, 'generic_share'),
    ).toMatchObject({ met: false, margin: 3.9 });
    expect(margin(R6_REVISION, { generic_share: 82 }, 'generic_3', 1, 'generic_share').margin).toBe(
      8,
    );
  });

  it('is negative inside an "at most" or "less than" threshold and positive beyond it', () => {
    const store = {
      group_receptions_per_month: 400_500,
      group_store_count: 299,
      concentration_rate: 84,
    };
    expect(margin(R6_REVISION, store, 'basic_3ha', 1, 'concentration_rate')).toMatchObject({
      met: true,
      margin: -1,
    });
    expect(
      margin(R6_REVISION, store, 'basic_3i', 3, 'group_receptions_per_month', 'lte'),
    ).toMatchObject({
      met: false,
      margin: 500,
    });
    expect(margin(R6_REVISION, store, 'basic_3i', 3, 'group_store_count')).toMatchObject({
      met: true,
      margin: -1,
    });
  });

  it('is absent for flags', () => {
    expect(margin(R6_REVISION, {}, 'special_a', 1, 'special_relationship')).toMatchObject({
      value: false,
      met: false,
      margin: null,
    });
  });
});

describe('unknown measures', () => {
  it('leave the rules that need them undecided instead of false', () => {
    const { basicFee: outcome } = judge(R6_REVISION, {
      real_estate_lease: null,
      group_receptions_per_month: 400_001,
      concentration_rate: 80,
    });
    expect(outcome.applies?.code).toBe('basic_3ha');
    expect(outcome.undecided.map((r) => r.code)).toEqual(['basic_3ro']);
    expect(outcome.rules.find((r) => r.rule.code === 'basic_3ro')!.met).toBeNull();
  });

  it('fall back to the default 区分 with every rule before it named as undecided', () => {
    const { basicFee: outcome, genericTier } = evaluateFacilityStandards(R6_REVISION, {}, R6_DAY);
    expect(outcome).toMatchObject({ applies: { code: 'basic_1' }, byDefault: true });
    expect(outcome.undecided.map((r) => r.code)).toEqual([
      'special_b',
      'special_a',
      'basic_3ro',
      'basic_3i',
      'basic_2',
      'basic_3ha',
    ]);
    expect(genericTier.applies).toBeNull();
    expect(genericTier.undecided.map((r) => r.code)).toEqual([
      'generic_3',
      'generic_2',
      'generic_1',
    ]);
  });

  it('do not matter once another clause holds', () => {
    const { basicFee: outcome } = judge(R6_REVISION, {
      top3_concentration_rate: null,
      receptions_per_month: 2001,
      concentration_rate: 90,
    });
    expect(outcome).toMatchObject({
      applies: { code: 'basic_2' },
      byDefault: false,
      undecided: [],
    });
  });
});

describe('the rules passed in', () => {
  it('are judged by priority, not by their order in the list', () => {
    const reversed = withRules(R6_REVISION, [...R6_REVISION.rules].reverse());
    expect(genericTier(reversed, { generic_share: 95 })).toBe('generic_3');
    const r8Reversed = withRules(R8_REVISION, [...R8_REVISION.rules].reverse());
    expect(genericTier(r8Reversed, { ...CONSIDERABLE, generic_share: 95 })).toBe(
      'regional_supply_3',
    );
  });

  it('alone hold the thresholds: a changed row changes the outcome', () => {
    const lowered = withRules(
      R8_REVISION,
      R8_REVISION.rules.map((rule) =>
        !rule.code.startsWith('regional_supply_')
          ? rule
          : {
              ...rule,
              conditions: rule.conditions.map((c) =>
                c.measure === 'generic_share' ? { ...c, threshold: 80 } : c,
              ),
            },
      ),
    );
    expect(genericTier(lowered, { generic_share: 82 })).toBe('regional_supply_1');
    expect(genericTier(R8_REVISION, { generic_share: 82 })).toBeNull();
  });

  it('give a deemed status its effect only through the revision’s deemed effects', () => {
    const without = revisionRules({ ...R8_REVISION, deemedEffects: [] });
    const held = { held_generic_tier_2026_03: true, generic_share: 70 };
    expect(genericTier(without, held, '2027-05-01')).toBeNull();
    expect(judge(without, held, '2027-05-01').deemed.statuses[0]).toMatchObject({
      rule: { code: 'deemed_generic_gate' },
      met: true,
    });
  });

  it('give a store judged by the basic fee default byDefault and the default rule', () => {
    expect(judge(R8_REVISION, {}).basicFee).toMatchObject({
      applies: { code: 'basic_1' },
      byDefault: true,
      undecided: [],
    });
    expect(judge(R8_REVISION, { low_resource_area: true }).basicFee).toMatchObject({
      applies: { code: 'basic_1' },
      byDefault: false,
    });
  });
});
