import { expect, type Locator, type Page } from '@playwright/test';
import { routePath, type RouteName } from '@pharmalytics/domain';
import { choosePreset, chooseRadio, openPeriodMenu, periodMenu, typeDate } from './dashboard.ts';

/** The shared analysis page's controls and panels. */
export function analysisPage(page: Page) {
  const conditions = page.getByRole('group', { name: '表示条件' });
  const table = page.getByRole('region', { name: '内訳' });
  return {
    conditions,
    periodButton: conditions.getByRole('button', { name: /^期間:/ }),
    period: page.getByTestId('condition-period'),
    storesButton: conditions.getByRole('button', { name: /^店舗:/ }),
    metric: conditions.getByRole('combobox', { name: '指標' }),
    comparison: conditions.getByRole('combobox', { name: '比較' }),
    filterButton: conditions.getByRole('button', { name: /^絞り込み/ }),
    filterBadge: page.getByTestId('filter-badge'),
    sortButton: conditions.getByRole('button', { name: /^並び替え/ }),
    addressButton: conditions.getByRole('button', { name: /^住所:/ }),
    csv: conditions.getByRole('button', { name: 'CSV出力', exact: true }),
    csvByStore: conditions.getByRole('button', { name: '店舗別CSV出力', exact: true }),
    top: page.getByRole('region', { name: '上位グラフ' }),
    trend: page.getByRole('region', { name: '推移グラフ' }),
    table,
    grid: table.getByRole('table'),
  };
}

/** Opens an analysis route and waits for its controls. */
export async function gotoAnalysis(page: Page, name: RouteName) {
  await page.goto(routePath(name));
  const view = analysisPage(page);
  await expect(view.periodButton).toBeVisible();
  return view;
}

/** Applies a custom period typed by hand, on a time axis (年次, 月次, 日次, 曜日). */
export async function applyCustomPeriod(
  page: Page,
  range: { from: string; to: string },
  axis: string,
): Promise<void> {
  await openPeriodMenu(page);
  await choosePreset(page, 'カスタム');
  await typeDate(page, periodMenu(page).from, range.from);
  await typeDate(page, periodMenu(page).to, range.to);
  await chooseRadio(page, axis);
  await periodMenu(page).apply.click();
  await expect(periodMenu(page).menu).toBeHidden();
}

/** The table's item rows, each as the texts of its cells (checkbox column left out). */
export async function gridRows(grid: Locator): Promise<string[][]> {
  const rows = grid.locator('tbody tr[data-id]');
  return rows.evaluateAll((elements) =>
    elements.map((row) =>
      [...row.querySelectorAll('td, th')]
        .filter((cell) => cell.getAttribute('data-field') !== '__check__')
        .map((cell) => (cell.textContent ?? '').trim()),
    ),
  );
}

/** The table's column headers (checkbox column left out). */
export async function gridHeaders(grid: Locator): Promise<string[]> {
  return grid
    .locator('thead tr:first-child th')
    .evaluateAll((elements) =>
      elements
        .filter((cell) => cell.getAttribute('data-field') !== '__check__')
        .map((cell) => (cell.textContent ?? '').trim()),
    );
}

/** Resolves with the next chart call of a page family, to read its query. */
export function nextChartCall(page: Page, family: string) {
  return page.waitForRequest((request) => {
    const url = new URL(request.url());
    return request.method() === 'GET' && url.pathname.startsWith(`/v3/${family}/`);
  });
}
