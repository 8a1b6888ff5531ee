import { describe, expect, it } from 'vitest';
import { evaluateRuleSet } from './evaluate-rules.ts';
import { facilityAlerts, facilityAlertsOf } from './facility-alerts.ts';
import { judgedRuleSetWire, type StoreJudgementWire } from './judgement-api.ts';
import type { StoreMeasures } from './measures.ts';
import { R6_RULES, R8_RULES } from './reference-rules.fixture.ts';
import type { FacilityRule } from './rule-schemas.ts';
import { DEFAULT_ALERT_SETTINGS, DEFAULT_STORE_FACTS, type AlertSettings } from './settings-api.ts';

const SETTINGS: AlertSettings = { ...DEFAULT_ALERT_SETTINGS };

/** A store of an ordinary small group: 2,500 receptions a month from mostly one clinic. */
const ORDINARY: StoreMeasures = {
  ...DEFAULT_STORE_FACTS,
  receptions_per_month: 2500,
  concentration_rate: 70,
  top3_concentration_rate: 80,
  top_institution_receptions_per_month: 1750,
  group_receptions_per_month: 10_000,
  group_same_institution_receptions_per_month: 1750,
  group_store_count: 5,
};

const basicFee = (appliesFrom: string, measures: StoreMeasures, rules = R8_RULES) => ({
  period: { fromMonth: '2025-05', toMonth: '2026-04', appliesFrom },
  revisionCode: 'R8',
  outcome: judgedRuleSetWire(evaluateRuleSet(rules, 'basic_fee', measures), true),
  measures,
  observedMonths: 12,
  trend: null,
});

const generic = (appliesMonth: string, measures: StoreMeasures, rules: FacilityRule[]) => ({
  window: [],
  appliesMonth,
  revisionCode: 'R',
  tier: judgedRuleSetWire(evaluateRuleSet(rules, 'generic_tier', measures), true),
  reduction: judgedRuleSetWire(evaluateRuleSet(rules, 'generic_reduction', measures), true),
  projectedMonths: 0,
});

function store(input: {
  basicNow?: StoreMeasures;
  basicAhead?: StoreMeasures;
  genericNow?: StoreMeasures;
  genericAhead?: StoreMeasures;
  genericAheadRules?: FacilityRule[];
  basicRules?: FacilityRule[];
}): StoreJudgementWire {
  return {
    storeCode: '101',
    storeName: '中央店',
    lastCompleteMonth: '2026-06',
    topInstitution: null,
    basicFee: {
      current: input.basicNow ? basicFee('2026-06-01', input.basicNow, input.basicRules) : null,
      projected: input.basicAhead
        ? basicFee('2027-06-01', input.basicAhead, input.basicRules)
        : null,
    },
    receptionsToKeepCurrent: null,
    generic: {
      current: input.genericNow ? generic('2026-07', input.genericNow, R6_RULES) : null,
      projected: input.genericAhead
        ? generic('2026-10', input.genericAhead, input.genericAheadRules ?? R6_RULES)
        : null,
    },
    months: [],
  };
}

const messages = (s: StoreJudgementWire, settings = SETTINGS) =>
  facilityAlerts(s, settings).map((a) => a.message);

