import { DEFAULT_STORE_FACTS, FACILITY_MEASURES } from '@pharmalytics/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { facilitySettingsKeys, type Building, type StoreFactsRow } from './api.ts';
import { BuildingsCard } from './BuildingsCard.tsx';
import { StoreFactsCard } from './StoreFactsCard.tsx';

function html(element: ReactElement, data: [readonly unknown[], unknown][]): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const [key, value] of data) client.setQueryData(key, value);
  return renderToStaticMarkup(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={i18n}>{element}</I18nextProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const textOf = (markup: string) =>
  markup
    .replace(/<style[^>]*>[^<]*<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

const store = (over: Partial<StoreFactsRow> = {}): StoreFactsRow => ({
  storeCode: '1001',
  storeName: '天神店',
  facts: DEFAULT_STORE_FACTS,
  entered: false,
  urbanAreaFromCity: true,
  ...over,
});

describe('StoreFactsCard', () => {
  it('asks every fact of the store, the unknown ones with 未入力', () => {
    const markup = html(<StoreFactsCard />, [[facilitySettingsKeys.storeFacts, [store()]]]);
    const text = textOf(markup);
    for (const label of [
      FACILITY_MEASURES.basic_fee_notified.label,
      FACILITY_MEASURES.same_site_as_institution.label,
      FACILITY_MEASURES.online_clinic_on_site.label,
      '医薬品の分譲実績',
      '単品単価交渉',
      '地域支援の体制',
      '政令指定都市・東京23区',
      '保険薬局の指定日',
    ]) {
      expect(text).toContain(label);
    }
    expect(text).toContain('所在地から判定（はい）');
    expect(text.match(/未入力 /g)?.length).toBeGreaterThanOrEqual(3);
    expect(markup).toContain('type="date"');
    // Three choices per nullable fact: the area and the three facts.
    expect(markup.match(/type="radio"/g)).toHaveLength(12);
    expect(markup.match(/type="checkbox"/g)).toHaveLength(6);
  });

  it('says the city is unknown when the address does not tell', () => {
    const text = textOf(
      html(<StoreFactsCard />, [
        [facilitySettingsKeys.storeFacts, [store({ urbanAreaFromCity: null })]],
      ]),
    );
    expect(text).toContain('所在地から判定（不明）');
  });
});

describe('BuildingsCard', () => {
  it('lists each building with its kind and asks the kind of a new one', () => {
    const buildings: Building[] = [
      { id: 1, name: '天神メディカルモール', kind: 'mall', institutionCodes: ['4011101039'] },
    ];
    const markup = html(<BuildingsCard />, [
      [facilitySettingsKeys.buildings, buildings],
      [facilitySettingsKeys.institutions, []],
    ]);
    const text = textOf(markup);
    expect(text).toContain('天神メディカルモール 医療モール');
    expect(text).toContain('同一建物');
    expect(markup.match(/type="radio"/g)).toHaveLength(2);
  });
});
