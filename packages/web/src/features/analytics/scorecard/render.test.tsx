import { SCORECARD_KPIS, type ScorecardResponse } from '@pharmalytics/domain';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { ScorecardTable } from './ScorecardTable.tsx';
import type { ScorecardSort } from './table.ts';

const cell = (value: number | null, comparison: number | null, change: number | null) => ({
  value,
  comparison,
  change,
  changeUnit: '%' as const,
  comparisonComplete: change !== null,
});

const answer: ScorecardResponse = {
  rows: [
    {
      storeCode: '1001',
      name: 'はかた薬局 天神店',
      metrics: {
        prescription_counts: cell(1_200, 1_000, 20),
        prescriptions_per_pharmacist: cell(42.5, 38, 11.8),
      },
    },
    {
      storeCode: '1002',
      name: 'はかた薬局 博多駅前店',
      metrics: {
        prescription_counts: cell(1_500, 1_400, null),
        prescriptions_per_pharmacist: cell(31, 30, 3.3),
      },
    },
  ],
  total: {
    storeCode: '',
    name: '全店舗',
    metrics: { prescription_counts: cell(2_700, 2_400, null) },
  },
};

function html(sort: ScorecardSort | null): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <I18nextProvider i18n={i18n}>
        <ScorecardTable
          response={answer}
          sort={sort}
          onSort={() => {}}
          label="表"
          hrefOf={(target) => target.path}
        />
      </I18nextProvider>
    </MemoryRouter>,
  );
}

const bodyRows = (markup: string) =>
  [...markup.matchAll(/<tr[^>]*data-store="(\d*)"/g)].map((match) => match[1]);

describe('ScorecardTable', () => {
  it('heads a column group per KPI, with its definition button, unit and guide', () => {
    const markup = html(null);
    for (const kpi of SCORECARD_KPIS) {
      expect(markup).toContain(`data-kpi="${kpi.key}"`);
      expect(markup).toContain(`aria-label="${kpi.label}の定義"`);
    }
    expect(markup).toContain('単位: 枚');
    expect(markup).toContain('目安 40枚');
  });

  it('puts 全店舗 on top of the sorted stores and names the sorted column', () => {
    const sort: ScorecardSort = {
      column: { kind: 'kpi', key: 'prescription_counts', part: 'value' },
      direction: 'desc',
    };
    const markup = html(sort);
    expect(bodyRows(markup)).toEqual(['', '1002', '1001']);
    expect(markup.match(/aria-sort="descending"/g)).toHaveLength(1);
  });

  it('links each value to its analysis page, and marks the store above the guide', () => {
    const markup = html(null);
    expect(markup).toMatch(
      /<a [^>]*aria-label="1,200（はかた薬局 天神店の処方箋枚数を調剤薬局で見る）"[^>]*href="\/seller\/dispensing-pharmacy"/,
    );
    expect(markup.match(/data-testid="above-guide"/g)).toHaveLength(1);
    expect(markup).toContain('+20.0%');
    // An incomplete comparison shows '-' with the note for screen readers.
    expect(markup).toContain('（比較期間のデータが一部ありません）');
  });
});
