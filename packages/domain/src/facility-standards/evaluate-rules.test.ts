import { describe, expect, it } from 'vitest';
import { evaluateFacilityStandards } from './evaluate-rules.ts';
import type { StoreMeasures } from './measures.ts';
import { R6_RULES, R8_RULES } from './reference-rules.fixture.ts';
import type { FacilityRule } from './rule-schemas.ts';

/** A single store of a small group that none of the 区分 conditions catch. */
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
  basic_fee_notified: true,
  special_relationship: false,
  real_estate_lease: false,
  low_resource_area: false,
  urban_new_opening: false,
};

const judge = (rules: FacilityRule[], measures: StoreMeasures) =>
  evaluateFacilityStandards(rules, { ...PLAIN, ...measures });
const basicFee = (rules: FacilityRule[], measures: StoreMeasures) =>
  judge(rules, measures).basicFee.applies?.code;
const genericTier = (rules: FacilityRule[], measures: StoreMeasures) =>
  judge(rules, measures).genericTier.applies?.code ?? null;
const reduced = (rules: FacilityRule[], measures: StoreMeasures) =>
  judge(rules, measures).genericReduction.applies !== null;

type Case = [string, StoreMeasures, string];

/** 基本料2 and 特別 thresholds that R6 and R8 share. */
const SHARED_BASIC_FEE_CASES: Case[] = [
  // 受付 over 4,000 and 上位3集中率 over 70 %
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
  // 受付 over 1,800 and 集中率 over 95 %
  ['受付1,801・集中率95.1%', { receptions_per_month: 1801, concentration_rate: 95.1 }, 'basic_2'],
  ['受付1,800・集中率95.1%', { receptions_per_month: 1800, concentration_rate: 95.1 }, 'basic_1'],
  ['受付1,799・集中率99%', { receptions_per_month: 1799, concentration_rate: 99 }, 'basic_1'],
  // one institution (same building summed) over 4,000; 集中率 low as the clinics are several
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
  // group stores sharing the top institution over 4,000
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

/** 基本料3 thresholds (group totals and store counts), the same in R6 and R8. */
const GROUP_CASES: Case[] = (
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
).map(([group, stores, concentration, lease, code]): Case => [
  `グループ${group}回・${stores}店舗・集中率${concentration}%${lease ? '・賃貸借' : ''}`,
  {
    receptions_per_month: 1500,
    group_receptions_per_month: group,
    group_store_count: stores,
    concentration_rate: concentration,
    real_estate_lease: lease,
  },
  code,
]);

describe('the 調剤基本料 区分 under R6', () => {
  it.each<Case>([
    ...SHARED_BASIC_FEE_CASES,
    ...GROUP_CASES,
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
      '政令市の新規開局・受付601・集中率90%',
      { urban_new_opening: true, receptions_per_month: 601, concentration_rate: 90 },
      'basic_1',
    ],
  ])('%s → %s', (_, measures, code) => {
    expect(basicFee(R6_RULES, measures)).toBe(code);
  });

  it('carries the points of the rule that applies', () => {
    expect(judge(R6_RULES, {}).basicFee.applies?.points).toBe(45);
    expect(
      judge(R6_RULES, { receptions_per_month: 2001, concentration_rate: 90 }).basicFee.applies
        ?.points,
    ).toBe(29);
  });
});

