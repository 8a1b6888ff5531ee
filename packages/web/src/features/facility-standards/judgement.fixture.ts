import type {
  JudgedCondition,
  JudgedRule,
  JudgedRuleSet,
  StoreJudgementWire,
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
    ...over,
  };
}

export function rule(over: Partial<JudgedRule> & Pick<JudgedRule, 'code' | 'name'>): JudgedRule {
  return { points: null, confidence: 'confirmed', met: false, conditions: [], ...over };
}

export function ruleSet(over: Partial<JudgedRuleSet>): JudgedRuleSet {
  return { applies: null, byDefault: false, undecided: [], rules: [], ...over };
}

const basic2 = (concentration: number, receptions: number) =>
  rule({
    code: 'basic_2',
    name: '調剤基本料2',
    points: 30,
    met: concentration > 85 && receptions > 1800,
    conditions: [
      condition({
        measure: 'receptions_per_month',
        threshold: 1800,
        value: receptions,
        met: receptions > 1800,
        margin: 1800 - receptions,
      }),
      condition({
        measure: 'concentration_rate',
        threshold: 85,
        value: concentration,
        met: concentration > 85,
        margin: Math.round((85 - concentration) * 10) / 10,
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
      confidence: 'unconfirmed',
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
        threshold: 40000,
        value,
        met: value === null ? null : value > 40000,
        margin: value === null ? null : 40000 - value,
      }),
    ],
  });

/** A basic-fee outcome: 基本料2 when the concentration and receptions pass 85 % and 1,800. */
export function basicOutcome(concentration: number, receptions: number, group: number | null) {
  const two = basic2(concentration, receptions);
  return ruleSet({
    applies: two.met ? 'basic_2' : 'basic_1',
    byDefault: !two.met,
    rules: [basic1, group3i(group), two],
  });
}

const period = (fromMonth: string, toMonth: string, appliesFrom: string) => ({
  fromMonth,
  toMonth,
  appliesFrom,
});
export const PREVIOUS_PERIOD = period('2025-05', '2026-04', '2026-06-01');
export const CURRENT_PERIOD = period('2026-05', '2027-04', '2027-06-01');

const tierSet = (share: number) =>
  ruleSet({
    applies: share >= 85 ? 'regional_supply_1' : null,
    rules: [
      rule({
        code: 'regional_supply_1',
        name: '地域支援・医薬品供給対応体制加算1',
        points: 27,
        confidence: 'unconfirmed',
        met: share >= 85,
        conditions: [
          condition({
            measure: 'generic_share',
            comparator: 'gte',
            threshold: 85,
            value: share,
            met: share >= 85,
            margin: 85 - share,
            confidence: 'unconfirmed',
          }),
        ],
      }),
    ],
  });

const reductionSet = (share: number) =>
  ruleSet({
    applies: share <= 50 ? 'generic_reduction' : null,
    rules: [
      rule({
        code: 'generic_reduction',
        name: '後発医薬品減算',
        points: -5,
        met: share <= 50,
      }),
    ],
  });

/** A store judged now on 86.1 % / 1,920 and ahead on `ahead`; months observed to 2026-10. */
export function storeJudgement(
  over: Partial<StoreJudgementWire> & {
    now?: [number, number] | null;
    ahead?: [number, number] | null;
    group?: number | null;
    share?: number;
  } = {},
): StoreJudgementWire {
  const { now = [86.1, 1920], ahead = [84, 1900], group = 8000, share = 88, ...rest } = over;
  const fee = (figures: [number, number] | null, p: typeof PREVIOUS_PERIOD, revision: string) =>
    figures && {
      period: p,
      revisionCode: revision,
      outcome: basicOutcome(figures[0], figures[1], group),
      observedMonths: 12,
      trend: null,
    };
  const generic = (window: string[], appliesMonth: string, projectedMonths: number) => ({
    window,
    appliesMonth,
    revisionCode: 'R8',
    tier: tierSet(share),
    reduction: reductionSet(share),
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
    basicFee: {
      current: fee(now, PREVIOUS_PERIOD, 'R6'),
      projected: fee(ahead, CURRENT_PERIOD, 'R8'),
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
