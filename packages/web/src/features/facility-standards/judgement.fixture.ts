import {
  yenPerYear,
  type DeemedStatusWire,
  type JudgedCondition,
  type JudgedRule,
  type JudgedRuleSet,
  type StoreJudgementWire,
} from '@pharmalytics/domain';

/** A figure or flag condition of a judged rule, met unless said otherwise. */
export function condition(
  over: Partial<JudgedCondition> & Pick<JudgedCondition, 'measure'>,
): JudgedCondition {
  return {
    clause: 1,
    comparator: 'gt',
    threshold: null,
    confidence: 'confirmed',
    value: null,
    met: true,
    margin: null,
    deemedBy: null,
    note: null,
    ...over,
  };
}

export function rule(over: Partial<JudgedRule> & Pick<JudgedRule, 'code' | 'name'>): JudgedRule {
  return {
    points: null,
    confidence: 'confirmed',
    met: false,
    conditions: [],
    deemedBy: null,
    ...over,
  };
}

export function ruleSet(over: Partial<JudgedRuleSet>): JudgedRuleSet {
  return { applies: null, byDefault: false, undecided: [], rules: [], stake: null, ...over };
}

/** Receptions a month over the latest twelve months, which the sums at stake are counted on. */
export const RECEPTIONS_PER_MONTH = 1000;

const basic2 = (concentration: number, receptions: number, deemed1800 = false) =>
  rule({
    code: 'basic_2',
    name: '調剤基本料2',
    points: 30,
    met: concentration > 85 && receptions > 1800 && !deemed1800,
    conditions: [
      condition({
        measure: 'receptions_per_month',
        threshold: 1800,
        value: receptions,
        met: receptions > 1800,
        margin: 1800 - receptions,
        note: 'ロ',
      }),
      condition({
        measure: 'concentration_rate',
        threshold: 85,
        value: concentration,
        met: deemed1800 ? false : concentration > 85,
        margin: Math.round((85 - concentration) * 10) / 10,
        note: 'ロ',
        deemedBy: deemed1800 ? 'deemed_1800' : null,
      }),
    ],
  });

const basic1 = rule({
  code: 'basic_1',
  name: '調剤基本料1',
  points: 47,
  confidence: 'confirmed',
  conditions: [
    condition({
      measure: 'low_resource_area',
      comparator: 'is_true',
      value: false,
      met: false,
    }),
  ],
});

const group3i = (value: number | null) =>
  rule({
    code: 'basic_3i',
    name: '調剤基本料3イ',
    points: 25,
    met: value === null ? null : false,
    conditions: [
      condition({
        measure: 'group_receptions_per_month',
        threshold: 35000,
        value,
        met: value === null ? null : value > 35000,
        margin: value === null ? null : 35000 - value,
      }),
      condition({ measure: 'real_estate_lease', comparator: 'is_true', value: false, met: false }),
    ],
  });

/** A basic-fee outcome: 基本料2 when the concentration and receptions pass 85 % and 1,800. */
export function basicOutcome(
  concentration: number,
  receptions: number,
  group: number | null,
  receptionsPerMonth: number | null = RECEPTIONS_PER_MONTH,
  deemed1800 = false,
) {
  const two = basic2(concentration, receptions, deemed1800);
  return ruleSet({
    applies: two.met ? 'basic_2' : 'basic_1',
    byDefault: !two.met,
    rules: [basic1, group3i(group), two],
    stake:
      two.met && receptionsPerMonth !== null
        ? { against: 'basic_1', yenPerYear: yenPerYear(47 - 30, receptionsPerMonth) }
        : null,
  });
}

/**
 * The 門前薬局等立地依存減算: `applies` on the same site with 集中率 over 85 %, `exempt` by the
 * deemed status of pharmacies designated before the revision, `missing` when the store's
 * designation date and site are not entered, `none` when it does not hold.
 */
export type LocationCase = 'none' | 'applies' | 'exempt' | 'missing';

export function locationOutcome(
  kind: LocationCase,
  receptionsPerMonth: number | null = RECEPTIONS_PER_MONTH,
): JudgedRuleSet {
  const sameSite = kind === 'missing' ? null : kind !== 'none';
  const met = kind === 'applies' ? true : kind === 'missing' ? null : false;
  return ruleSet({
    applies: met ? 'location_reduction' : null,
    rules: [
      rule({
        code: 'location_reduction',
        name: '門前薬局等立地依存減算',
        points: -15,
        met,
        deemedBy: kind === 'exempt' ? 'deemed_location_exempt' : null,
        conditions: [
          condition({
            clause: 4,
            measure: 'concentration_rate',
            threshold: 85,
            value: 90,
            margin: -5,
            note: '2',
          }),
          condition({
            clause: 4,
            measure: 'same_site_as_institution',
            comparator: 'is_true',
            value: sameSite,
            met: sameSite,
            note: '2',
          }),
        ],
      }),
    ],
    stake:
      met && receptionsPerMonth !== null
        ? { against: null, yenPerYear: yenPerYear(15, receptionsPerMonth) }
        : null,
  });
}

