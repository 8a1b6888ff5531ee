import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ALERT_SETTINGS,
  type FacilityRule,
  type FacilityStandardRulesResponse,
} from '@pharmalytics/domain';
import {
  conditionPhrase,
  conditionRow,
  decidingClauses,
  deemedItems,
  documentText,
  feeChange,
  ruleItems,
  ruleLists,
  ruleSourcesOf,
  storeCardModel,
  storeDeemedStatuses,
  undecidedText,
  unconfirmedSentence,
  type RuleItem,
} from './model.ts';
import {
  basicOutcome,
  condition,
  locationOutcome,
  rule,
  ruleSet,
  storeJudgement,
  tierOutcome,
} from './judgement.fixture.ts';

const admin = { seesGroup: true, alertSettings: DEFAULT_ALERT_SETTINGS };
const member = { seesGroup: false, alertSettings: DEFAULT_ALERT_SETTINGS };

/** Every text a rule item puts on the page. */
const textsOf = (item: RuleItem) =>
  [
    item.title,
    item.unconfirmedText,
    item.verdictText,
    item.appliedText,
    item.deemedText,
    item.missingText,
    ...item.rows.flatMap((r) => Object.values(r)),
    ...item.sources,
    item.note,
  ].filter((t): t is string => typeof t === 'string');

describe('conditionPhrase', () => {
  it('writes a figure with its direction against the threshold, not a signed margin', () => {
    const over = condition({
      measure: 'concentration_rate',
      threshold: 85,
      value: 86.14,
      margin: -1.14,
    });
    expect(conditionPhrase(over, admin)).toBe('集中率 86.1%（基準の85%を 1.1pt 上回る）');
    const short = condition({
      measure: 'top3_concentration_rate',
      threshold: 70,
      value: 69.04,
      margin: 0.96,
      met: false,
    });
    expect(conditionPhrase(short, admin)).toBe('上位3集中率 69.0%（基準の70%まで あと1.0pt）');
  });

  it('writes receptions per month against the threshold', () => {
    const receptions = condition({
      measure: 'receptions_per_month',
      threshold: 1800,
      value: 1920,
      margin: -120,
    });
    expect(conditionPhrase(receptions, admin)).toBe(
      '受付 1,920回/月（基準の1,800回を 120回 上回る）',
    );
  });

  it('says when a deemed status decided the condition instead of the figure', () => {
    const deemed = condition({
      measure: 'generic_share',
      comparator: 'gte',
      threshold: 85,
      value: 81.1,
      margin: 3.9,
      met: true,
      deemedBy: 'deemed_generic_gate',
    });
    expect(conditionPhrase(deemed, admin)).toBe(
      '後発割合 81.1%（基準の85%まで あと3.9pt、経過措置によりみなし）',
    );
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
    expect(conditionPhrase(lease, admin)).toBe('医療機関との不動産取引等 なし（条件: あり）');
  });
});

describe('decidingClauses', () => {
  it('shows the clause by which the applied rule holds, with its one verdict', () => {
    const [first] = decidingClauses(basicOutcome(86.1, 1920, 8000), admin);
    expect(first?.rule.name).toBe('調剤基本料2');
    expect(first?.held).toBe(true);
    expect(first?.verdictText).toBe('該当');
    expect(first?.conditions.map((c) => c.text)).toEqual([
      '受付 1,920回/月（基準の1,800回を 120回 上回る）',
      '集中率 86.1%（基準の85%を 1.1pt 上回る）',
    ]);
  });

  it('shows a rule judged before the default that nearly held', () => {
    const clauses = decidingClauses(basicOutcome(84, 1900, 8000), admin);
    expect(clauses).toHaveLength(1);
    expect(clauses[0]?.held).toBe(false);
    expect(clauses[0]?.verdictText).toBe('非該当');
    expect(clauses[0]?.rule.code).toBe('basic_2');
    expect(clauses[0]?.conditions[1]).toMatchObject({
      met: false,
      near: true,
      text: '集中率 84.0%（基準の85%まで あと1.0pt）',
    });
  });

  it('falls back to the closest clause when nothing is near', () => {
    const clauses = decidingClauses(basicOutcome(50, 900, 8000), admin);
    expect(clauses.map((c) => c.rule.code)).toEqual(['basic_2']);
    expect(clauses[0]?.conditions.every((c) => !c.near)).toBe(true);
  });

  it('does not call a condition a deemed status decided close', () => {
    const clauses = decidingClauses(basicOutcome(86.1, 1700, 8000, 1000, true), admin);
    expect(clauses.flatMap((c) => c.conditions).some((c) => c.near)).toBe(false);
  });
});

