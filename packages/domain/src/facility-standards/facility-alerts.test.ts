import { describe, expect, it } from 'vitest';
import { evaluateFacilityStandards } from './evaluate-rules.ts';
import { FACILITY_ALERT_MESSAGES, facilityAlerts, facilityAlertsOf } from './facility-alerts.ts';
import { storeJudgementWire, type StoreJudgementWire } from './judgement-api.ts';
import type { StoreMeasures } from './measures.ts';
import { judgementPeriodOn } from './projection.ts';
import {
  R6_REVISION,
  R8_REVISION,
  revisionRules,
  ORDINARY_FLAGS,
} from './reference-rules.fixture.ts';
import type { FacilityRule, RevisionRules } from './rule-schemas.ts';
import { DEFAULT_ALERT_SETTINGS, type AlertSettings } from './settings-api.ts';
import type { JudgedBasicFee, JudgedGeneric } from './store-judgement.ts';

const SETTINGS: AlertSettings = { ...DEFAULT_ALERT_SETTINGS };

/**
 * A store of an ordinary small group: 2,500 receptions a month from mostly one clinic, outside
 * the 政令市, designated long ago, supplying medicine to other pharmacies.
 */
const ORDINARY: StoreMeasures = {
  ...ORDINARY_FLAGS,
  designated_before_revision: true,
  receptions_per_month: 2500,
  concentration_rate: 70,
  top3_concentration_rate: 80,
  top_institution_receptions_per_month: 1750,
  group_receptions_per_month: 10_000,
  group_same_institution_receptions_per_month: 1750,
  group_store_count: 5,
};
/** A store opened after 2026-05-31 in Fukuoka city with two pharmacies within 50 m. */
const CROWDED_NEW: StoreMeasures = {
  ...ORDINARY,
  designated_before_revision: false,
  urban_area: true,
  other_pharmacies_within_500m: 4,
  other_pharmacies_within_50m: 2,
};

const basicFee = (
  appliesFrom: string,
  measures: StoreMeasures,
  revision: RevisionRules,
): JudgedBasicFee => {
  const judged = evaluateFacilityStandards(revision, measures, appliesFrom);
  return {
    period: judgementPeriodOn(`${Number(appliesFrom.slice(0, 4)) - 1}-05-01`),
    revisionCode: revision.code,
    outcome: judged.basicFee,
    locationReduction: judged.locationReduction,
    deemed: judged.deemed,
    measures,
    observedMonths: 12,
    trend: null,
  };
};

const generic = (
  appliesMonth: string,
  measures: StoreMeasures,
  revision: RevisionRules,
): JudgedGeneric => {
  const judged = evaluateFacilityStandards(revision, measures, `${appliesMonth}-01`);
  return {
    window: [],
    appliesMonth,
    revisionCode: revision.code,
    basicFeeCode: judged.basicFee.applies?.code ?? null,
    tier: judged.genericTier,
    reduction: judged.genericReduction,
    deemed: judged.deemed,
    measures,
    projectedMonths: 0,
  };
};

