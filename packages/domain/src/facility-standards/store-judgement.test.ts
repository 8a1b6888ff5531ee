import { describe, expect, it } from 'vitest';
import { evaluateRuleSet } from './evaluate-rules.ts';
import { storeJudgementWire } from './judgement-api.ts';
import { locationMeasures } from './location.ts';
import type { StoreMeasures } from './measures.ts';
import { judgementPeriodOn } from './projection.ts';
import {
  R6_RULES,
  R8_RULES,
  REFERENCE_REVISIONS,
  revisionRules,
  ORDINARY_FACTS,
} from './reference-rules.fixture.ts';
import {
  basicFeeMeasures,
  judgeStore,
  receptionsToKeep,
  type MonthlyFigure,
  type PeriodFigures,
  type QuantityFigures,
  type StoreFacts,
  type StoreLocation,
} from './store-judgement.ts';

const REVISIONS = REFERENCE_REVISIONS;

/** An ordinary store: notified, none of the special cases, outside the 政令市, long established. */
const ORDINARY: StoreFacts = { ...ORDINARY_FACTS, designatedOn: '2010-04-01' };
/** No other pharmacy or large hospital around. */
const ALONE: StoreLocation = locationMeasures({ latitude: 33.59, longitude: 130.4 }, [], []);
/** Two other pharmacies within 50 m (and so within 500 m). */
const CROWDED: StoreLocation = {
  other_pharmacies_within_500m: 4,
  other_pharmacies_within_50m: 2,
  neighbour_pharmacies_within_50m: 1,
  large_hospital_zone_pharmacies: 0,
  near_large_hospital: false,
};

/** The same figure in every month from `from` to `to`, both included. */
function flat(from: string, to: string, value: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (let d = new Date(`${from}-01T00:00:00Z`); d.toISOString().slice(0, 7) <= to;) {
    out[d.toISOString().slice(0, 7)] = value;
    d = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
  }
  return out;
}

const scale = (figure: MonthlyFigure, by: (month: string) => number) =>
  Object.fromEntries(Object.entries(figure).map(([m, v]) => [m, v * by(m)]));

/** A small group of one store; everything flat unless overridden. */
function figures(overrides: Partial<PeriodFigures> = {}): PeriodFigures {
  const receptions = overrides.standardReceptions ?? flat('2025-02', '2026-10', 1_900);
  return {
    standardReceptions: receptions,
    concentrationReceptions: receptions,
    topReceptions: scale(receptions, () => 0.8),
    top3Receptions: scale(receptions, () => 0.9),
    topInstitution: { key: '1310000001', name: '中央内科' },
    groupReceptions: receptions,
    // one store in the group every month it has receptions
    groupStores: Object.fromEntries(Object.keys(receptions).map((m) => [m, 1])),
    groupSameTopReceptions: receptions,
    ...overrides,
  };
}

function quantities(
  genericShare: (month: string) => number,
  from = '2025-02',
  to = '2026-10',
): QuantityFigures {
  const eligible = flat(from, to, 10_000);
  return {
    eligibleQuantity: eligible,
    genericQuantity: scale(eligible, (m) => genericShare(m) / 100),
    totalQuantity: scale(eligible, () => 1.5),
    standardReceptions: flat(from, to, 1_900),
  };
}

/** What judgeStore needs besides the figures, for an ordinary store. */
const judgeInput = {
  revisions: REVISIONS,
  facts: ORDINARY,
  location: ALONE,
  achievements: {} as StoreMeasures,
  allReceptions: flat('2023-02', '2027-12', 2_000),
};

