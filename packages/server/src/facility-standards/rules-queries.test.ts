import {
  CONDITION_COMPARATORS,
  evaluateFacilityStandards,
  FACILITY_STANDARDS_API_PATHS,
  facilityStandardRulesResponseSchema,
  type FacilityRule,
  type RevisionRules,
} from '@pharmalytics/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { facilityStandardRulesOn, loadFacilityStandardRules } from './rules-queries.ts';

/**
 * The seeded rules against the reference (dispensing-domain §1.1 R6, §1.6 R8 deltas): each rule
 * as its points and its clauses written out, "a > 1 & b ≤ 2" per clause.
 */
const clausesOf = (rule: FacilityRule) => {
  const byClause = new Map<number, string[]>();
  for (const c of rule.conditions) {
    const text =
      c.threshold === null
        ? `${c.measure} ${CONDITION_COMPARATORS[c.comparator].label}`
        : `${c.measure} ${CONDITION_COMPARATORS[c.comparator].symbol} ${c.threshold}`;
    byClause.set(c.clause, [...(byClause.get(c.clause) ?? []), text]);
  }
  return [...byClause.values()].map((texts) => texts.join(' & '));
};
const summary = (revision: RevisionRules) =>
  Object.fromEntries(
    revision.rules.map((r) => [
      r.code,
      { set: r.ruleSet, points: r.points, priority: r.priority, clauses: clausesOf(r) },
    ]),
  );

const bigGroup = (requirement: string) => [
  `group_receptions_per_month > 400000 & ${requirement}`,
  `group_store_count ≥ 300 & ${requirement}`,
];
const group3i = [
  '> 35000 & group_receptions_per_month ≤ 40000 & concentration_rate > 95',
  '> 35000 & group_receptions_per_month ≤ 40000 & real_estate_lease あり',
  '> 40000 & group_receptions_per_month ≤ 400000 & concentration_rate > 85',
  '> 40000 & group_receptions_per_month ≤ 400000 & real_estate_lease あり',
].map((text) => `group_receptions_per_month ${text} & group_store_count < 300`);
const basic2Shared = [
  'top_institution_receptions_per_month > 4000',
  'group_same_institution_receptions_per_month > 4000',
];
const basicFee = (points: number[], basic2: string[]) => ({
  special_b: {
    set: 'basic_fee',
    points: points[0],
    priority: 1,
    clauses: ['basic_fee_notified なし'],
  },
  special_a: {
    set: 'basic_fee',
    points: points[1],
    priority: 2,
    clauses: ['special_relationship あり & concentration_rate > 50'],
  },
  basic_1: {
    set: 'basic_fee',
    points: points[2],
    priority: 3,
    clauses: ['low_resource_area あり'],
  },
  basic_3ro: {
    set: 'basic_fee',
    points: points[3],
    priority: 4,
    clauses: [
      'group_receptions_per_month > 400000 & concentration_rate > 85',
      'group_receptions_per_month > 400000 & real_estate_lease あり',
      'group_store_count ≥ 300 & concentration_rate > 85',
      'group_store_count ≥ 300 & real_estate_lease あり',
    ],
  },
  basic_3ha: {
    set: 'basic_fee',
    points: points[4],
    priority: 5,
    clauses: bigGroup('concentration_rate ≤ 85'),
  },
  basic_3i: { set: 'basic_fee', points: points[5], priority: 6, clauses: group3i },
  basic_2: { set: 'basic_fee', points: points[6], priority: 7, clauses: basic2 },
});
const reduction = {
  set: 'generic_reduction',
  points: -5,
  priority: 1,
  clauses: ['generic_share ≤ 50 & receptions_per_month > 600'],
};

const R6 = {
  ...basicFee(
    [3, 5, 45, 19, 35, 24, 29],
    [
      'receptions_per_month > 4000 & top3_concentration_rate > 70',
      'receptions_per_month > 2000 & concentration_rate > 85',
      'receptions_per_month > 1800 & concentration_rate > 95',
      ...basic2Shared,
    ],
  ),
  generic_3: {
    set: 'generic_tier',
    points: 30,
    priority: 1,
    clauses: ['generic_share ≥ 90 & cutoff_share ≥ 50'],
  },
  generic_2: {
    set: 'generic_tier',
    points: 28,
    priority: 2,
    clauses: ['generic_share ≥ 85 & cutoff_share ≥ 50'],
  },
  generic_1: {
    set: 'generic_tier',
    points: 21,
    priority: 3,
    clauses: ['generic_share ≥ 80 & cutoff_share ≥ 50'],
  },
  generic_reduction: reduction,
};