const deemedGate = (held: boolean): DeemedStatusWire => ({
  code: 'deemed_generic_gate',
  name: '後発医薬品調剤割合85%の経過措置',
  validUntil: '2027-05-31',
  met: held,
  conditions: [
    condition({
      measure: 'held_generic_tier_2026_03',
      comparator: 'is_true',
      value: held,
      met: held,
    }),
  ],
});

const deemedLocation = (designated: boolean | null): DeemedStatusWire => ({
  code: 'deemed_location_exempt',
  name: '既存の薬局の立地依存減算の経過措置',
  validUntil: null,
  met: designated,
  conditions: [
    condition({
      measure: 'designated_before_revision',
      comparator: 'is_true',
      value: designated,
      met: designated,
    }),
  ],
});

const period = (fromMonth: string, toMonth: string, appliesFrom: string) => ({
  fromMonth,
  toMonth,
  appliesFrom,
});
export const PREVIOUS_PERIOD = period('2025-05', '2026-04', '2026-06-01');
export const CURRENT_PERIOD = period('2026-05', '2027-04', '2027-06-01');

const gate = (share: number, deemed: boolean) =>
  condition({
    measure: 'generic_share',
    comparator: 'gte',
    threshold: 85,
    value: share,
    met: share >= 85 || deemed,
    margin: Math.round((85 - share) * 10) / 10,
    note: '規格単位数量による後発医薬品の調剤割合（加算1 ロ）',
    deemedBy: deemed ? 'deemed_generic_gate' : null,
  });

/**
 * The 体制加算 of R8: 加算2 (59) for a 調剤基本料1 pharmacy with the 体制 and 実績, 加算1 (27)
 * behind the 85 % gate and the supply facts; `supply` null when nobody entered them.
 */
export function tierOutcome(
  share: number,
  options: {
    deemedGate?: boolean;
    supply?: boolean | null;
    basicFee1?: boolean;
    receptionsPerMonth?: number | null;
  } = {},
): JudgedRuleSet {
  const {
    deemedGate: deemed = false,
    supply = true,
    basicFee1 = true,
    receptionsPerMonth = RECEPTIONS_PER_MONTH,
  } = options;
  const gateMet = share >= 85 || deemed;
  const supplyConditions = [
    condition({
      measure: 'medicine_supply_record',
      comparator: 'is_true',
      value: supply,
      met: supply,
    }),
    condition({ measure: 'price_negotiation', comparator: 'is_true', value: supply, met: supply }),
  ];
  const oneMet = !gateMet ? false : supply === null ? null : supply;
  const two = rule({
    code: 'regional_supply_2',
    name: '地域支援・医薬品供給対応体制加算2',
    points: 59,
    // Without the 十分な体制 it never holds.
    met: false,
    conditions: [
      gate(share, deemed),
      ...supplyConditions,
      condition({
        measure: 'basic_fee_1',
        comparator: 'is_true',
        value: basicFee1,
        met: basicFee1,
      }),
      condition({
        measure: 'regional_support_system',
        comparator: 'is_true',
        value: false,
        met: false,
        note: '十分な体制',
      }),
      condition({
        measure: 'achievement_medication_adjustment',
        comparator: 'gte',
        threshold: 40,
        value: 12,
        met: false,
        margin: 28,
        confidence: 'unconfirmed',
        note: '相当の実績',
      }),
    ],
  });
  const one = rule({
    code: 'regional_supply_1',
    name: '地域支援・医薬品供給対応体制加算1',
    points: 27,
    met: oneMet,
    conditions: [gate(share, deemed), ...supplyConditions],
  });
  const applies = oneMet === true ? 'regional_supply_1' : null;
  const stakeAgainst = applies ? two : one;
  const stakePoints = (stakeAgainst.points ?? 0) - (applies ? 27 : 0);
  return ruleSet({
    applies,
    undecided: oneMet === null ? ['regional_supply_1'] : [],
    rules: [two, one],
    stake:
      receptionsPerMonth === null || (!basicFee1 && applies)
        ? null
        : { against: stakeAgainst.code, yenPerYear: yenPerYear(stakePoints, receptionsPerMonth) },
  });
}

