import type { ConditionComparator, FacilityMeasure, FacilityRuleSet } from './measures.ts';
import type { FacilityRule, RuleCondition } from './rule-schemas.ts';

/**
 * Test data: the rules of R6 and R8 written by hand from the reference (dispensing-domain §1.1,
 * §1.6), independently of the rows the database is seeded with.
 */

type Requirement = [FacilityMeasure, ConditionComparator, number?];

const clauses = (...alternatives: Requirement[][]): RuleCondition[] =>
  alternatives.flatMap((requirements, i) =>
    requirements.map(([measure, comparator, threshold]) => ({
      clause: i + 1,
      measure,
      comparator,
      threshold: threshold ?? null,
      basis: '二次' as const,
      confidence: 'confirmed' as const,
      source: 'reference',
      note: null,
    })),
  );

const rule = (
  ruleSet: FacilityRuleSet,
  code: string,
  priority: number,
  points: number,
  conditions: RuleCondition[],
  isDefault = false,
): FacilityRule => ({
  code,
  ruleSet,
  name: code,
  points,
  priority,
  isDefault,
  basis: '二次',
  confidence: 'confirmed',
  source: 'reference',
  note: null,
  conditions,
});

const bigGroup = (concentration: Requirement): Requirement[][] => [
  [['group_receptions_per_month', 'gt', 400_000], concentration],
  [['group_store_count', 'gte', 300], concentration],
];

function basicFeeRules(points: Record<string, number>, basic2: RuleCondition[]): FacilityRule[] {
  return [
    rule(
      'basic_fee',
      'special_b',
      1,
      points.special_b!,
      clauses([['basic_fee_notified', 'is_false']]),
    ),
    rule(
      'basic_fee',
      'special_a',
      2,
      points.special_a!,
      clauses([
        ['special_relationship', 'is_true'],
        ['concentration_rate', 'gt', 50],
      ]),
    ),
    rule(
      'basic_fee',
      'basic_1',
      3,
      points.basic_1!,
      clauses([['low_resource_area', 'is_true']]),
      true,
    ),
    rule(
      'basic_fee',
      'basic_3ro',
      4,
      points.basic_3ro!,
      clauses(
        ...bigGroup(['concentration_rate', 'gt', 85]),
        ...bigGroup(['real_estate_lease', 'is_true']),
      ),
    ),
    rule(
      'basic_fee',
      'basic_3ha',
      5,
      points.basic_3ha!,
      clauses(...bigGroup(['concentration_rate', 'lte', 85])),
    ),
    rule(
      'basic_fee',
      'basic_3i',
      6,
      points.basic_3i!,
      clauses(
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
          [...requirement] as Requirement,
          ['group_store_count', 'lt', 300],
        ]),
      ),
    ),
    rule('basic_fee', 'basic_2', 7, points.basic_2!, basic2),
  ];
}

const basic2Common: Requirement[][] = [
  [['top_institution_receptions_per_month', 'gt', 4000]],
  [['group_same_institution_receptions_per_month', 'gt', 4000]],
];

const generic = (code: string, priority: number, points: number, share: number) =>
  rule(
    'generic_tier',
    code,
    priority,
    points,
    clauses([
      ['generic_share', 'gte', share],
      ['cutoff_share', 'gte', 50],
    ]),
  );

const genericReduction = rule(
  'generic_reduction',
  'generic_reduction',
  1,
  -5,
  clauses([
    ['generic_share', 'lte', 50],
    ['receptions_per_month', 'gt', 600],
  ]),
);

export const R6_RULES: FacilityRule[] = [
  ...basicFeeRules(
    {
      special_b: 3,
      special_a: 5,
      basic_1: 45,
      basic_3ro: 19,
      basic_3ha: 35,
      basic_3i: 24,
      basic_2: 29,
    },
    clauses(
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
      ...basic2Common,
    ),
  ),
  generic('generic_3', 1, 30, 90),
  generic('generic_2', 2, 28, 85),
  generic('generic_1', 3, 21, 80),
  genericReduction,
];

export const R8_RULES: FacilityRule[] = [
  ...basicFeeRules(
    {
      special_b: 3,
      special_a: 5,
      basic_1: 47,
      basic_3ro: 20,
      basic_3ha: 37,
      basic_3i: 25,
      basic_2: 30,
    },
    clauses(
      [
        ['receptions_per_month', 'gt', 4000],
        ['top3_concentration_rate', 'gt', 70],
      ],
      [
        ['receptions_per_month', 'gt', 1800],
        ['concentration_rate', 'gt', 85],
      ],
      [
        ['receptions_per_month', 'gt', 1800],
        ['concentration_rate', 'gt', 95],
      ],
      ...basic2Common,
      [
        ['urban_new_opening', 'is_true'],
        ['concentration_rate', 'gt', 85],
        ['receptions_per_month', 'gt', 600],
      ],
    ),
  ),
  rule('generic_tier', 'regional_supply_1', 1, 27, clauses([['generic_share', 'gte', 85]])),
  genericReduction,
];