const R8 = {
  ...basicFee(
    [3, 5, 47, 20, 37, 25, 30],
    [
      'receptions_per_month > 4000 & top3_concentration_rate > 70',
      'receptions_per_month > 1800 & concentration_rate > 85',
      'receptions_per_month > 1800 & concentration_rate > 95',
      ...basic2Shared,
      'urban_new_opening あり & concentration_rate > 85 & receptions_per_month > 600',
    ],
  ),
  regional_supply_1: {
    set: 'generic_tier',
    points: 27,
    priority: 1,
    clauses: ['generic_share ≥ 85'],
  },
  generic_reduction: reduction,
};

let t: TestApp;
let revisions: RevisionRules[];
beforeAll(async () => {
  t = await startTestApp();
  revisions = await loadFacilityStandardRules(t.db);
});
afterAll(() => t.close());

describe('the seeded facility standard rules', () => {
  it('are R6 from 2024-06-01 to 2026-05-31 and R8 from 2026-06-01 on', () => {
    expect(
      revisions.map(({ code, effectiveFrom, effectiveTo }) => ({
        code,
        effectiveFrom,
        effectiveTo,
      })),
    ).toEqual([
      { code: 'R6', effectiveFrom: '2024-06-01', effectiveTo: '2026-05-31' },
      { code: 'R8', effectiveFrom: '2026-06-01', effectiveTo: null },
    ]);
    for (const revision of revisions) expect(revision.source).not.toBe('');
  });

  it('hold the R6 区分, tiers and reduction of the reference', () => {
    expect(summary(revisions[0]!)).toEqual(R6);
    expect(revisions[0]!.rules.filter((r) => r.isDefault).map((r) => r.code)).toEqual(['basic_1']);
  });

  it('hold the R8 区分, the successor of the generic tiers and the reduction', () => {
    expect(summary(revisions[1]!)).toEqual(R8);
    expect(revisions[1]!.rules.filter((r) => r.isDefault).map((r) => r.code)).toEqual(['basic_1']);
  });

  it('mark exactly the figures the reference leaves unconfirmed or that we inferred', () => {
    const unconfirmed = revisions.flatMap((revision) =>
      revision.rules.flatMap((rule) => [
        ...(rule.confidence === 'unconfirmed' ? [`${revision.code} ${rule.code} points`] : []),
        ...rule.conditions
          .filter((c) => c.confidence === 'unconfirmed')
          .map((c) => `${revision.code} ${rule.code} ${c.measure} (${c.basis})`),
      ]),
    );
    expect(unconfirmed.sort()).toEqual([
      'R6 basic_1 low_resource_area (推定)',
      'R8 basic_1 low_resource_area (推定)',
      'R8 generic_reduction receptions_per_month (推定)',
      'R8 regional_supply_1 generic_share (未確認)',
      'R8 regional_supply_1 points',
    ]);
  });

  it('name a source for every rule and condition', () => {
    const sources = revisions.flatMap((r) =>
      r.rules.flatMap((rule) => [rule.source, ...rule.conditions.map((c) => c.source)]),
    );
    expect(sources.every((s) => s.length > 0)).toBe(true);
  });
});

describe('the rules in force on a day', () => {
  it.each([
    ['2024-05-31', null],
    ['2024-06-01', 'R6'],
    ['2026-05-31', 'R6'],
    ['2026-06-01', 'R8'],
  ])('%s → %s', async (date, code) => {
    expect((await facilityStandardRulesOn(t.db, date))?.code ?? null).toBe(code);
  });

  it('judge a store from the database rows alone', async () => {
    const store = {
      receptions_per_month: 1900,
      concentration_rate: 86.1,
      generic_share: 86,
      cutoff_share: 55,
    };
    const r6 = evaluateFacilityStandards(
      (await facilityStandardRulesOn(t.db, '2026-05-31'))!.rules,
      store,
    );
    const r8 = evaluateFacilityStandards(
      (await facilityStandardRulesOn(t.db, '2026-06-01'))!.rules,
      store,
    );
    expect([r6.basicFee.applies?.name, r6.genericTier.applies?.name]).toEqual([
      '調剤基本料1',
      '後発医薬品調剤体制加算2',
    ]);
    expect([r8.basicFee.applies?.name, r8.genericTier.applies?.name]).toEqual([
      '調剤基本料2',
      '地域支援・医薬品供給対応体制加算1',
    ]);
  });
});

describe(`GET ${FACILITY_STANDARDS_API_PATHS.rules}`, () => {
  it('answers a signed-in member every revision with its rules', async () => {
    const client = t.client();
    await client.login('free@example.com');
    const reply = await client.get(FACILITY_STANDARDS_API_PATHS.rules);
    expect(reply.status).toBe(200);
    expect(facilityStandardRulesResponseSchema.parse(reply.body)).toEqual({ revisions });
  });

  it('refuses a visitor without a session', async () => {
    expect((await t.client().get(FACILITY_STANDARDS_API_PATHS.rules)).status).toBe(401);
  });
});
