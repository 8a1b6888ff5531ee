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
 * The seeded rules against the official texts (R6: 告示第57号・第59号; R8: 告示第69号・第71号): each rule
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

const R6_BIG_GROUP = (requirement: string) => [
  `group_receptions_per_month > 400000 & ${requirement}`,
  `group_store_count ≥ 300 & ${requirement}`,
];
const R6_GROUP_3I = [
  '> 35000 & group_receptions_per_month ≤ 40000 & concentration_rate > 95',
  '> 35000 & group_receptions_per_month ≤ 40000 & real_estate_lease あり',
  '> 40000 & group_receptions_per_month ≤ 400000 & concentration_rate > 85',
  '> 40000 & group_receptions_per_month ≤ 400000 & real_estate_lease あり',
].map((text) => `group_receptions_per_month ${text} & group_store_count < 300`);
const rule = (set: string, points: number | null, priority: number, clauses: string[]) => ({
  set,
  points,
  priority,
  clauses,
});

/** R6 as its 告示 (第57号・第59号) reads; 3ハ after 基本料2, which it leaves out. */
const R6 = {
  special_b: rule('basic_fee', 3, 1, ['basic_fee_notified なし']),
  special_a: rule('basic_fee', 5, 2, ['special_relationship あり & concentration_rate > 50']),
  basic_1: rule('basic_fee', 45, 3, ['low_resource_area あり']),
  basic_3ro: rule(
    'basic_fee',
    19,
    4,
    [...R6_BIG_GROUP('concentration_rate > 85'), ...R6_BIG_GROUP('real_estate_lease あり')].sort(
      (a, b) => (a.startsWith('group_store') ? 1 : 0) - (b.startsWith('group_store') ? 1 : 0),
    ),
  ),
  basic_3i: rule('basic_fee', 24, 5, R6_GROUP_3I),
  basic_2: rule('basic_fee', 29, 6, [
    'receptions_per_month > 4000 & top3_concentration_rate > 70',
    'receptions_per_month > 2000 & concentration_rate > 85',
    'receptions_per_month > 1800 & concentration_rate > 95',
    'top_institution_receptions_per_month > 4000',
    'group_same_institution_receptions_per_month > 4000',
  ]),
  basic_3ha: rule('basic_fee', 35, 7, R6_BIG_GROUP('concentration_rate ≤ 85')),
  generic_3: rule('generic_tier', 30, 1, ['generic_share ≥ 90 & cutoff_share ≥ 50']),
  generic_2: rule('generic_tier', 28, 2, ['generic_share ≥ 85 & cutoff_share ≥ 50']),
  generic_1: rule('generic_tier', 21, 3, ['generic_share ≥ 80 & cutoff_share ≥ 50']),
  generic_reduction: rule('generic_reduction', -5, 1, [
    'generic_share ≤ 50 & receptions_per_month > 600',
  ]),
};

const URBAN_CROWDED =
  'urban_area あり & other_pharmacies_within_500m ≥ 1 & concentration_rate > 85';
const NOT_EXEMPT = 'special_fee_a なし & low_resource_area なし';
const SUPPLY = 'generic_share ≥ 85 & medicine_supply_record あり & price_negotiation あり';
const SUFFICIENT = 'achievement_medication_adjustment ≥ 20 & achievement_primary_guidance ≥ 20';
const SUBSTANTIAL = [
  'achievement_medication_adjustment ≥ 40',
  'achievement_primary_guidance ≥ 40',
  'achievement_night_holiday ≥ 400',
  'achievement_narcotics ≥ 10',
  'achievement_outpatient_support ≥ 12',
  'achievement_home_visits ≥ 24',
  'achievement_information_provision ≥ 60',
  'achievement_conferences ≥ 5',
].join(' & ');