describe('facilityAlerts: crossings', () => {
  it('raises the basic fee 区分 the current period heads for, with the figure that decides it', () => {
    const alerts = facilityAlerts(
      store({
        basicNow: { ...ORDINARY, concentration_rate: 80 },
        basicAhead: { ...ORDINARY, concentration_rate: 86.1 },
      }),
      SETTINGS,
    );
    expect(alerts).toEqual([
      {
        key: '101/basic_fee/crossing/basic_2/2027-06-01',
        storeCode: '101',
        storeName: '中央店',
        ruleSet: 'basic_fee',
        kind: 'crossing',
        message:
          '中央店: 2027年6月からの調剤基本料が basic_1 から basic_2 に変わる見込みです（集中率 86.1%、基準 85%超）',
      },
    ]);
  });

  it('names the condition that stopped holding when the store falls back to the default 区分', () => {
    expect(
      messages(
        store({
          basicNow: { ...ORDINARY, concentration_rate: 90 },
          basicAhead: { ...ORDINARY, concentration_rate: 80 },
        }),
      ),
    ).toEqual([
      '中央店: 2027年6月からの調剤基本料が basic_2 から basic_1 に変わる見込みです（集中率 80.0%、基準 85%超）',
    ]);
  });

  it('raises nothing when the 区分 stays, or without a current one to compare', () => {
    const same = { ...ORDINARY, concentration_rate: 60 };
    expect(messages(store({ basicNow: same, basicAhead: same }))).toEqual([]);
    expect(messages(store({ basicAhead: { ...ORDINARY, concentration_rate: 90 } }))).toEqual([]);
  });

  it('raises a generic tier lower than the current one, or none', () => {
    const now = { generic_share: 86, cutoff_share: 60, receptions_per_month: 2500 };
    expect(
      messages(store({ genericNow: now, genericAhead: { ...now, generic_share: 83 } })),
    ).toEqual([
      '中央店: 2026年10月からの後発医薬品の体制加算が generic_2 から generic_1 に下がる見込みです（後発割合 83.0%、基準 85%以上）',
    ]);
    const none = facilityAlerts(
      store({ genericNow: now, genericAhead: { ...now, generic_share: 70 } }),
      SETTINGS,
    );
    expect(none.map((a) => [a.key, a.message])).toEqual([
      [
        '101/generic_tier/crossing/none/2026-10',
        '中央店: 2026年10月から generic_2 を満たさなくなる見込みです（後発割合 70.0%、基準 85%以上）',
      ],
    ]);
  });

  it('does not raise a tier of the next revision worth more points, or a higher tier', () => {
    const now = { generic_share: 82, cutoff_share: 60, receptions_per_month: 2500 };
    expect(
      messages(
        store({
          genericNow: now,
          genericAhead: { ...now, generic_share: 88 },
          genericAheadRules: R8_RULES,
        }),
      ),
    ).toEqual([]);
    expect(
      messages(store({ genericNow: now, genericAhead: { ...now, generic_share: 93 } })),
    ).toEqual([]);
  });

  it('raises the generic reduction starting to apply, not one that applies already', () => {
    const now = { generic_share: 55, cutoff_share: 60, receptions_per_month: 700 };
    const ahead = { ...now, generic_share: 48 };
    expect(facilityAlerts(store({ genericNow: now, genericAhead: ahead }), SETTINGS)).toEqual([
      expect.objectContaining({
        key: '101/generic_reduction/crossing/generic_reduction/2026-10',
        kind: 'crossing',
        ruleSet: 'generic_reduction',
        message:
          '中央店: 2026年10月から generic_reduction の対象になる見込みです（後発割合 48.0%、基準 50%以下）',
      }),
    ]);
    expect(messages(store({ genericNow: ahead, genericAhead: ahead }))).toEqual([]);
  });

  it('marks an alert whose rule or threshold is unconfirmed', () => {
    const unconfirmedRules = R8_RULES.map((r) =>
      r.code === 'regional_supply_1' ? { ...r, confidence: 'unconfirmed' as const } : r,
    );
    const now = { generic_share: 86, cutoff_share: 60, receptions_per_month: 2500 };
    expect(
      messages(
        store({
          genericNow: now,
          genericAhead: { ...now, generic_share: 80 },
          genericAheadRules: unconfirmedRules,
        }),
      ),
    ).toEqual([
      '中央店: 2026年10月から generic_2 を満たさなくなる見込みです（後発割合 80.0%、基準 85%以上）[未確認]',
    ]);
    const thresholdUnconfirmed = R8_RULES.map((r) =>
      r.code === 'basic_2'
        ? {
            ...r,
            conditions: r.conditions.map((c) => ({ ...c, confidence: 'unconfirmed' as const })),
          }
        : r,
    );
    expect(
      messages(
        store({
          basicNow: { ...ORDINARY, concentration_rate: 80 },
          basicAhead: { ...ORDINARY, concentration_rate: 86.1 },
          basicRules: thresholdUnconfirmed,
        }),
      )[0],
    ).toMatch(/\[未確認\]$/);
  });
});