describe('basicFeeMeasures', () => {
  it('averages a period over its twelve months, the months to come projected', () => {
    const period = judgementPeriodOn('2026-11-24');
    const measured = basicFeeMeasures(figures(), ORDINARY, period, '2026-10')!;
    expect(measured.observedMonths).toBe(6);
    expect(measured.measures.receptions_per_month).toBeCloseTo(1_900, 8);
    expect(measured.measures.concentration_rate).toBeCloseTo(80, 8);
    expect(measured.measures.top3_concentration_rate).toBeCloseTo(90, 8);
    expect(measured.measures.group_store_count).toBe(1);
  });

  it('projects the numerator and the denominator of a ratio separately', () => {
    // Receptions grow 10 % on the year before while the top institution stays where it was.
    const receptions = scale(flat('2025-02', '2026-10', 1_000), (m) => (m >= '2026-05' ? 1.1 : 1));
    const top = flat('2025-02', '2026-10', 900);
    const measured = basicFeeMeasures(
      figures({ standardReceptions: receptions, topReceptions: top }),
      ORDINARY,
      judgementPeriodOn('2026-11-24'),
      '2026-10',
    )!;
    // 12 × 1,100 receptions, 12 × 900 from the top: 81.8…%, not the average of monthly rates.
    expect(measured.measures.receptions_per_month).toBeCloseTo(1_100, 8);
    expect(measured.measures.concentration_rate).toBeCloseTo((900 * 100) / 1_100, 8);
  });

  it('divides the 集中率 by the receptions it counts (facility residents left out)', () => {
    const receptions = flat('2025-02', '2026-10', 2_000);
    const measured = basicFeeMeasures(
      figures({
        standardReceptions: receptions,
        concentrationReceptions: flat('2025-02', '2026-10', 1_600),
        topReceptions: flat('2025-02', '2026-10', 1_440),
      }),
      ORDINARY,
      judgementPeriodOn('2026-11-24'),
      '2026-10',
    )!;
    expect(measured.measures.receptions_per_month).toBeCloseTo(2_000, 8);
    expect(measured.measures.concentration_rate).toBeCloseTo(90, 8);
  });

  it('judges a period that is over on the months the store has data for', () => {
    const opened = flat('2025-11', '2026-10', 2_400); // opened in November 2025
    const measured = basicFeeMeasures(
      figures({ standardReceptions: opened, topReceptions: scale(opened, () => 0.9) }),
      ORDINARY,
      judgementPeriodOn('2026-01-01'), // 2025-05 … 2026-04
      '2026-10',
    )!;
    expect(measured.observedMonths).toBe(6);
    expect(measured.measures.receptions_per_month).toBeCloseTo(2_400, 8);
    expect(measured.measures.concentration_rate).toBeCloseTo(90, 8);
  });
});

