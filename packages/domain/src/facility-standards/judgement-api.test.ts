import { describe, expect, it } from 'vitest';
import { evaluateFacilityStandards } from './evaluate-rules.ts';
import { judgedRuleSetWire, storeJudgementWire } from './judgement-api.ts';
import type { StoreMeasures } from './measures.ts';
import { R8_REVISION, ORDINARY_FACTS } from './reference-rules.fixture.ts';
import type { StoreJudgement } from './store-judgement.ts';

/** A store of a small group that no 区分 condition catches, supplying medicine to others. */
const PLAIN: StoreMeasures = {
  receptions_per_month: 1500,
  concentration_rate: 60,
  top3_concentration_rate: 70,
  top_institution_receptions_per_month: 900,
  group_same_institution_receptions_per_month: 900,
  group_receptions_per_month: 1500,
  group_store_count: 1,
  generic_share: 88,
  ...ORDINARY_FACTS,
  designated_before_revision: false,
  held_generic_tier_2026_03: false,
};
const judge = (measures: StoreMeasures) =>
  evaluateFacilityStandards(R8_REVISION, { ...PLAIN, ...measures }, '2026-07-01');

/** 年額 = 点数 × 10円 × 受付回数 × 12か月 */
const yen = (points: number, receptions: number) => points * 10 * receptions * 12;

describe('what a judgement is worth in a year (stake)', () => {
  it('puts 加算1 of a 基本料1 store at 1,500 回/月 against 加算2: 32 × 10 × 1,500 × 12 = 576万円', () => {
    const tier = judgedRuleSetWire(judge({}).genericTier, true, 1500);
    expect(tier.applies).toBe('regional_supply_1');
    expect(tier.stake).toEqual({ against: 'regional_supply_2', yenPerYear: 5_760_000 });
  });

  it('puts a store without a 加算 against 加算1 (27 points)', () => {
    const tier = judgedRuleSetWire(judge({ generic_share: 84 }).genericTier, true, 1500);
    expect(tier.applies).toBeNull();
    expect(tier.stake).toEqual({ against: 'regional_supply_1', yenPerYear: yen(27, 1500) });
  });

  it('puts a 基本料2 store against 基本料1: (47 − 30) × 10 × receptions × 12', () => {
    const basic2 = judge({ receptions_per_month: 2400, concentration_rate: 90 });
    const wire = judgedRuleSetWire(basic2.basicFee, true, 2600);
    expect(wire.applies).toBe('basic_2');
    expect(wire.stake).toEqual({ against: 'basic_1', yenPerYear: yen(17, 2600) });
    expect(wire.stake!.yenPerYear).toBe(5_304_000);
    // Its tiers are those of a 基本料1以外 store: 加算1 against 加算4 (37 points).
    expect(judgedRuleSetWire(basic2.genericTier, true, 2600).stake).toEqual({
      against: 'regional_supply_4',
      yenPerYear: yen(10, 2600),
    });
  });

  it('weighs nothing while the 加算 waits for facts an administrator has not entered', () => {
    const tier = judgedRuleSetWire(
      judge({ medicine_supply_record: null, price_negotiation: null }).genericTier,
      true,
      1500,
    );
    expect(tier.applies).toBeNull();
    expect(tier.undecided).toContain('regional_supply_1');
    expect(tier.stake).toBeNull();
  });

  it('has nothing at stake for 基本料1, or without receptions', () => {
    expect(judgedRuleSetWire(judge({}).basicFee, true, 1500).stake).toBeNull();
    expect(judgedRuleSetWire(judge({}).genericTier, true, null).stake).toBeNull();
  });

  it('costs 15 × 10 × receptions × 12 for the 門前薬局等立地依存減算', () => {
    const reduced = judge({
      urban_area: true,
      other_pharmacies_within_500m: 3,
      other_pharmacies_within_50m: 2,
      concentration_rate: 90,
    });
    const wire = judgedRuleSetWire(reduced.locationReduction, true, 1800);
    expect(wire.applies).toBe('location_reduction');
    expect(wire.stake).toEqual({ against: null, yenPerYear: yen(15, 1800) });
    expect(wire.stake!.yenPerYear).toBe(3_240_000);
    const exempt = judge({
      urban_area: true,
      other_pharmacies_within_500m: 3,
      other_pharmacies_within_50m: 2,
      concentration_rate: 90,
      designated_before_revision: true,
    });
    expect(judgedRuleSetWire(exempt.locationReduction, true, 1800).stake).toBeNull();
  });

  it('costs 5 × 10 × receptions × 12 for the 後発医薬品減算', () => {
    const wire = judgedRuleSetWire(judge({ generic_share: 45 }).genericReduction, true, 1500);
    expect(wire.stake).toEqual({ against: null, yenPerYear: yen(5, 1500) });
  });
});