describe('the 調剤基本料 区分 under R8', () => {
  it.each<Case>([
    ...SHARED_BASIC_FEE_CASES,
    ...GROUP_CASES,
    // 受付 over 1,800 (down from 2,000) and 集中率 over 85 %
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
    // new openings in 政令市・東京23区: 集中率 over 85 % and over 600 回
    ...(
      [
        [true, 601, 85.1, 'basic_2'],
        [true, 600, 85.1, 'basic_1'],
        [true, 599, 90, 'basic_1'],
        [true, 601, 85, 'basic_1'],
        [true, 601, 84.9, 'basic_1'],
        [false, 601, 90, 'basic_1'],
      ] as const
    ).map(([urban, receptions, concentration, code]): Case => [
      `${urban ? '政令市の新規開局' : '既存'}・受付${receptions}・集中率${concentration}%`,
      {
        urban_new_opening: urban,
        receptions_per_month: receptions,
        concentration_rate: concentration,
      },
      code,
    ]),
  ])('%s → %s', (_, measures, code) => {
    expect(basicFee(R8_RULES, measures)).toBe(code);
  });

  it('carries the R8 points', () => {
    expect(judge(R8_RULES, {}).basicFee.applies?.points).toBe(47);
    expect(judge(R8_RULES, { group_receptions_per_month: 400_001 }).basicFee.applies?.points).toBe(
      37,
    );
  });
});

describe('the 後発医薬品 tier', () => {
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
  ])('R6: 後発割合 %s%%・カットオフ %s%% → %s', (share, cutoff, code) => {
    expect(genericTier(R6_RULES, { generic_share: share, cutoff_share: cutoff })).toBe(code);
  });

  it.each<[number, number, string | null]>([
    [85.1, 60, 'regional_supply_1'],
    [85, 60, 'regional_supply_1'],
    [84.9, 60, null],
    [80, 60, null],
    // the reference gives R8 no カットオフ requirement
    [90, 10, 'regional_supply_1'],
  ])('R8: 後発割合 %s%%・カットオフ %s%% → %s', (share, cutoff, code) => {
    expect(genericTier(R8_RULES, { generic_share: share, cutoff_share: cutoff })).toBe(code);
  });
});

describe('the 後発医薬品減算', () => {
  it.each<[number, number, boolean]>([
    [50, 601, true],
    [49.9, 601, true],
    [50.1, 601, false],
    [40, 600, false],
    [40, 599, false],
    [40, 601, true],
  ])('後発割合 %s%%・受付 %s回 → 減算 %s (R6 and R8)', (share, receptions, expected) => {
    const measures = { generic_share: share, receptions_per_month: receptions };
    expect(reduced(R6_RULES, measures)).toBe(expected);
    expect(reduced(R8_RULES, measures)).toBe(expected);
    if (expected) expect(judge(R8_RULES, measures).genericReduction.applies?.points).toBe(-5);
  });
});

describe('margins to the thresholds', () => {
  const conditionsOf = (rules: FacilityRule[], measures: StoreMeasures, code: string) => {
    const judgement = judge(rules, measures);
    const outcomes = [judgement.basicFee, judgement.genericTier, judgement.genericReduction]
      .flatMap((set) => set.rules)
      .find((r) => r.rule.code === code)!;
    return outcomes.clauses.flatMap((c) => c.conditions);
  };
  const margin = (
    rules: FacilityRule[],
    measures: StoreMeasures,
    code: string,
    clause: number,
    measure: string,
    comparator?: string,
  ) =>
    conditionsOf(rules, measures, code).find(
      (c) =>
        c.condition.clause === clause &&
        c.condition.measure === measure &&
        (comparator === undefined || c.condition.comparator === comparator),
    )!;

  it('is negative past a "more than" threshold and positive below it', () => {
    const store = { receptions_per_month: 1999, concentration_rate: 86.1 };
    expect(margin(R6_RULES, store, 'basic_2', 2, 'concentration_rate')).toMatchObject({
      met: true,
      margin: -1.1,
    });
    expect(margin(R6_RULES, store, 'basic_2', 2, 'receptions_per_month')).toMatchObject({
      met: false,
      margin: 1,
    });
    expect(margin(R8_RULES, store, 'basic_2', 2, 'receptions_per_month')).toMatchObject({
      met: true,
      margin: -199,
    });
  });

  it('is zero on the threshold, which satisfies "at least" but not "more than"', () => {
    const store = { generic_share: 85, concentration_rate: 85, receptions_per_month: 2500 };
    expect(margin(R6_RULES, store, 'generic_2', 1, 'generic_share')).toMatchObject({
      met: true,
      margin: 0,
    });
    expect(margin(R6_RULES, store, 'basic_2', 2, 'concentration_rate')).toMatchObject({
      met: false,
      margin: 0,
    });
  });

  it('tells the share still missing for the next tier', () => {
    expect(margin(R6_RULES, { generic_share: 82 }, 'generic_2', 1, 'generic_share')).toMatchObject({
      met: false,
      margin: 3,
    });
    expect(margin(R6_RULES, { generic_share: 82 }, 'generic_3', 1, 'generic_share').margin).toBe(8);
  });

  it('is negative inside an "at most" or "less than" threshold and positive beyond it', () => {
    const store = {
      group_receptions_per_month: 400_500,
      group_store_count: 299,
      concentration_rate: 84,
    };
    expect(margin(R6_RULES, store, 'basic_3ha', 1, 'concentration_rate')).toMatchObject({
      met: true,
      margin: -1,
    });
    expect(
      margin(R6_RULES, store, 'basic_3i', 3, 'group_receptions_per_month', 'lte'),
    ).toMatchObject({
      met: false,
      margin: 500,
    });
    expect(margin(R6_RULES, store, 'basic_3i', 3, 'group_store_count')).toMatchObject({
      met: true,
      margin: -1,
    });
  });

  it('is absent for flags', () => {
    expect(margin(R6_RULES, {}, 'special_a', 1, 'special_relationship')).toMatchObject({
      value: false,
      met: false,
      margin: null,
    });
  });
});

