import { expect, type Locator, type Page } from '@playwright/test';
import { periodText, routePath } from '@pharmalytics/domain';
import { choosePreset, chooseRadio, openPeriodMenu, periodMenu, typeDate } from './dashboard.ts';
import { dispensingCsv, uploadAsStore, type CsvLine } from './uploads.ts';

/**
 * The scorecard's hand-made month, May 2024, sent by the uploaders of three demo stores of the
 * corporation 100001: 博多駅前店 (1002) dispenses three prescriptions, 西新店 (1004) two and
 * 薬院店 (1003) one, each a 調剤基本料 of 100 points; the other stores nothing. May 2023 has no
 * data, so every comparison lacks data.
 */
// A month of 31 days: the end date typed over the default's 31st stays a real date throughout.
export const SCORECARD_PERIOD = { from: '2024-05-01', to: '2024-05-31' } as const;
export const SCORECARD_PRESCRIPTIONS = { '1002': 3, '1004': 2, '1003': 1 } as const;
const PHARMACY_CODES = { '1002': '4041100026', '1003': '4041100034', '1004': '4041100042' };

function sheets(storeCode: keyof typeof PHARMACY_CODES, count: number): CsvLine[] {
  return Array.from({ length: count }, (_, k) => ({
    pharmacy_code: PHARMACY_CODES[storeCode],
    dispensing_date: `2024-05-${String(10 + k).padStart(2, '0')}`,
    reception_time: '10:00',
    reception_id: `SC${storeCode}${k}`,
    prescription_no: 1,
    insurance_type: '社保',
    reception_type: '外来',
    visit_type: '再来',
    institution_code: '4019900099',
    institution_name: 'スコア内科',
    department: '内科',
    line_type: 'FEE',
    code: '120000110',
    name: '調剤基本料',
    category: '調剤基本料',
    points: 100,
    count: 1,
    patient_id: `SC-P${storeCode}${k}`,
    patient_gender: 1,
    patient_birth_month: '1970-01',
  }));
}

/** Sends the month (again: a duplicate is accepted) as the admin of corporation 100001. */
export async function sendScorecardFiles(page: Page): Promise<void> {
  for (const [storeCode, count] of Object.entries(SCORECARD_PRESCRIPTIONS)) {
    const code = storeCode as keyof typeof PHARMACY_CODES;
    await uploadAsStore(page, code, `scorecard-${code}.csv`, dispensingCsv(sheets(code, count)));
  }
}

/** The scorecard's controls and table. */
export function scorecardPage(page: Page) {
  const conditions = page.getByRole('group', { name: '表示条件' });
  const table = page.getByTestId('scorecard-table');
  return {
    conditions,
    periodButton: conditions.getByRole('button', { name: /^期間:/ }),
    period: page.getByTestId('condition-period'),
    comparison: page.getByTestId('scorecard-comparison'),
    table,
    rows: table.locator('tbody tr'),
    /** The sort button of a KPI's sub-column (当期, 比較, 増減). */
    sortButton: (kpiLabel: string, part: '当期' | '比較' | '増減') =>
      table.getByRole('button', { name: new RegExp(`^${part}\\s*（${kpiLabel}）$`) }),
    incompleteNote: page.getByTestId('scorecard-incomplete'),
  };
}

export async function gotoScorecard(page: Page) {
  await page.goto(routePath('StoreScorecard'));
  const view = scorecardPage(page);
  await expect(view.periodButton).toBeVisible();
  return view;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A custom period against the same days a year before; returns once the table of that period
 * shows (the table of the period before is replaced while it loads).
 */
export async function applyScorecardPeriod(page: Page, range: { from: string; to: string }) {
  await openPeriodMenu(page);
  await choosePreset(page, 'カスタム');
  await typeDate(page, periodMenu(page).from, range.from);
  await typeDate(page, periodMenu(page).to, range.to);
  await chooseRadio(page, '前年同期');
  await periodMenu(page).apply.click();
  await expect(periodMenu(page).menu).toBeHidden();
  await expect(scorecardPage(page).table).toHaveAttribute(
    'aria-label',
    new RegExp(escapeRegExp(periodText(range))),
  );
}

/** The store codes of the body rows in order ('' is 全店舗). */
export function rowCodes(rows: Locator): Promise<string[]> {
  return rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-store') ?? ''));
}

/** The 当期 texts of a KPI's column, row by row. */
export function valueTexts(rows: Locator, kpiIndex: number): Promise<string[]> {
  return rows.evaluateAll(
    (trs, index) =>
      trs.map(
        (tr) => tr.querySelectorAll('td[data-part="value"]')[index]?.textContent?.trim() ?? '',
      ),
    kpiIndex,
  );
}
