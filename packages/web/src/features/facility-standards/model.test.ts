import { describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_SETTINGS } from '@pharmalytics/domain';
import {
  conditionPhrase,
  conditionRow,
  decidingClauses,
  feeChange,
  storeCardModel,
  undecidedText,
} from './model.ts';
import { basicOutcome, condition, storeJudgement } from './judgement.fixture.ts';

const admin = { seesGroup: true, alertSettings: DEFAULT_ALERT_SETTINGS };
const member = { seesGroup: false, alertSettings: DEFAULT_ALERT_SETTINGS };

describe('conditionPhrase', () => {
  it('writes a rate with its distance to the threshold in points', () => {
    const over = condition({
      measure: 'concentration_rate',
      threshold: 85,
      value: 86.14,
      margin: -1.14,
    });
    expect(conditionPhrase(over, admin)).toBe('集中率 86.1%（基準 85%まで −1.1pt）');
    const short = condition({
      measure: 'top3_concentration_rate',
      threshold: 70,
      value: 69.04,
      margin: 0.96,
      met: false,
    });
    expect(conditionPhrase(short, admin)).toBe('上位3集中率 69.0%（基準 70%まで +1.0pt）');
  });

  it('writes receptions per month against the threshold', () => {
    const receptions = condition({
      measure: 'receptions_per_month',
      threshold: 1800,
      value: 1920.4,
      margin: -120.4,
    });
    expect(conditionPhrase(receptions, admin)).toBe('受付 1,920.4回/月（基準 1,800回超）');
  });

  it('withholds group figures from members, not from administrators', () => {
    const hidden = condition({
      measure: 'group_receptions_per_month',
      threshold: 40000,
      value: null,
    });
    expect(conditionPhrase(hidden, member)).toBe('グループの受付 —（管理者のみ）');
    expect(conditionPhrase(hidden, admin)).toBe('グループの受付 不明（基準 40,000回超）');
  });

  it('writes flags with what the rule asks', () => {
    const lease = condition({
      measure: 'real_estate_lease',
      comparator: 'is_true',
      value: false,
      met: false,
    });
    expect(conditionPhrase(lease, admin)).toBe('医療機関との不動産賃貸借 なし（条件: あり）');
  });
});

describe('decidingClauses', () => {
  it('shows the clause by which the applied rule holds', () => {
    const [first] = decidingClauses(basicOutcome(86.1, 1920, 8000), admin);
    expect(first?.rule.name).toBe('調剤基本料2');
    expect(first?.held).toBe(true);
    expect(first?.conditions.map((c) => c.text)).toEqual([
      '受付 1,920回/月（基準 1,800回超）',
      '集中率 86.1%（基準 85%まで −1.1pt）',
    ]);
  });

  it('shows a rule judged before the default that nearly held', () => {
    const clauses = decidingClauses(basicOutcome(84, 1900, 8000), admin);
    expect(clauses).toHaveLength(1);
    expect(clauses[0]?.held).toBe(false);
    expect(clauses[0]?.rule.code).toBe('basic_2');
    expect(clauses[0]?.conditions[1]).toMatchObject({ met: false, near: true });
  });

  it('falls back to the closest clause when nothing is near', () => {
    const clauses = decidingClauses(basicOutcome(50, 900, 8000), admin);
    expect(clauses.map((c) => c.rule.code)).toEqual(['basic_2']);
    expect(clauses[0]?.conditions.every((c) => !c.near)).toBe(true);
  });
});

describe('storeCardModel', () => {
  it('marks a projected 区分 with fewer points as worse', () => {
    const card = storeCardModel(storeJudgement(), admin);
    expect(card.current?.rule?.name).toBe('調剤基本料2');
    expect(card.projected?.rule?.name).toBe('調剤基本料1');
    expect(card.change).toBe('better');
    const worse = storeCardModel(storeJudgement({ now: [50, 900], ahead: [86.1, 1920] }), admin);
    expect(worse.change).toBe('worse');
    expect(worse.current?.periodText).toBe('判定期間 2025年5月〜2026年4月（2026年6月から適用）');
    expect(worse.projected?.periodText).toBe('判定期間 2026年5月〜2027年4月（2027年6月から適用）');
  });

  it('says how many receptions keep the current 区分', () => {
    const card = storeCardModel(
      storeJudgement({ now: [50, 900], ahead: [86.1, 1920], receptionsToKeepCurrent: 1234 }),
      admin,
    );
    expect(card.keepText).toBe(
      '他の医療機関からの受付があと月1,234回あれば 調剤基本料1 を維持できます',
    );
    const kept = storeCardModel(storeJudgement({ receptionsToKeepCurrent: 0 }), admin);
    expect(kept.keepText).toBeNull();
  });

  it('marks unconfirmed tiers and the generic reduction', () => {
    const card = storeCardModel(storeJudgement({ share: 45 }), admin);
    expect(card.generic.current?.tier).toBeNull();
    expect(card.generic.current?.reduction?.name).toBe('後発医薬品減算');
    const tiered = storeCardModel(storeJudgement(), admin);
    expect(tiered.generic.projected?.tier).toMatchObject({ points: 27, unconfirmed: true });
    expect(tiered.generic.projected?.shareText).toBe('後発割合 88.0%');
  });

  it('is empty without a judgement of either period', () => {
    const card = storeCardModel(storeJudgement({ now: null, ahead: null }), admin);
    expect(card.empty).toBe(true);
    expect(card.change).toBe('unknown');
    expect(card.deciding).toEqual([]);
  });

  it('draws the trend from the months, projected ones marked', () => {
    const card = storeCardModel(storeJudgement(), admin);
    expect(card.trend).toHaveLength(24);
    expect(card.trend.filter((p) => p.projected).map((p) => p.month)[0]).toBe('2026-11');
  });
});

describe('undecidedText', () => {
  it('says plainly when the 区分 cannot be decided', () => {
    const fee = { rule: null, byDefault: false, undecided: [], periodText: '', revisionCode: 'R8' };
    expect(undecidedText(fee)).toBe('判定できません（判定に必要な数値がありません）');
    const rule = { code: 'basic_3ro', name: '調剤基本料3ロ', points: 20, unconfirmed: false };
    expect(undecidedText({ ...fee, rule, undecided: [rule] })).toBe(
      '未確定: 調剤基本料3ロ に該当する可能性があります（必要な数値が不明です）',
    );
    expect(undecidedText({ ...fee, rule })).toBeNull();
  });
});

describe('feeChange', () => {
  it('is unknown without both periods', () => {
    expect(feeChange(null, null)).toBe('unknown');
  });
});

describe('conditionRow', () => {
  it('writes value, threshold and margin with the unit, unconfirmed marked', () => {
    const row = conditionRow(
      condition({
        measure: 'generic_share',
        comparator: 'gte',
        threshold: 85,
        value: 82,
        margin: 3,
        met: false,
        confidence: 'unconfirmed',
      }),
      admin,
    );
    expect(row).toMatchObject({
      value: '82.0%',
      threshold: '85%以上',
      margin: '+3.0pt',
      verdict: 'notHeld',
      unconfirmed: true,
    });
    const hidden = conditionRow(
      condition({ measure: 'group_store_count', comparator: 'lt', threshold: 300, met: true }),
      member,
    );
    expect(hidden).toMatchObject({ value: '—（管理者のみ）', margin: '—', verdict: 'held' });
  });
});