function store(input: {
  basicNow?: StoreMeasures;
  basicAhead?: StoreMeasures;
  basicRevision?: RevisionRules;
  basicNowRevision?: RevisionRules;
  genericNow?: StoreMeasures;
  genericAhead?: StoreMeasures;
  genericNowRevision?: RevisionRules;
  genericAheadRevision?: RevisionRules;
  genericNowMonth?: string;
  genericAheadMonth?: string;
}): StoreJudgementWire {
  const basicRevision = input.basicRevision ?? R8_REVISION;
  const judged = storeJudgementWire(
    {
      receptionsPerMonth: 2500,
      basicFee: {
        current: input.basicNow
          ? basicFee('2026-06-01', input.basicNow, input.basicNowRevision ?? basicRevision)
          : null,
        projected: input.basicAhead
          ? basicFee('2027-06-01', input.basicAhead, basicRevision)
          : null,
      },
      receptionsToKeepCurrent: null,
      generic: {
        current: input.genericNow
          ? generic(
              input.genericNowMonth ?? '2026-07',
              input.genericNow,
              input.genericNowRevision ?? R6_REVISION,
            )
          : null,
        projected: input.genericAhead
          ? generic(
              input.genericAheadMonth ?? '2026-10',
              input.genericAhead,
              input.genericAheadRevision ?? R6_REVISION,
            )
          : null,
      },
      months: [],
    },
    true,
  );
  return {
    storeCode: '101',
    storeName: '中央店',
    lastCompleteMonth: '2026-06',
    topInstitution: null,
    ...judged,
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
          '中央店: 2027年6月からの調剤基本料が 調剤基本料1 から 調剤基本料2 に変わる見込みです（集中率 86.1%、基準 85%超）',
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
      '中央店: 2027年6月からの調剤基本料が 調剤基本料2 から 調剤基本料1 に変わる見込みです（集中率 80.0%、基準 85%超）',
    ]);
  });

  it('raises nothing when the 区分 stays, or without a current one to compare', () => {
    const same = { ...ORDINARY, concentration_rate: 60 };
    expect(messages(store({ basicNow: same, basicAhead: same }))).toEqual([]);
    expect(messages(store({ basicAhead: { ...ORDINARY, concentration_rate: 90 } }))).toEqual([]);
  });

  it('raises a generic tier lower than the current one, or none (R6: no common gate)', () => {
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
    const now = { ...ORDINARY, generic_share: 82, cutoff_share: 60 };
    expect(
      messages(
        store({
          genericNow: now,
          genericAhead: { ...now, generic_share: 88, regional_support_system: true },
          genericAheadRevision: R8_REVISION,
          genericAheadMonth: '2026-07',
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
    const unconfirmedRules = R8_REVISION.rules.map((r) =>
      r.code === 'regional_supply_1' ? { ...r, confidence: 'unconfirmed' as const } : r,
    );
    const now = { ...ORDINARY, generic_share: 86, cutoff_share: 60 };
    expect(
      messages(
        store({
          genericNow: now,
          genericNowRevision: R8_REVISION,
          genericAhead: { ...now, generic_share: 80 },
          genericAheadRevision: withRules(R8_REVISION, unconfirmedRules),
        }),
      ),
    ).toEqual([
      '中央店: 後発割合が85%を下回る見込みです。2026年10月から 地域支援・医薬品供給対応体制加算1 を算定できなくなります（後発割合 80.0%、基準 85%以上）[未確認]',
    ]);
    const thresholdUnconfirmed = R8_REVISION.rules.map((r) =>
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
          basicRevision: withRules(R8_REVISION, thresholdUnconfirmed),
        }),
      )[0],
    ).toMatch(/\[未確認\]$/);
  });
});

function withRules(revision: RevisionRules, rules: FacilityRule[]): RevisionRules {
  return revisionRules({ ...revision, rules, deemedEffects: revision.deemedEffects });
}