describe('judgeStore', () => {
  it('heads for 調剤基本料2 under R8 when receptions pass 1,800 at 集中率 over 85 %', () => {
    // Last period (2025-05 … 2026-04): 1,900 a month at 80 % → 基本料1. This period: 集中率 87 %.
    const receptions = flat('2025-02', '2026-10', 1_900);
    const judged = judgeStore({
      ...judgeInput,
      today: '2026-11-24',
      lastCompleteMonth: '2026-10',
      figuresOf: (period) =>
        figures({
          topReceptions: scale(receptions, () => (period.fromMonth === '2026-05' ? 0.87 : 0.8)),
        }),
      quantities: quantities(() => 88),
    });
    expect(judged.basicFee.current).toMatchObject({ revisionCode: 'R8' });
    expect(judged.basicFee.current!.outcome.applies?.code).toBe('basic_1');
    expect(judged.basicFee.projected!.outcome.applies?.code).toBe('basic_2');
    expect(judged.basicFee.projected!.period.appliesFrom).toBe('2027-06-01');
    // 1,900 × 0.87 from the top must fall to 85 %: 1,900 × 0.87 / 0.85 − 1,900 = 44.7 → 45.
    expect(judged.receptionsToKeepCurrent).toBe(45);
    expect(judged.months).toHaveLength(24);
    expect(judged.months.filter((m) => m.projected).map((m) => m.month)).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
      '2027-04',
    ]);
  });

  it('stays in 基本料1 under R6 at the same figures (its threshold was 2,000)', () => {
    const receptions = flat('2023-02', '2024-10', 1_900);
    const judged = judgeStore({
      ...judgeInput,
      today: '2024-11-24',
      lastCompleteMonth: '2024-10',
      figuresOf: () =>
        figures({
          standardReceptions: receptions,
          concentrationReceptions: receptions,
          topReceptions: scale(receptions, () => 0.87),
          top3Receptions: scale(receptions, () => 0.9),
          groupReceptions: receptions,
          groupStores: flat('2023-02', '2024-10', 1),
          groupSameTopReceptions: receptions,
        }),
      quantities: quantities(() => 88),
    });
    // The period 2024-05 … 2025-04 applies from 2025-06-01, under R6.
    expect(judged.basicFee.projected!.revisionCode).toBe('R6');
    expect(judged.basicFee.projected!.outcome.applies?.code).toBe('basic_1');
    expect(judged.basicFee.projected!.locationReduction.rules).toEqual([]);
    expect(judged.receptionsToKeepCurrent).toBeNull();
  });

  it('foresees a generic share falling below its tier in the next three months', () => {
    // 86 % all year until it slips to 84 % from August 2026; a year before it slipped too.
    const share = (m: string) => (m.slice(5) >= '08' && m.slice(5) <= '12' ? 84 : 86);
    const judged = judgeStore({
      ...judgeInput,
      revisions: [
        revisionRules({
          code: 'R6',
          effectiveFrom: '2024-06-01',
          effectiveTo: null,
          rules: R6_RULES,
        }),
      ],
      today: '2026-09-10',
      lastCompleteMonth: '2026-08',
      figuresOf: () => figures(),
      quantities: quantities(share),
    });
    // June–August 2026: 86, 86, 84 → 85.33 % → 加算2; September–November projected at 84 %.
    expect(judged.generic.current!.window).toEqual(['2026-06', '2026-07', '2026-08']);
    expect(judged.generic.current!.tier.applies?.code).toBe('generic_2');
    expect(judged.generic.projected!.window).toEqual(['2026-09', '2026-10', '2026-11']);
    expect(judged.generic.projected!.projectedMonths).toBe(3);
    expect(judged.generic.projected!.tier.applies?.code).toBe('generic_1');
    expect(judged.generic.projected!.appliesMonth).toBe('2026-12');
  });

  it('has nothing to judge for a store without data', () => {
    const none: PeriodFigures = {
      standardReceptions: {},
      concentrationReceptions: {},
      topReceptions: {},
      top3Receptions: {},
      topInstitution: null,
      groupReceptions: {},
      groupStores: {},
      groupSameTopReceptions: {},
    };
    const judged = judgeStore({
      ...judgeInput,
      allReceptions: {},
      today: '2026-11-24',
      lastCompleteMonth: '2026-10',
      figuresOf: () => none,
      quantities: {
        genericQuantity: {},
        eligibleQuantity: {},
        totalQuantity: {},
        standardReceptions: {},
      },
    });
    expect(judged.basicFee).toEqual({ current: null, projected: null });
    expect(judged.generic).toEqual({ current: null, projected: null });
    expect(judged.receptionsToKeepCurrent).toBeNull();
    expect(judged.receptionsPerMonth).toBeNull();
  });

  it('bills on every reception of the latest twelve complete months', () => {
    const allReceptions = { ...flat('2025-11', '2026-10', 2_100), '2025-10': 9_999 };
    const judged = judgeStore({
      ...judgeInput,
      allReceptions,
      today: '2026-11-24',
      lastCompleteMonth: '2026-10',
      figuresOf: () => figures(),
      quantities: quantities(() => 88),
    });
    expect(judged.receptionsPerMonth).toBe(2_100);
  });
});

describe('judgeStore: 門前薬局等立地依存減算 and the designation date', () => {
  // 政令市, two pharmacies within 50 m, 1,900 a month at 集中率 90 %.
  const judgeDesignated = (designatedOn: string | null) =>
    judgeStore({
      ...judgeInput,
      facts: { ...ORDINARY, urban_area: true, designatedOn },
      location: CROWDED,
      today: '2026-11-24',
      lastCompleteMonth: '2026-10',
      figuresOf: () =>
        figures({ topReceptions: scale(flat('2025-02', '2026-10', 1_900), () => 0.9) }),
      quantities: quantities(() => 88),
    });

  it('spares a store designated on 2026-05-31 (指定が改定前)', () => {
    const judged = judgeDesignated('2026-05-31');
    for (const basicFee of [judged.basicFee.current!, judged.basicFee.projected!]) {
      expect(basicFee.outcome.applies?.code).toBe('basic_2');
      expect(basicFee.measures.designated_before_revision).toBe(true);
      expect(basicFee.locationReduction.applies).toBeNull();
      expect(basicFee.locationReduction.rules[0]!.deemedBy).toBe('deemed_location_exempt');
    }
  });

  it('reduces a store designated on 2026-06-01 by 15 points, now and ahead', () => {
    const judged = judgeDesignated('2026-06-01');
    expect(judged.basicFee.current!.measures.designated_before_revision).toBe(false);
    expect(judged.basicFee.current!.locationReduction.applies).toMatchObject({
      code: 'location_reduction',
      points: -15,
    });
    expect(judged.basicFee.projected!.locationReduction.applies?.code).toBe('location_reduction');
  });

  it('does not take an unknown designation date as before the revision', () => {
    const judged = judgeDesignated(null);
    expect(judged.basicFee.current!.measures.designated_before_revision).toBeNull();
    const status = judged.basicFee.current!.deemed.statuses.find(
      (s) => s.rule.code === 'deemed_location_exempt',
    )!;
    expect(status.met).toBeNull();
  });
});

