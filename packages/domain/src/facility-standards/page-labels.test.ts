import { describe, expect, it } from 'vitest';
import {
  RULE_VERDICT_TEXTS,
  deemedStatusText,
  facilityMarginPhrase,
  facilityMarginText,
  facilityThresholdText,
  facilityValueText,
  missingFacts,
  missingFactsText,
  ruleVerdictKind,
  stakeText,
  yenPerYearText,
} from './page-labels.ts';

describe('facilityMarginPhrase: どれだけ基準から離れているか', () => {
  it('tells how far a share still is from the gate: 81.1 % under ≥ 85', () => {
    expect(facilityMarginPhrase('generic_share', 85, 81.1, false)).toBe('基準の85%まで あと3.9pt');
  });

  it('tells how far a figure is past its threshold, up or down', () => {
    expect(facilityMarginPhrase('concentration_rate', 85, 86.1, true)).toBe(
      '基準の85%を 1.1pt 上回る',
    );
    expect(facilityMarginPhrase('receptions_per_month', 1800, 1680, true)).toBe(
      '基準の1,800回を 120回 下回る',
    );
    expect(facilityMarginPhrase('receptions_per_month', 600, 480, false)).toBe(
      '基準の600回まで あと120回',
    );
  });

  it('says 基準ちょうど on the threshold, whether it holds (≥) or not (>)', () => {
    expect(facilityMarginPhrase('generic_share', 85, 85, true)).toBe('基準の85%ちょうど');
    expect(facilityMarginPhrase('concentration_rate', 85, 85, false)).toBe('基準の85%ちょうど');
    expect(facilityMarginPhrase('concentration_rate', 85, 85.01, true)).toBe('基準の85%ちょうど');
  });
});

describe('figures as the page, notices and mail write them', () => {
  it('writes values, thresholds and signed margins in the house decimals', () => {
    expect(facilityValueText('generic_share', 84.2)).toBe('84.2%');
    expect(facilityValueText('receptions_per_month', 1920)).toBe('1,920回/月');
    expect(facilityThresholdText('group_receptions_per_month', 400_000)).toBe('400,000回');
    expect(facilityThresholdText('other_pharmacies_within_50m', 2)).toBe('2薬局');
    expect(facilityMarginText('concentration_rate', -1.1)).toBe('−1.1pt');
    expect(facilityMarginText('receptions_per_month', 120)).toBe('+120回');
    expect(facilityMarginText('generic_share', 0)).toBe('±0.0pt');
  });
});

describe('ruleVerdictKind: 該当 / 非該当 / 未入力 / 判定できません', () => {
  it('reads a rule that holds or fails as 該当 / 非該当', () => {
    expect(ruleVerdictKind({ met: true, conditions: [] })).toBe('held');
    expect(ruleVerdictKind({ met: false, conditions: [] })).toBe('notHeld');
    expect(RULE_VERDICT_TEXTS.held).toBe('該当');
    expect(RULE_VERDICT_TEXTS.notHeld).toBe('非該当');
  });

  it('asks for a store fact an administrator has not entered', () => {
    const rule = {
      met: null,
      conditions: [
        { measure: 'generic_share' as const, met: true, value: 90 },
        { measure: 'price_negotiation' as const, met: null, value: null },
        { measure: 'medicine_supply_record' as const, met: null, value: null },
      ],
    };
    expect(ruleVerdictKind(rule)).toBe('missingInput');
    expect(RULE_VERDICT_TEXTS[ruleVerdictKind(rule)]).toBe('判定に必要な情報が未入力');
    expect(missingFacts(rule.conditions)).toEqual(['price_negotiation', 'medicine_supply_record']);
    expect(missingFactsText(missingFacts(rule.conditions))).toBe(
      '判定に必要な情報が未入力です: 単品単価交渉、医薬品の分譲実績（施設基準の設定で入力できます）',
    );
  });

  it('cannot judge for want of data (a figure, or the store’s coordinates)', () => {
    const rule = {
      met: null,
      conditions: [
        { measure: 'concentration_rate' as const, met: null, value: null },
        { measure: 'other_pharmacies_within_500m' as const, met: null, value: null },
      ],
    };
    expect(ruleVerdictKind(rule)).toBe('noData');
    expect(RULE_VERDICT_TEXTS.noData).toMatch(/^判定できません/);
  });
});

describe('deemedStatusText: 経過措置 and until when', () => {
  it('writes the expiry of a deemed status, or 当面の間', () => {
    expect(
      deemedStatusText({ name: '後発医薬品調剤割合85%の経過措置', validUntil: '2027-05-31' }),
    ).toBe('後発医薬品調剤割合85%の経過措置（2027年5月31日まで）');
    expect(deemedStatusText({ name: '既存の薬局の立地依存減算の経過措置', validUntil: null })).toBe(
      '既存の薬局の立地依存減算の経過措置（当面の間）',
    );
  });
});

describe('yen a year', () => {
  it('writes 576万円 for 加算1 against 加算2 at 1,500 回/月', () => {
    expect(yenPerYearText(5_760_000)).toBe('年 576万円');
    expect(stakeText({ yenPerYear: 5_760_000 }, '地域支援・医薬品供給対応体制加算2')).toBe(
      '地域支援・医薬品供給対応体制加算2 より 年 576万円 少ない',
    );
    expect(stakeText({ yenPerYear: 3_240_000 }, null)).toBe('減算により 年 324万円 少ない');
  });
});