describe('後発割合85%の壁: 加算を失う見込みが最初の通知', () => {
  const R8_TIER = { ...ORDINARY, cutoff_share: 60 };

  it('tells a 加算1 store heading for 84.2 % that it loses the 加算', () => {
    const alerts = facilityAlerts(
      store({
        genericNow: { ...R8_TIER, generic_share: 86 },
        genericNowRevision: R8_REVISION,
        genericAhead: { ...R8_TIER, generic_share: 84.2 },
        genericAheadRevision: R8_REVISION,
      }),
      SETTINGS,
    );
    expect(alerts).toEqual([
      {
        key: '101/generic_tier/crossing/none/2026-10',
        storeCode: '101',
        storeName: '中央店',
        ruleSet: 'generic_tier',
        kind: 'crossing',
        message:
          '中央店: 後発割合が85%を下回る見込みです。2026年10月から 地域支援・医薬品供給対応体制加算1 を算定できなくなります（後発割合 84.2%、基準 85%以上）',
      },
    ]);
  });

  it('names the tier the store holds (加算2 of a 基本料1 store with the system and 実績)', () => {
    const ready = {
      ...R8_TIER,
      regional_support_system: true,
      achievement_medication_adjustment: 25,
      achievement_primary_guidance: 30,
    };
    expect(
      messages(
        store({
          genericNow: { ...ready, generic_share: 85 },
          genericNowRevision: R8_REVISION,
          genericAhead: { ...ready, generic_share: 84.9 },
          genericAheadRevision: R8_REVISION,
        }),
      ),
    ).toEqual([
      '中央店: 後発割合が85%を下回る見込みです。2026年10月から 地域支援・医薬品供給対応体制加算2 を算定できなくなります（後発割合 84.9%、基準 85%以上）',
    ]);
  });

  it('comes before the other alerts of the store', () => {
    const alerts = facilityAlerts(
      store({
        basicNow: { ...ORDINARY, concentration_rate: 80 },
        basicAhead: { ...ORDINARY, concentration_rate: 86.1 },
        genericNow: { ...R8_TIER, generic_share: 86 },
        genericNowRevision: R8_REVISION,
        genericAhead: { ...R8_TIER, generic_share: 84.2 },
        genericAheadRevision: R8_REVISION,
      }),
      SETTINGS,
    );
    expect(alerts.map((a) => a.key)).toEqual([
      '101/generic_tier/crossing/none/2026-10',
      '101/basic_fee/crossing/basic_2/2027-06-01',
    ]);
    expect(alerts[0]!.message).toContain('後発割合が85%を下回る見込み');
  });

  it('tells the R6 加算 of a store heading below 85 % under R8', () => {
    expect(
      messages(
        store({
          genericNow: { ...R8_TIER, generic_share: 86 },
          genericAhead: { ...R8_TIER, generic_share: 84 },
          genericAheadRevision: R8_REVISION,
          genericAheadMonth: '2026-07',
        }),
      ),
    ).toEqual([
      '中央店: 後発割合が85%を下回る見込みです。2026年7月から 地域支援・医薬品供給対応体制加算1 を算定できなくなります（後発割合 84.0%、基準 85%以上）',
    ]);
  });

  it('says when the 経過措置 the store held on to ends (2027-05-31)', () => {
    const held = { ...R8_TIER, generic_share: 80, held_generic_tier_2026_03: true };
    expect(
      messages(
        store({
          genericNow: held,
          genericNowRevision: R8_REVISION,
          genericNowMonth: '2027-05',
          genericAhead: held,
          genericAheadRevision: R8_REVISION,
          genericAheadMonth: '2027-06',
        }),
      ),
    ).toEqual([
      '中央店: 後発割合が85%を下回る見込みです。後発医薬品調剤割合85%の経過措置（2027年5月31日まで）が終わり、2027年6月から 地域支援・医薬品供給対応体制加算1 を算定できなくなります（後発割合 80.0%、基準 85%以上）',
    ]);
  });

  it('is not raised for a drop that the gate does not decide (加算2 → 加算1 for want of 実績)', () => {
    const ready = {
      ...R8_TIER,
      generic_share: 90,
      regional_support_system: true,
      achievement_medication_adjustment: 25,
      achievement_primary_guidance: 30,
    };
    const alerts = messages(
      store({
        genericNow: ready,
        genericNowRevision: R8_REVISION,
        genericAhead: { ...ready, achievement_primary_guidance: 15 },
        genericAheadRevision: R8_REVISION,
      }),
    );
    expect(alerts).toEqual([
      '中央店: 2026年10月からの後発医薬品の体制加算が 地域支援・医薬品供給対応体制加算2 から 地域支援・医薬品供給対応体制加算1 に下がる見込みです（服薬管理指導料1イ・2イの実績 15回/1万回、基準 20回以上）',
    ]);
    expect(alerts[0]).not.toContain('後発割合が85%を下回る');
  });

  it('keeps the message builder with the others', () => {
    expect(FACILITY_ALERT_MESSAGES.genericGateLost('天神店', '2027-06', '加算1', '85%')).toBe(
      '天神店: 後発割合が85%を下回る見込みです。2027年6月から 加算1 を算定できなくなります',
    );
  });
});