describe('judgeStore: 月1,800回以下の経過措置', () => {
  // 政令市, two pharmacies within 50 m, 集中率 90 %; designated (again) after the revision, so
  // only the 1,800 transition can keep it out of the 立地減算.
  const judgeWith = (before: number, after: number) => {
    const receptions = {
      ...flat('2024-02', '2025-04', before),
      ...flat('2025-05', '2026-10', after),
    };
    return judgeStore({
      ...judgeInput,
      facts: { ...ORDINARY, urban_area: true, designatedOn: '2026-06-01' },
      location: CROWDED,
      today: '2026-11-24',
      lastCompleteMonth: '2026-10',
      figuresOf: () =>
        figures({ standardReceptions: receptions, topReceptions: scale(receptions, () => 0.9) }),
      quantities: quantities(() => 88),
    });
  };

  it('keeps a store that filed at ≤ 1,800 and stays there in 基本料1, without the 立地減算', () => {
    const judged = judgeWith(1_700, 1_750);
    const now = judged.basicFee.current!;
    expect(now.measures.receptions_per_month_before_revision).toBeCloseTo(1_700, 8);
    expect(now.outcome.applies?.code).toBe('basic_1');
    expect(now.locationReduction.applies).toBeNull();
    expect(now.deemed.statuses.find((s) => s.rule.code === 'deemed_1800')!.met).toBe(true);
    expect(judged.basicFee.projected!.outcome.applies?.code).toBe('basic_1');
  });

  it('does not keep a store that was over 1,800 before the revision', () => {
    const now = judgeWith(1_900, 1_750).basicFee.current!;
    expect(now.outcome.applies?.code).toBe('basic_2');
    expect(now.locationReduction.applies?.code).toBe('location_reduction');
  });
});

describe('judgeStore: 後発85%の経過措置 (until 2027-05-31)', () => {
  // 82 % all along: 後発医薬品調剤体制加算1 in March 2026 (R6: ≥ 80 %), below R8's 85 % gate.
  const judgeOn = (today: string, lastCompleteMonth: string) =>
    judgeStore({
      ...judgeInput,
      today,
      lastCompleteMonth,
      figuresOf: () => figures({ standardReceptions: flat('2024-02', lastCompleteMonth, 1_500) }),
      quantities: quantities(() => 82, '2024-02', lastCompleteMonth),
    });

  it('keeps 加算1 for the months up to May 2027', () => {
    const judged = judgeOn('2027-02-10', '2027-01');
    expect(judged.generic.current!.measures.held_generic_tier_2026_03).toBe(true);
    expect(judged.generic.current!.tier.applies?.code).toBe('regional_supply_1');
    expect(judged.generic.projected!.appliesMonth).toBe('2027-05');
    expect(judged.generic.projected!.tier.applies?.code).toBe('regional_supply_1');
    expect(judged.generic.projected!.deemed.statuses[0]).toMatchObject({
      rule: { code: 'deemed_generic_gate', validUntil: '2027-05-31' },
      met: true,
    });
  });

  it('loses every tier from June 2027', () => {
    const judged = judgeOn('2027-03-10', '2027-02');
    expect(judged.generic.current!.tier.applies?.code).toBe('regional_supply_1');
    expect(judged.generic.projected!.appliesMonth).toBe('2027-06');
    expect(judged.generic.projected!.tier.applies).toBeNull();
    expect(judged.generic.projected!.deemed.statuses.map((s) => s.rule.code)).not.toContain(
      'deemed_generic_gate',
    );
  });
});