describe('unknown measures', () => {
  it('leave the rules that need them undecided instead of false', () => {
    const { basicFee: outcome } = evaluateFacilityStandards(R6_RULES, {
      ...PLAIN,
      real_estate_lease: null,
      group_receptions_per_month: 400_001,
      concentration_rate: 80,
    });
    expect(outcome.applies?.code).toBe('basic_3ha');
    expect(outcome.undecided.map((r) => r.code)).toEqual(['basic_3ro']);
    expect(outcome.rules.find((r) => r.rule.code === 'basic_3ro')!.met).toBeNull();
  });

  it('fall back to the default 区分 with every rule before it named as undecided', () => {
    const { basicFee: outcome, genericTier } = evaluateFacilityStandards(R6_RULES, {});
    expect(outcome).toMatchObject({ applies: { code: 'basic_1' }, byDefault: true });
    expect(outcome.undecided.map((r) => r.code)).toEqual([
      'special_b',
      'special_a',
      'basic_3ro',
      'basic_3ha',
      'basic_3i',
      'basic_2',
    ]);
    expect(genericTier.applies).toBeNull();
    expect(genericTier.undecided.map((r) => r.code)).toEqual([
      'generic_3',
      'generic_2',
      'generic_1',
    ]);
  });

  it('do not matter once another clause holds', () => {
    const { basicFee: outcome } = evaluateFacilityStandards(R6_RULES, {
      ...PLAIN,
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
    const measures = { generic_share: 95 };
    expect(genericTier([...R6_RULES].reverse(), measures)).toBe('generic_3');
  });

  it('alone hold the thresholds: a changed row changes the outcome', () => {
    const lowered = R6_RULES.map((rule) =>
      rule.code !== 'generic_1'
        ? rule
        : {
            ...rule,
            conditions: rule.conditions.map((c) =>
              c.measure === 'generic_share' ? { ...c, threshold: 75 } : c,
            ),
          },
    );
    expect(genericTier(lowered, { generic_share: 76 })).toBe('generic_1');
    expect(genericTier(R6_RULES, { generic_share: 76 })).toBeNull();
  });

  it('give a store judged by the basic fee default byDefault and the default rule', () => {
    expect(judge(R6_RULES, {}).basicFee).toMatchObject({
      applies: { code: 'basic_1' },
      byDefault: true,
      undecided: [],
    });
    expect(judge(R6_RULES, { low_resource_area: true }).basicFee).toMatchObject({
      applies: { code: 'basic_1' },
      byDefault: false,
    });
  });
});