/** R8 as 告示第69号 and 第71号 and the 疑義解釈資料 read. */
const R8 = {
  special_b: rule('basic_fee', 3, 1, ['basic_fee_notified なし']),
  special_a: rule('basic_fee', 5, 2, [
    'special_relationship あり & concentration_rate > 50',
    'online_clinic_on_site あり',
  ]),
  basic_1: rule('basic_fee', 47, 3, ['low_resource_area あり']),
  basic_3ro: rule('basic_fee', 20, 4, [
    'group_receptions_per_month > 400000 & concentration_rate > 85',
    'group_receptions_per_month > 400000 & real_estate_lease あり',
  ]),
  basic_3i: rule('basic_fee', 25, 5, [
    'group_receptions_per_month > 35000 & group_receptions_per_month ≤ 400000 & concentration_rate > 85',
    'group_receptions_per_month > 35000 & group_receptions_per_month ≤ 400000 & real_estate_lease あり',
  ]),
  basic_2: rule('basic_fee', 30, 6, [
    'receptions_per_month > 4000 & top3_concentration_rate > 70',
    'receptions_per_month > 1800 & concentration_rate > 85',
    'receptions_per_month > 600 & concentration_rate > 85 & urban_area あり & other_pharmacies_within_500m ≥ 1',
    'top_institution_receptions_per_month > 4000',
    'group_same_institution_receptions_per_month > 4000',
  ]),
  basic_3ha: rule('basic_fee', 37, 7, [
    'group_receptions_per_month > 400000 & concentration_rate ≤ 85',
  ]),
  location_reduction: rule('location_reduction', -15, 1, [
    `${URBAN_CROWDED} & near_large_hospital あり & large_hospital_zone_pharmacies ≥ 2 & ${NOT_EXEMPT}`,
    `${URBAN_CROWDED} & other_pharmacies_within_50m ≥ 2 & ${NOT_EXEMPT}`,
    `${URBAN_CROWDED} & neighbour_pharmacies_within_50m ≥ 2 & ${NOT_EXEMPT}`,
    `concentration_rate > 85 & same_site_as_institution あり & ${NOT_EXEMPT}`,
  ]),
  regional_supply_3: rule('generic_tier', 67, 1, [
    `${SUPPLY} & basic_fee_1 あり & regional_support_system あり & ${SUBSTANTIAL}`,
  ]),
  regional_supply_2: rule('generic_tier', 59, 2, [
    `${SUPPLY} & basic_fee_1 あり & regional_support_system あり & ${SUFFICIENT}`,
  ]),
  regional_supply_5: rule('generic_tier', 59, 3, [
    `${SUPPLY} & basic_fee_1 なし & basic_fee_notified あり & regional_support_system あり & ${SUBSTANTIAL}`,
  ]),
  regional_supply_4: rule('generic_tier', 37, 4, [
    `${SUPPLY} & basic_fee_1 なし & basic_fee_notified あり & regional_support_system あり & ${SUFFICIENT}`,
  ]),
  regional_supply_1: rule('generic_tier', 27, 5, [`${SUPPLY} & basic_fee_notified あり`]),
  generic_reduction: rule('generic_reduction', -5, 1, [
    'generic_share ≤ 50 & receptions_per_month > 600',
  ]),
  deemed_generic_gate: rule('deemed_status', null, 1, ['held_generic_tier_2026_03 あり']),
  deemed_1800: rule('deemed_status', null, 2, [
    'receptions_per_month_before_revision ≤ 1800 & receptions_per_month ≤ 1800',
  ]),
  deemed_location_exempt: rule('deemed_status', null, 3, ['designated_before_revision あり']),
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

  it('hold the R8 区分, reductions, 加算 tiers and deemed statuses of the official texts', () => {
    expect(summary(revisions[1]!)).toEqual(R8);
    expect(revisions[1]!.rules.filter((r) => r.isDefault).map((r) => r.code)).toEqual(['basic_1']);
    const r8 = revisions[1]!;
    // The bar: 加算1–5 at 27/59/67/37/59, ロ at 1,800 / 85 %, the urban rule, −15, no 300 stores.
    expect(
      ['1', '2', '3', '4', '5'].map(
        (n) => r8.rules.find((r) => r.code === `regional_supply_${n}`)!.points,
      ),
    ).toEqual([27, 59, 67, 37, 59]);
    expect(
      r8.rules.flatMap((r) => r.conditions).some((c) => c.measure === 'group_store_count'),
    ).toBe(false);
    expect(r8.rules.find((r) => r.code === 'location_reduction')!.points).toBe(-15);
    expect(r8.rules.find((r) => r.code === 'deemed_generic_gate')!.validUntil).toBe('2027-05-31');
    expect(r8.deemedEffects).toEqual([
      ...['basic_2', 'basic_3ha', 'basic_3i', 'basic_3ro'].map((ruleCode) => ({
        statusCode: 'deemed_1800',
        ruleCode,
        measure: 'concentration_rate',
        outcome: ruleCode === 'basic_3ha',
      })),
      ...[1, 2, 3, 4, 5].map((n) => ({
        statusCode: 'deemed_generic_gate',
        ruleCode: `regional_supply_${n}`,
        measure: 'generic_share',
        outcome: true,
      })),
      {
        statusCode: 'deemed_location_exempt',
        ruleCode: 'location_reduction',
        measure: null,
        outcome: false,
      },
    ]);
  });

  it('cite official documents only: no web address, nothing said of ourselves', () => {
    const texts = revisions.flatMap((r) => [
      r.source,
      ...r.rules.flatMap((rule) => [
        rule.source,
        rule.note ?? '',
        ...rule.conditions.flatMap((c) => [c.source, c.note ?? '']),
      ]),
    ]);
    for (const text of texts) {
      expect(text).not.toMatch(/https?:|www\.|\.com|当社|推定/);
    }
    expect(
      texts.filter((t) => /告示第(57|59|69|71)号|疑義解釈資料|保医発/.test(t)).length,
    ).toBeGreaterThan(20);
  });

  it('mark exactly the figures the official texts leave unconfirmed', () => {
    const unconfirmed = revisions.flatMap((revision) =>
      revision.rules.flatMap((rule) => [
        ...(rule.confidence === 'unconfirmed' ? [`${revision.code} ${rule.code} points`] : []),
        ...rule.conditions
          .filter((c) => c.confidence === 'unconfirmed')
          .map((c) => `${revision.code} ${rule.code} ${c.measure} (${c.basis})`),
      ]),
    );
    // The 相当の実績 items of the upper tiers: set by the 施設基準通知 (保医発0305第8号 第92),
    // whose text could not be read.
    expect(unconfirmed.sort()).toEqual(
      ['3', '5'].flatMap((tier) =>
        [
          'achievement_conferences',
          'achievement_home_visits',
          'achievement_information_provision',
          'achievement_medication_adjustment',
          'achievement_narcotics',
          'achievement_night_holiday',
          'achievement_outpatient_support',
          'achievement_primary_guidance',
        ].map((m) => `R8 regional_supply_${tier} ${m} (未確認)`),
      ),
    );
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
      medicine_supply_record: true,
      price_negotiation: true,
      basic_fee_notified: true,
    };
    const r6 = evaluateFacilityStandards(
      (await facilityStandardRulesOn(t.db, '2026-05-31'))!,
      store,
      '2026-05-31',
    );
    const r8 = evaluateFacilityStandards(
      (await facilityStandardRulesOn(t.db, '2026-06-01'))!,
      store,
      '2026-06-01',
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