const reductionOutcome = (share: number, receptionsPerMonth: number | null) =>
  ruleSet({
    applies: share <= 50 ? 'generic_reduction' : null,
    rules: [
      rule({
        code: 'generic_reduction',
        name: '後発医薬品減算',
        points: -5,
        met: share <= 50,
        conditions: [
          condition({
            measure: 'generic_share',
            comparator: 'lte',
            threshold: 50,
            value: share,
            met: share <= 50,
            margin: Math.round((share - 50) * 10) / 10,
          }),
          condition({
            measure: 'receptions_per_month',
            threshold: 600,
            value: 1900,
            margin: -1300,
            note: '月600回以下の薬局は対象外',
          }),
        ],
      }),
    ],
    stake:
      share <= 50 && receptionsPerMonth !== null
        ? { against: null, yenPerYear: yenPerYear(5, receptionsPerMonth) }
        : null,
  });

/** A store judged now on 86.1 % / 1,920 and ahead on `ahead`; months observed to 2026-10. */
export function storeJudgement(
  over: Partial<StoreJudgementWire> & {
    now?: [number, number] | null;
    ahead?: [number, number] | null;
    group?: number | null;
    share?: number;
    location?: LocationCase;
    /** The store held a 後発医薬品調剤体制加算 in March 2026: the 85 % gate is deemed met. */
    heldGenericTier?: boolean;
    supply?: boolean | null;
    /** The 月1,800回 deemed status holds ahead: 集中率 taken as 85 % or less. */
    deemed1800?: boolean;
  } = {},
): StoreJudgementWire {
  const {
    now = [86.1, 1920],
    ahead = [84, 1900],
    group = 8000,
    share = 88,
    location = 'none',
    heldGenericTier = false,
    supply = true,
    deemed1800 = false,
    ...rest
  } = over;
  const receptionsPerMonth =
    rest.receptionsPerMonth === undefined ? RECEPTIONS_PER_MONTH : rest.receptionsPerMonth;
  const fee = (
    figures: [number, number] | null,
    p: typeof PREVIOUS_PERIOD,
    revision: string,
    deemed: boolean,
  ) =>
    figures && {
      period: p,
      revisionCode: revision,
      outcome: basicOutcome(figures[0], figures[1], group, receptionsPerMonth, deemed),
      locationReduction: locationOutcome(location, receptionsPerMonth),
      deemed: [
        {
          code: 'deemed_1800',
          name: '月1,800回以下の薬局の集中率の経過措置',
          validUntil: null,
          met: deemed,
          conditions: [],
        },
        deemedLocation(location === 'exempt' ? true : location === 'missing' ? null : false),
      ],
      observedMonths: 12,
      trend: null,
    };
  const generic = (window: string[], appliesMonth: string, projectedMonths: number) => ({
    window,
    appliesMonth,
    revisionCode: 'R8',
    basicFeeCode: 'basic_1',
    tier: tierOutcome(share, {
      deemedGate: heldGenericTier && share < 85,
      supply,
      receptionsPerMonth,
    }),
    reduction: reductionOutcome(share, receptionsPerMonth),
    deemed: [deemedGate(heldGenericTier)],
    projectedMonths,
  });
  const months = [...Array(24).keys()].map((i) => {
    const month = `${2025 + Math.floor((i + 4) / 12)}-${String(((i + 4) % 12) + 1).padStart(2, '0')}`;
    return {
      month,
      projected: month > '2026-10',
      standardReceptions: 1900 + i,
      topReceptions: 1600,
      top3Receptions: 1800,
      concentrationRate: 84.2,
      top3ConcentrationRate: 94.7,
      genericShare: share,
      cutoffShare: 70.25,
    };
  });
  return {
    storeCode: '1001',
    storeName: '天神店',
    lastCompleteMonth: '2026-10',
    topInstitution: { key: '4011101039', name: 'あおぞら内科医院' },
    receptionsPerMonth,
    basicFee: {
      current: fee(now, PREVIOUS_PERIOD, 'R8', false),
      projected: fee(ahead, CURRENT_PERIOD, 'R8', deemed1800),
    },
    receptionsToKeepCurrent: null,
    generic: {
      current: generic(['2026-08', '2026-09', '2026-10'], '2026-11', 0),
      projected: generic(['2026-11', '2026-12', '2027-01'], '2027-02', 3),
    },
    months,
    ...rest,
  };
}