describe('judgeStore: the 区分 a 加算 is judged with', () => {
  it('takes, for a tier applying in May, the 区分 still in force then (not the one from June)', () => {
    // 2,000 a month at 集中率 90 % until April 2026 (基本料2 from June 2026 to May 2027), then
    // 1,000 at 50 % (基本料1 from June 2027).
    const receptions = {
      ...flat('2025-02', '2026-04', 2_000),
      ...flat('2026-05', '2027-04', 1_000),
    };
    const top = {
      ...flat('2025-02', '2026-04', 1_800),
      ...flat('2026-05', '2027-04', 500),
    };
    const judged = judgeStore({
      ...judgeInput,
      today: '2027-05-10',
      lastCompleteMonth: '2027-04',
      figuresOf: () => figures({ standardReceptions: receptions, topReceptions: top }),
      quantities: quantities(() => 90, '2025-02', '2027-04'),
    });
    expect(judged.basicFee.current!.outcome.applies?.code).toBe('basic_1');
    expect(judged.generic.current!.appliesMonth).toBe('2027-05');
    expect(judged.generic.current!.basicFeeCode).toBe('basic_2');
    expect(judged.generic.projected!.basicFeeCode).toBe('basic_1');
  });
});

describe('what a judgement is worth in yen (stake)', () => {
  it('puts 加算1 at 1,500 receptions a month against 加算2: 32 × 10 × 1,500 × 12', () => {
    const judged = judgeStore({
      ...judgeInput,
      allReceptions: flat('2025-02', '2026-10', 1_500),
      today: '2026-11-24',
      lastCompleteMonth: '2026-10',
      figuresOf: () => figures(),
      quantities: quantities(() => 88),
    });
    const wire = storeJudgementWire(judged, true);
    expect(wire.generic.current!.basicFeeCode).toBe('basic_1');
    expect(wire.generic.current!.tier.applies).toBe('regional_supply_1');
    expect(wire.generic.current!.tier.stake).toEqual({
      against: 'regional_supply_2',
      yenPerYear: 5_760_000,
    });
    expect(wire.basicFee.current!.outcome.stake).toBeNull();
  });
});

describe('receptionsToKeep', () => {
  const measures = {
    ...ORDINARY,
    receptions_per_month: 1_920,
    concentration_rate: 86.1,
    top3_concentration_rate: 90,
    top_institution_receptions_per_month: 1_653.12,
    group_receptions_per_month: 1_920,
    group_same_institution_receptions_per_month: 1_920,
    group_store_count: 1,
  };

  it('answers the least receptions from elsewhere that keep 基本料1', () => {
    const extra = receptionsToKeep(R8_RULES, measures, 'basic_1')!;
    // 1,653.12 / 0.85 − 1,920 = 24.85 → 25 more a month.
    expect(extra).toBe(25);
    const keep = (more: number) =>
      evaluateRuleSet(R8_RULES, 'basic_fee', {
        ...measures,
        receptions_per_month: 1_920 + more,
        concentration_rate: (1_653.12 * 100) / (1_920 + more),
        top3_concentration_rate: (1_728 * 100) / (1_920 + more),
      }).applies?.code;
    expect(keep(extra)).toBe('basic_1');
    expect(keep(extra - 1)).toBe('basic_2');
  });

  it('answers 0 for a store already in the 区分, null when receptions cannot bring it back', () => {
    expect(receptionsToKeep(R8_RULES, { ...measures, concentration_rate: 80 }, 'basic_1')).toBe(0);
    // 基本料3ロ from a 不動産取引等 in a group of over 400,000 a month, whatever the 集中率.
    const leased = {
      ...measures,
      real_estate_lease: true,
      group_receptions_per_month: 450_000,
      group_store_count: 250,
    };
    expect(evaluateRuleSet(R8_RULES, 'basic_fee', leased).applies?.code).toBe('basic_3ro');
    expect(receptionsToKeep(R8_RULES, leased, 'basic_1')).toBeNull();
  });
});
