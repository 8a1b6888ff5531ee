import { DEFAULT_ALERT_SETTINGS } from '@pharmalytics/domain';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { storeJudgement, tierOutcome } from './judgement.fixture.ts';
import { ruleItems, ruleLists, storeCardModel } from './model.ts';
import { RuleList } from './RuleList.tsx';
import { StoreCard } from './StoreCard.tsx';

const admin = { seesGroup: true, alertSettings: DEFAULT_ALERT_SETTINGS };

function html(element: ReactElement): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <I18nextProvider i18n={i18n}>{element}</I18nextProvider>
    </MemoryRouter>,
  );
}

/** The text a reader meets, tags dropped. */
const textOf = (markup: string) =>
  markup
    .replace(/<style[^>]*>[^<]*<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** The rules of a rendered list, one text each. */
const rulesOf = (markup: string) =>
  markup
    .split('data-testid="facility-rule"')
    .slice(1)
    .map((part) => textOf(`<${part}`));

describe('StoreCard', () => {
  it('shows each 区分 with its reduction, deemed statuses and yen, nothing unconfirmed marked', () => {
    const store = storeJudgement({
      now: [50, 900],
      ahead: [86.1, 1920],
      location: 'applies',
      share: 81.1,
      heldGenericTier: true,
      receptionsPerMonth: 500,
    });
    const text = textOf(html(<StoreCard card={storeCardModel(store, admin)} />));
    expect(text).toContain('調剤基本料2（30点）');
    expect(text).toContain('現在の区分より 年 102万円 少ない');
    expect(text).toContain('調剤基本料1 より 年 102万円 少ない');
    expect(text).toContain('門前薬局等立地依存減算（−15点）');
    expect(text).toContain('減算により 年 90万円 少ない');
    expect(text).toContain('後発割合 81.1%（基準の85%まで あと3.9pt、経過措置によりみなし）');
    expect(text).toContain('経過措置: 後発医薬品調剤割合85%の経過措置（2027年5月31日まで）');
    expect(text).toContain('集中率 86.1%（基準の85%を 1.1pt 上回る）');
    expect(text).not.toContain('未確認');
    expect(text).not.toMatch(/https?:|当社/);
  });
});

describe('RuleList', () => {
  const lists = () => {
    const store = storeJudgement({ location: 'missing' });
    return ruleLists(store.basicFee.projected, store.generic.projected, undefined, admin);
  };

  it('gives every rule one verdict, the default 区分 applied without 非該当', () => {
    const [basic] = lists();
    const rules = rulesOf(
      html(<RuleList title={basic!.title} items={basic!.items} settingsAllowed={false} />),
    );
    expect(rules).toHaveLength(3);
    const basic1 = rules.find((r) => r.includes('調剤基本料1（47点）'))!;
    expect(basic1).toContain('適用（他の区分に該当しないため）');
    expect(basic1).not.toContain('非該当');
    for (const rule of rules) {
      expect(rule.includes('適用') && rule.includes('非該当')).toBe(false);
    }
  });

  it('links the missing facts to the settings for administrators only', () => {
    const location = lists().find((l) => l.key === 'location_reduction')!;
    const forAdmin = html(
      <RuleList title={location.title} items={location.items} settingsAllowed />,
    );
    expect(textOf(forAdmin)).toContain(
      '判定に必要な情報が未入力です: 医療機関と同一敷地内・同一建物内（施設基準の設定で入力できます）',
    );
    expect(forAdmin).toMatch(/href="[^"]*facility-standards\/settings"/);
    const forMember = html(
      <RuleList title={location.title} items={location.items} settingsAllowed={false} />,
    );
    expect(textOf(forMember)).toContain('判定に必要な情報が未入力です');
    expect(forMember).not.toContain('href=');
  });

  it('marks 未確認 only beside the unconfirmed threshold, with its sentence', () => {
    const items = ruleItems(tierOutcome(88), admin);
    const text = textOf(html(<RuleList title="体制加算" items={items} settingsAllowed />));
    expect(text.match(/［未確認］/g)).toHaveLength(1);
    expect(text).toContain('40回以上 ［未確認］ 公式の告示・通知で確認できていない値です。');
    expect(text).toContain('基準との差');
    expect(text).toContain('基準の85%を 3.0pt 上回る');
  });
});