describe('門前薬局等立地依存減算: 見込みでかかるようになる', () => {
  it('raises the reduction that applies ahead and not now, with the figure that changes', () => {
    const alerts = facilityAlerts(
      store({
        basicNow: { ...CROWDED_NEW, concentration_rate: 84 },
        basicAhead: { ...CROWDED_NEW, concentration_rate: 90 },
      }),
      SETTINGS,
    );
    expect(alerts.find((a) => a.ruleSet === 'location_reduction')).toEqual({
      key: '101/location_reduction/crossing/location_reduction/2027-06-01',
      storeCode: '101',
      storeName: '中央店',
      ruleSet: 'location_reduction',
      kind: 'crossing',
      message:
        '中央店: 2027年6月からの調剤基本料に 門前薬局等立地依存減算 がかかる見込みです（集中率 90.0%、基準 85%超）',
    });
  });

  it('raises it when the store comes under R8 from R6, which had no such reduction', () => {
    const alerts = facilityAlerts(
      store({
        basicNow: { ...CROWDED_NEW, concentration_rate: 90 },
        basicNowRevision: R6_REVISION,
        basicAhead: { ...CROWDED_NEW, concentration_rate: 90 },
      }),
      SETTINGS,
    );
    expect(alerts.map((a) => a.key)).toContain(
      '101/location_reduction/crossing/location_reduction/2027-06-01',
    );
  });

  it('raises nothing when it applies already, or for a store designated before 2026-06-01', () => {
    const now = { ...CROWDED_NEW, concentration_rate: 90 };
    expect(
      facilityAlerts(store({ basicNow: now, basicAhead: now }), SETTINGS).filter(
        (a) => a.ruleSet === 'location_reduction',
      ),
    ).toEqual([]);
    const existing = { ...CROWDED_NEW, designated_before_revision: true };
    expect(
      facilityAlerts(
        store({
          basicNow: { ...existing, concentration_rate: 84 },
          basicAhead: { ...existing, concentration_rate: 90 },
        }),
        SETTINGS,
      ).filter((a) => a.ruleSet === 'location_reduction'),
    ).toEqual([]);
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
          '中央店: 集中率があと 1.2pt 上がると 2027年6月からの調剤基本料が 調剤基本料2 になります（集中率 83.8%、基準 85%超）',
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
            `中央店: 受付があと ${distance} 増えると 2027年6月からの調剤基本料が 調剤基本料2 になります（受付 ${value}/月、基準 1,800回超）`,
          ],
    );
  });

  it('warns a 政令市 store of 基本料2 ハ when a pharmacy is within 500 m', () => {
    const urban = {
      ...ORDINARY,
      urban_area: true,
      other_pharmacies_within_500m: 1,
      receptions_per_month: 900,
      concentration_rate: 84,
    };
    expect(basicNear(urban).map((a) => a.message)).toEqual([
      '中央店: 集中率があと 1.0pt 上がると 2027年6月からの調剤基本料が 調剤基本料2 になります（集中率 84.0%、基準 85%超）',
    ]);
    expect(basicNear({ ...urban, other_pharmacies_within_500m: 0 })).toEqual([]);
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
    // Past 85 % the store would be 3ロ, judged before 基本料2: only 3ロ is near.
    expect(basicNear(bigGroup).map((a) => a.key)).toEqual([
      '101/basic_fee/near/basic_3ro/2027-06-01',
    ]);
    // Over 85% the store is 3ロ: 3ハ and 基本料2, judged after it, are not near.
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

  it('warns a 加算1 store at 86.1 % that 1.1 pt less loses it', () => {
    const measures = { ...ORDINARY, generic_share: 86.1, cutoff_share: 60 };
    expect(
      messages(
        store({
          genericNow: measures,
          genericNowRevision: R8_REVISION,
          genericAhead: measures,
          genericAheadRevision: R8_REVISION,
        }),
      ),
    ).toEqual([
      '中央店: 後発割合があと 1.1pt 下がると 2026年10月から 地域支援・医薬品供給対応体制加算1 を満たさなくなります（後発割合 86.1%、基準 85%以上）',
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