describe('特別調剤基本料A の薬局の加算は 10/100（小数点以下四捨五入）', () => {
  const SPECIAL_A: StoreMeasures = { special_relationship: true, concentration_rate: 90 };
  const RECEPTIONS = 1000;
  /** The judgement's wire with the generic tier of `measures` as the current one. */
  const tierWire = (measures: StoreMeasures) => {
    const judged = judge({ ...SPECIAL_A, ...measures });
    const judgement: StoreJudgement = {
      receptionsPerMonth: RECEPTIONS,
      basicFee: { current: null, projected: null },
      receptionsToKeepCurrent: null,
      generic: {
        current: {
          window: ['2026-04', '2026-05', '2026-06'],
          appliesMonth: '2026-07',
          revisionCode: 'R8',
          basicFeeCode: judged.basicFee.applies?.code ?? null,
          tier: judged.genericTier,
          reduction: judged.genericReduction,
          deemed: judged.deemed,
          measures,
          projectedMonths: 0,
        },
        projected: null,
      },
      months: [],
    };
    return storeJudgementWire(judgement, true).generic.current!;
  };
  const SUFFICIENT = {
    regional_support_system: true,
    achievement_medication_adjustment: 20,
    achievement_primary_guidance: 20,
  };

  it('reaches 加算1 (27 → 3) and is 1 point short of 加算4 (37 → 4)', () => {
    const wire = tierWire({});
    expect(wire.basicFeeCode).toBe('special_a');
    expect(wire.tier.applies).toBe('regional_supply_1');
    expect(wire.tier.stake).toEqual({
      against: 'regional_supply_4',
      yenPerYear: yen(4 - 3, RECEPTIONS),
    });
  });

  it('reaches 加算4 (37 → 4) and is 2 points short of 加算5 (59 → 6)', () => {
    const wire = tierWire(SUFFICIENT);
    expect(wire.tier.applies).toBe('regional_supply_4');
    expect(wire.tier.stake).toEqual({
      against: 'regional_supply_5',
      yenPerYear: yen(6 - 4, RECEPTIONS),
    });
  });

  it('cannot reach 加算2 or 3 (they ask 調剤基本料1), so 加算5 has nothing above it', () => {
    const wire = tierWire({
      ...SUFFICIENT,
      achievement_medication_adjustment: 40,
      achievement_primary_guidance: 40,
      achievement_night_holiday: 400,
      achievement_narcotics: 10,
      achievement_outpatient_support: 12,
      achievement_home_visits: 24,
      achievement_information_provision: 60,
      achievement_conferences: 5,
    });
    expect(wire.tier.applies).toBe('regional_supply_5');
    expect(wire.tier.stake).toBeNull();
  });
});

describe('group figures on the wire', () => {
  it('are withheld from members who are not administrators, the verdict kept', () => {
    const judged = judge({ group_receptions_per_month: 100_000, concentration_rate: 90 });
    const condition = (showGroup: boolean) =>
      judgedRuleSetWire(judged.basicFee, showGroup)
        .rules.find((r) => r.code === 'basic_3i')!
        .conditions.find((c) => c.measure === 'group_receptions_per_month')!;
    expect(condition(true)).toMatchObject({ value: 100_000, met: true, margin: -65_000 });
    expect(condition(false)).toMatchObject({ value: null, met: true, margin: null });
  });
});