describe('storeCardModel', () => {
  it('marks a projected 区分 with fewer points as worse, with the yen a year', () => {
    const card = storeCardModel(storeJudgement(), admin);
    expect(card.current?.rule?.name).toBe('調剤基本料2');
    expect(card.projected?.rule?.name).toBe('調剤基本料1');
    expect(card.change).toBe('better');
    // (47 − 30) × 10 円 × 1,000 × 12.
    expect(card.changeText).toBe('現在の区分より 年 204万円 多い');
    const worse = storeCardModel(storeJudgement({ now: [50, 900], ahead: [86.1, 1920] }), admin);
    expect(worse.change).toBe('worse');
    expect(worse.changeText).toBe('現在の区分より 年 204万円 少ない');
    expect(worse.current?.periodText).toBe('判定期間 2025年5月〜2026年4月（2026年6月から適用）');
    expect(worse.projected?.periodText).toBe('判定期間 2026年5月〜2027年4月（2027年6月から適用）');
  });

  it('writes what a 区分 is worth against 調剤基本料1', () => {
    const card = storeCardModel(storeJudgement(), admin);
    expect(card.current?.stakeText).toBe('調剤基本料1 より 年 204万円 少ない');
    expect(card.projected?.stakeText).toBeNull();
    const unknown = storeCardModel(storeJudgement({ receptionsPerMonth: null }), admin);
    expect(unknown.current?.stakeText).toBeNull();
    expect(unknown.changeText).toBeNull();
  });

  it('shows the 門前薬局等立地依存減算 under the 区分 when it applies, with its yen', () => {
    const card = storeCardModel(
      storeJudgement({ location: 'applies', receptionsPerMonth: 500 }),
      admin,
    );
    expect(card.projected?.locationReduction?.rule?.name).toBe('門前薬局等立地依存減算');
    expect(card.projected?.locationReduction?.stakeText).toBe('減算により 年 90万円 少ない');
    const none = storeCardModel(storeJudgement(), admin);
    expect(none.projected?.locationReduction).toBeNull();
  });

  it('says which facts a reduction waits for instead of passing over it', () => {
    const card = storeCardModel(storeJudgement({ location: 'missing' }), admin);
    expect(card.projected?.locationReduction).toMatchObject({
      rule: null,
      undecidedText:
        '門前薬局等立地依存減算: 判定に必要な情報が未入力です: 医療機関と同一敷地内・同一建物内（施設基準の設定で入力できます）',
    });
  });

  it('lists the deemed statuses the judgement relied on, and only those', () => {
    const exempt = storeCardModel(storeJudgement({ location: 'exempt' }), admin);
    expect(exempt.projected?.deemed).toEqual(['既存の薬局の立地依存減算の経過措置（当面の間）']);
    expect(exempt.projected?.locationReduction).toBeNull();
    const gate = storeCardModel(storeJudgement({ share: 81.1, heldGenericTier: true }), admin);
    expect(gate.generic.current?.deemed).toEqual([
      '後発医薬品調剤割合85%の経過措置（2027年5月31日まで）',
    ]);
    // The gate status holds but the 区分 did not rely on it.
    expect(gate.current?.deemed).toEqual([]);
    const share = storeCardModel(storeJudgement({ share: 90, heldGenericTier: true }), admin);
    expect(share.generic.current?.deemed).toEqual([]);
  });

  it('writes the 体制加算 with its points, the share against the gate and the stake', () => {
    const card = storeCardModel(storeJudgement({ share: 88, receptionsPerMonth: 1500 }), admin);
    const now = card.generic.current;
    expect(now?.tier).toMatchObject({ name: '地域支援・医薬品供給対応体制加算1', points: 27 });
    expect(now?.shareText).toBe('後発割合 88.0%（基準の85%を 3.0pt 上回る）');
    expect(now?.stakeText).toBe('地域支援・医薬品供給対応体制加算2 より 年 576万円 少ない');
    const short = storeCardModel(storeJudgement({ share: 81.1 }), admin).generic.current;
    expect(short?.tier).toBeNull();
    expect(short?.shareText).toBe('後発割合 81.1%（基準の85%まで あと3.9pt）');
    expect(short?.stakeText).toBe('地域支援・医薬品供給対応体制加算1 より 年 324万円 少ない');
  });

  it('says a tier waits for facts instead of calling it 加算なし', () => {
    const card = storeCardModel(storeJudgement({ supply: null }), admin);
    expect(card.generic.current).toMatchObject({
      tier: null,
      tierUndecided: true,
      undecidedText: '未確定: 地域支援・医薬品供給対応体制加算1 に該当する可能性があります',
      missingText:
        '判定に必要な情報が未入力です: 医薬品の分譲実績、単品単価交渉（施設基準の設定で入力できます）',
    });
    const decided = storeCardModel(storeJudgement({ share: 81.1 }), admin);
    expect(decided.generic.current).toMatchObject({
      tierUndecided: false,
      undecidedText: null,
      missingText: null,
    });
  });

  it('shows the 後発医薬品減算 with its yen when it applies', () => {
    const card = storeCardModel(storeJudgement({ share: 45 }), admin);
    expect(card.generic.current?.tier).toBeNull();
    expect(card.generic.current?.reduction?.rule?.name).toBe('後発医薬品減算');
    expect(card.generic.current?.reduction?.stakeText).toBe('減算により 年 60万円 少ない');
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

  it('marks only unconfirmed rules, each with a sentence on what is missing', () => {
    const card = storeCardModel(storeJudgement(), admin);
    expect(card.current?.rule).toMatchObject({ unconfirmed: false, unconfirmedText: null });
    const unconfirmed = storeCardModel(
      storeJudgement({
        basicFee: {
          current: null,
          projected: {
            ...storeJudgement().basicFee.projected!,
            outcome: ruleSet({
              applies: 'basic_1',
              byDefault: true,
              rules: [rule({ code: 'basic_1', name: '調剤基本料1', confidence: 'unconfirmed' })],
            }),
          },
        },
      }),
      admin,
    );
    expect(unconfirmed.projected?.rule?.unconfirmedText).toBe(
      '公式の告示・通知で確認できていない値です。',
    );
  });
});

describe('undecidedText', () => {
  it('says plainly when the 区分 cannot be decided', () => {
    const ref = { code: 'basic_3ro', name: '調剤基本料3ロ', points: 20, unconfirmed: false };
    const rule = { ...ref, unconfirmedText: null };
    expect(undecidedText({ rule: null, undecided: [] })).toBe(
      '判定できません（判定に必要な数値がありません）',
    );
    expect(undecidedText({ rule, undecided: [rule] })).toBe(
      '未確定: 調剤基本料3ロ に該当する可能性があります（必要な数値が不明です）',
    );
    expect(undecidedText({ rule, undecided: [] })).toBeNull();
  });
});

describe('feeChange', () => {
  it('is unknown without both periods', () => {
    expect(feeChange(null, null)).toBe('unknown');
  });
});

describe('conditionRow', () => {
  it('writes value, threshold and a directional margin, unconfirmed thresholds explained', () => {
    const row = conditionRow(
      condition({
        measure: 'generic_share',
        comparator: 'gte',
        threshold: 85,
        value: 81.1,
        margin: 3.9,
        met: false,
        confidence: 'unconfirmed',
      }),
      admin,
    );
    expect(row).toMatchObject({
      clause: '条件1',
      value: '81.1%',
      threshold: '85%以上',
      margin: '基準の85%まで あと3.9pt',
      verdict: 'notMet',
      verdictText: '満たさない',
      unconfirmedText: '公式の告示・通知で確認できていない値です。',
    });
    const over = conditionRow(
      condition({ measure: 'generic_share', comparator: 'gte', threshold: 85, value: 86.1 }),
      admin,
    );
    expect(over).toMatchObject({ margin: '基準の85%を 1.1pt 上回る', unconfirmedText: null });
  });

  it('names the clause as the official text does', () => {
    const row = conditionRow(
      condition({ measure: 'concentration_rate', threshold: 85, value: 90, note: 'ロ' }),
      admin,
    );
    expect(row.clause).toBe('ロ');
  });

  it('writes flags as あり/なし, withheld figures as such', () => {
    const flag = conditionRow(
      condition({ measure: 'real_estate_lease', comparator: 'is_true', value: false, met: false }),
      admin,
    );
    expect(flag).toMatchObject({ value: 'なし', threshold: 'あり', margin: '—' });
    const hidden = conditionRow(
      condition({ measure: 'group_store_count', comparator: 'lt', threshold: 300, met: true }),
      member,
    );
    expect(hidden).toMatchObject({ value: '—（管理者のみ）', margin: '—', verdict: 'met' });
  });

  it('says when a deemed status decided the condition', () => {
    const row = conditionRow(
      condition({
        measure: 'generic_share',
        comparator: 'gte',
        threshold: 85,
        value: 81.1,
        margin: 3.9,
        deemedBy: 'deemed_generic_gate',
      }),
      admin,
      new Map([['deemed_generic_gate', '後発医薬品調剤割合85%の経過措置（2027年5月31日まで）']]),
    );
    expect(row).toMatchObject({
      margin: '経過措置によりみなし',
      deemedText: '後発医薬品調剤割合85%の経過措置（2027年5月31日まで）',
      verdict: 'met',
    });
  });
});

const facilityRule = (over: Partial<FacilityRule> & Pick<FacilityRule, 'code'>): FacilityRule => ({
  ruleSet: 'basic_fee',
  name: over.code,
  points: null,
  priority: 1,
  isDefault: false,
  basis: '告示',
  confidence: 'confirmed',
  source: '調剤報酬点数表（令和8年厚生労働省告示第69号 別表第三）区分00',
  note: null,
  conditions: [],
  validUntil: null,
  ...over,
});

describe('ruleItems', () => {
  it('gives the default 区分 one verdict: 適用（他の区分に該当しないため）, never 非該当', () => {
    const items = ruleItems(basicOutcome(84, 1900, 8000), admin);
    const basic1 = items.find((i) => i.code === 'basic_1')!;
    expect(basic1).toMatchObject({
      verdict: null,
      verdictText: null,
      appliedText: '適用（他の区分に該当しないため）',
    });
    for (const item of items) {
      const texts = [item.verdictText, item.appliedText];
      expect(texts.includes('非該当') && item.appliedText !== null).toBe(false);
    }
    expect(items.find((i) => i.code === 'basic_2')).toMatchObject({
      verdictText: '非該当',
      appliedText: null,
    });
  });

  it('marks the rule that holds as 該当 and 適用', () => {
    const items = ruleItems(basicOutcome(86.1, 1920, 8000), admin);
    expect(items.find((i) => i.code === 'basic_2')).toMatchObject({
      title: '調剤基本料2（30点）',
      verdictText: '該当',
      appliedText: '適用',
    });
    expect(items.find((i) => i.code === 'basic_1')?.appliedText).toBeNull();
  });

  it('says which facts an undecided rule needs', () => {
    const [, one] = ruleItems(tierOutcome(88, { supply: null }), admin);
    expect(one).toMatchObject({
      verdict: 'missingInput',
      verdictText: '判定に必要な情報が未入力',
      missingText:
        '判定に必要な情報が未入力です: 医薬品の分譲実績、単品単価交渉（施設基準の設定で入力できます）',
    });
  });

  it('tells a rule without data from one waiting for facts', () => {
    const items = ruleItems(basicOutcome(86.1, 1920, null), admin);
    expect(items.find((i) => i.code === 'basic_3i')).toMatchObject({
      verdict: 'noData',
      verdictText: '判定できません（データ不足）',
      missingText: null,
    });
  });

  it('says a deemed status decided a rule as a whole', () => {
    const [item] = ruleItems(
      locationOutcome('exempt'),
      admin,
      new Map(),
      new Map([['deemed_location_exempt', '既存の薬局の立地依存減算の経過措置（当面の間）']]),
    );
    expect(item).toMatchObject({
      verdictText: '非該当',
      deemedText: '経過措置によりみなし（既存の薬局の立地依存減算の経過措置（当面の間））',
    });
  });

  it('cites the official documents of the rule and its conditions, never a web address', () => {
    const sources = ruleSourcesOf([
      facilityRule({
        code: 'basic_2',
        note: '同一の敷地内・建物内の複数の医療機関（医療モールを含む）は一の医療機関とみなす',
        conditions: [
          {
            clause: 1,
            measure: 'receptions_per_month',
            comparator: 'gt',
            threshold: 1800,
            basis: '告示',
            confidence: 'confirmed',
            source: '特掲診療料の施設基準等 第十五 一 (2)',
            note: 'ロ',
          },
          {
            clause: 1,
            measure: 'concentration_rate',
            comparator: 'gt',
            threshold: 85,
            basis: '二次',
            confidence: 'confirmed',
            source: 'https://example.com/r8-summary',
            note: 'ロ',
          },
        ],
      }),
    ]);
    const items = ruleItems(basicOutcome(86.1, 1920, 8000), admin, sources);
    const basic2 = items.find((i) => i.code === 'basic_2')!;
    expect(basic2.sources).toEqual([
      '調剤報酬点数表（令和8年厚生労働省告示第69号 別表第三）区分00',
      '特掲診療料の施設基準等 第十五 一 (2)',
    ]);
    expect(basic2.note).toBe(
      '同一の敷地内・建物内の複数の医療機関（医療モールを含む）は一の医療機関とみなす',
    );
    for (const item of items) {
      for (const text of textsOf(item)) {
        expect(text).not.toMatch(/https?:|www\.|当社|我々|私たち/);
      }
    }
  });

  it('marks unconfirmed rules with the sentence of their note, or the default', () => {
    const set = ruleSet({
      rules: [rule({ code: 'x', name: '加算X', points: 10, confidence: 'unconfirmed' })],
    });
    const [plain] = ruleItems(set, admin);
    expect(plain?.unconfirmedText).toBe('公式の告示・通知で確認できていない値です。');
    const [noted] = ruleItems(
      set,
      admin,
      ruleSourcesOf([facilityRule({ code: 'x', note: '施設基準通知の本文が公開されていない' })]),
    );
    expect(noted?.unconfirmedText).toBe('施設基準通知の本文が公開されていない。');
    expect(noted?.note).toBeNull();
    const [confirmed] = ruleItems(basicOutcome(86.1, 1920, 8000), admin);
    expect(confirmed?.unconfirmedText).toBeNull();
  });

  it('explains an unconfirmed threshold beside it, not with the clause name again', () => {
    const [two] = ruleItems(tierOutcome(88), admin);
    const row = two!.rows.find((r) => r.label.startsWith('調剤時残薬調整加算'))!;
    expect(row).toMatchObject({
      clause: '相当の実績',
      unconfirmedText: '公式の告示・通知で確認できていない値です。',
    });
    expect(two!.rows.filter((r) => r.unconfirmedText !== null)).toHaveLength(1);
  });
});

describe('deemed statuses', () => {
  it('lists each status of the store once, as judged where a rule relied on it', () => {
    const store = storeJudgement({ location: 'exempt', heldGenericTier: true, share: 81.1 });
    const statuses = storeDeemedStatuses(store.basicFee.projected, store.generic.projected);
    expect(statuses.map((s) => s.code)).toEqual([
      'deemed_1800',
      'deemed_location_exempt',
      'deemed_generic_gate',
    ]);
    const items = deemedItems(statuses, admin);
    expect(items.map((i) => [i.title, i.verdictText])).toEqual([
      ['月1,800回以下の薬局の集中率の経過措置（当面の間）', '非該当'],
      ['既存の薬局の立地依存減算の経過措置（当面の間）', '該当'],
      ['後発医薬品調剤割合85%の経過措置（2027年5月31日まで）', '該当'],
    ]);
    expect(items.every((i) => i.appliedText === null)).toBe(true);
  });

  it('asks for the designation date when the exemption cannot be decided', () => {
    const store = storeJudgement({ location: 'missing' });
    const items = deemedItems(
      storeDeemedStatuses(store.basicFee.projected, store.generic.projected),
      admin,
    );
    expect(items.find((i) => i.code === 'deemed_location_exempt')?.missingText).toBe(
      '判定に必要な情報が未入力です: 令和8年5月31日以前の指定（施設基準の設定で入力できます）',
    );
  });
});

describe('ruleLists', () => {
  it('lists every rule set of the revision: 区分, 立地依存減算, 体制加算, 後発医薬品減算, 経過措置', () => {
    const store = storeJudgement();
    const rules: FacilityStandardRulesResponse = {
      revisions: [
        {
          code: 'R8',
          name: '令和8年度改定',
          effectiveFrom: '2026-06-01',
          effectiveTo: null,
          source: '令和8年厚生労働省告示第69号',
          rules: [facilityRule({ code: 'basic_1' })],
          deemedEffects: [],
        },
      ],
    };
    const lists = ruleLists(store.basicFee.projected, store.generic.projected, rules, admin);
    expect(lists.map((l) => l.title)).toEqual([
      '調剤基本料の区分（R8）',
      '門前薬局等立地依存減算（R8）',
      '体制加算（後発医薬品・地域支援）（R8）',
      '後発医薬品減算（R8）',
      '経過措置（R8）',
    ]);
    expect(lists[0]?.items.find((i) => i.code === 'basic_1')?.sources).toEqual([
      '調剤報酬点数表（令和8年厚生労働省告示第69号 別表第三）区分00',
    ]);
  });
});

describe('texts shown to a customer', () => {
  it('never shows a web address', () => {
    expect(documentText('https://example.com/page')).toBeNull();
    expect(documentText('www.mhlw.go.jp')).toBeNull();
    expect(documentText('saka1029.github.io のまとめ')).toBeNull();
    expect(documentText('疑義解釈資料の送付について（その2）問3')).toBe(
      '疑義解釈資料の送付について（その2）問3',
    );
    expect(unconfirmedSentence('see https://example.com')).toBe(
      '公式の告示・通知で確認できていない値です。',
    );
  });
});