describe('facilityAlerts: near a threshold', () => {
  const basicNear = (measures: StoreMeasures, settings = SETTINGS) =>
    facilityAlerts(store({ basicNow: measures, basicAhead: measures }), settings);

  it.each([
    [83, true],
    [82.9, false],
    [83.1, true],
    [85, true],
    [85.1, false],
  ])('集中率 %s against > 85 with a rate margin of 2: alert %s', (rate, raised) => {
    const alerts = basicNear({ ...ORDINARY, concentration_rate: rate });
    expect(alerts.filter((a) => a.kind === 'near').length).toBe(raised ? 1 : 0);
  });

  it('writes the distance, the target 区分 and the key of the period', () => {
    expect(basicNear({ ...ORDINARY, concentration_rate: 83.8 })).toEqual([
      {
        key: '101/basic_fee/near/basic_2/2027-06-01',
        storeCode: '101',
        storeName: '中央店',
        ruleSet: 'basic_fee',
        kind: 'near',
        message:
          '中央店: 集中率があと 1.2pt 上がると 2027年6月からの調剤基本料が basic_2 になります（集中率 83.8%、基準 85%超）',
      },
    ]);
    expect(basicNear({ ...ORDINARY, concentration_rate: 85 })[0]!.message).toContain(
      '集中率がわずかに上がると',
    );
  });

  it.each([
    [1700, '100回', '1,700回'],
    [1699.9, null, null],
    [1700.1, '99.9回', '1,700.1回'],
  ])('受付 %s against > 1,800 with a receptions margin of 100', (receptions, distance, value) => {
    const alerts = basicNear({
      ...ORDINARY,
      receptions_per_month: receptions,
      concentration_rate: 90,
    });
    expect(alerts.map((a) => a.message)).toEqual(
      distance === null
        ? []
        : [
            `中央店: 受付があと ${distance} 増えると 2027年6月からの調剤基本料が basic_2 になります（受付 ${value}/月、基準 1,800回超）`,
          ],
    );
  });

  it('uses the settings the corporation chose, a margin of 0 only on the threshold', () => {
    const measures = { ...ORDINARY, concentration_rate: 84 };
    expect(basicNear(measures, { receptionsMargin: 100, rateMargin: 1 })).toHaveLength(1);
    expect(basicNear(measures, { receptionsMargin: 100, rateMargin: 0.9 })).toHaveLength(0);
    expect(
      basicNear({ ...ORDINARY, concentration_rate: 85 }, { receptionsMargin: 0, rateMargin: 0 }),
    ).toHaveLength(1);
  });

  it('needs the other conditions of the clause to hold', () => {
    expect(basicNear({ ...ORDINARY, receptions_per_month: 1500, concentration_rate: 84 })).toEqual(
      [],
    );
  });

  it('looks only at rules judged before the one that applies', () => {
    const bigGroup = { ...ORDINARY, group_receptions_per_month: 500_000, concentration_rate: 84 };
    expect(basicNear(bigGroup).map((a) => a.key)).toEqual([
      '101/basic_fee/near/basic_3ro/2027-06-01',
    ]);
    // Over 85% the store is 3ロ: 3ハ, judged after it, is not near.
    expect(basicNear({ ...bigGroup, concentration_rate: 86 })).toEqual([]);
  });

  it('uses the receptions margin for the group figures', () => {
    const alerts = basicNear({
      ...ORDINARY,
      group_receptions_per_month: 34_950,
      concentration_rate: 96,
    });
    expect(alerts.map((a) => a.key)).toEqual([
      // basic_2 already holds (集中率 96%), the group is 50 short of 3イ
      '101/basic_fee/near/basic_3i/2027-06-01',
    ]);
  });

  it.each([
    [87, true],
    [87.1, false],
    [86.9, true],
    [85, true],
  ])('後発割合 %s holding generic_2 (≥ 85) with a rate margin of 2: alert %s', (share, raised) => {
    const measures = { generic_share: share, cutoff_share: 60, receptions_per_month: 2500 };
    const alerts = facilityAlerts(
      store({ genericNow: measures, genericAhead: measures }),
      SETTINGS,
    );
    expect(alerts.map((a) => a.key)).toEqual(
      raised ? ['101/generic_tier/near/generic_2/2026-10'] : [],
    );
  });

  it('writes how far the generic share may fall', () => {
    const measures = { generic_share: 86.5, cutoff_share: 60, receptions_per_month: 2500 };
    expect(messages(store({ genericNow: measures, genericAhead: measures }))).toEqual([
      '中央店: 後発割合があと 1.5pt 下がると 2026年10月から generic_2 を満たさなくなります（後発割合 86.5%、基準 85%以上）',
    ]);
  });
});

describe('facilityAlertsOf', () => {
  it('skips stores with nothing to judge and keeps the stores in order', () => {
    const empty = store({});
    const crossing = {
      ...store({
        basicNow: { ...ORDINARY, concentration_rate: 80 },
        basicAhead: { ...ORDINARY, concentration_rate: 90 },
      }),
      storeCode: '102',
      storeName: '駅前店',
    };
    expect(facilityAlertsOf([empty, crossing], SETTINGS).map((a) => a.key)).toEqual([
      '102/basic_fee/crossing/basic_2/2027-06-01',
    ]);
  });

  it('keys the same change of a later period apart', () => {
    const s = store({
      basicNow: { ...ORDINARY, concentration_rate: 80 },
      basicAhead: { ...ORDINARY, concentration_rate: 90 },
    });
    const later = {
      ...s,
      basicFee: {
        ...s.basicFee,
        projected: {
          ...s.basicFee.projected!,
          period: { ...s.basicFee.projected!.period, appliesFrom: '2028-06-01' },
        },
      },
    };
    expect(facilityAlerts(later, SETTINGS)[0]!.key).not.toBe(facilityAlerts(s, SETTINGS)[0]!.key);
  });
});
