import { expect, test, type Page } from '@playwright/test';
import {
  comparisonRange,
  DASHBOARD_METRICS,
  FORM_MESSAGES,
  MESSAGES,
  periodText,
  presetRange,
  todayInJapan,
  type DashboardMetricSlug,
  type DateRange,
} from '@pharmalytics/domain';
import {
  cardFigures,
  chooseRadio,
  choosePreset,
  clearDate,
  dashboard,
  dateValue,
  expectAllCardsLoaded,
  EMPTY_METRIC,
  gotoDashboard,
  metricResponse,
  openDashboard,
  openPeriodMenu,
  openStoreDialog,
  periodMenu,
  stubDashboardApi,
  typeDate,
  visibleSnackbar,
  type DashboardCall,
} from './dashboard.ts';
import { snackbar } from './settings.ts';

/** The demo corporation 100001: nine stores in 福岡県, in store-code order. */
const DEMO_STORE_CODES = ['1001', '1002', '1003', '1004', '1005', '1006', '1007', '1008', '1009'];

const slash = (date: string) => date.replaceAll('-', '/');
const comparisonText = (range: DateRange, type: 1 | 2) =>
  `比較期間: ${periodText(comparisonRange(range, type))}`;

/** yyyy-MM-dd shifted by whole days. */
function shift(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Totals the stubbed API answers with, by metric. */
const TOTALS: Partial<
  Record<DashboardMetricSlug, { base: number | null; comparison: number | null }>
> = {
  dispensing_sales: { base: 1_050_000, comparison: 1_000_000 },
  prescription_counts: { base: 90, comparison: 100 },
  prescription_unit_price: { base: 11_667, comparison: 10_000 },
  generic_dispensing_rates: { base: 85.5, comparison: null },
  medicine_note_rates: { base: 40, comparison: 0 },
};

function withData(call: DashboardCall) {
  return { body: metricResponse(call, TOTALS[call.slug] ?? { base: 120, comparison: 120 }) };
}

/** Types a date into the period menu's start or end field and leaves the field. */
async function typeInto(page: Page, field: 'from' | 'to', date: string): Promise<void> {
  await typeDate(page, periodMenu(page)[field], date);
}

async function expectDefaultPeriod(page: Page, today: string) {
  const view = dashboard(page);
  const range = presetRange('last7Days', today);
  await expect(view.period).toHaveText(periodText(range));
  await expect(view.comparison).toHaveText(comparisonText(range, 1));
  await expect(view.periodButton).toContainText('過去7日間');
  await expect(view.periodButton).toContainText('日次');
}

test.describe('dashboard', () => {
  test('opens on the last 7 days against the previous period, all stores, eleven cards', async ({
    page,
  }) => {
    const view = await openDashboard(page);
    await expectDefaultPeriod(page, todayInJapan());
    await expect(view.stores).toHaveText('全ての店舗');
    await expect(view.cards).toHaveCount(DASHBOARD_METRICS.length);
    for (const [i, metric] of DASHBOARD_METRICS.entries()) {
      await expect(view.cards.nth(i).getByRole('heading')).toHaveText(metric.label);
    }
    // The browser tests' demo corporations have no dispensing history.
    await expectAllCardsLoaded(page);
    // The send-mail icon is for system administrators only.
    await expect(view.mailButton).toHaveCount(0);
  });

  test('cards show both totals, the change, and the trend chart on hover and on focus', async ({
    page,
  }) => {
    const calls = await stubDashboardApi(page, withData);
    const view = await openDashboard(page);
    const today = todayInJapan();
    const range = presetRange('last7Days', today);
    const comparison = comparisonRange(range, 1);

    const sales = cardFigures(view.card('調剤売上'));
    await expect(sales.base).toHaveText('対象期間1,050,000円');
    await expect(sales.comparison).toHaveText('1,000,000円');
    await expect(sales.change).toContainText('+5.0%');
    await expect(sales.change.locator('[data-change]')).toHaveAttribute('data-change', 'up');
    const counts = cardFigures(view.card('処方箋枚数'));
    await expect(counts.comparison).toHaveText('100枚');
    await expect(counts.change).toContainText('-10.0%');
    await expect(counts.change.locator('[data-change]')).toHaveAttribute('data-change', 'down');
    await expect(cardFigures(view.card('処方箋単価')).change).toContainText('+16.7%');
    const generic = cardFigures(view.card('後発医薬品調剤割合'));
    await expect(generic.base).toContainText('85.5%');
    await expect(generic.comparison).toHaveText('-');
    await expect(generic.change).toHaveText('-');
    await expect(cardFigures(view.card('お薬手帳持参率')).change).toHaveText('-');
    await expect(cardFigures(view.card('患者数')).change).toContainText('0.0%');

    // One call per metric with the condition of the spec.
    expect(new Set(calls.map((c) => c.slug)).size).toBe(DASHBOARD_METRICS.length);
    const query = calls.find((c) => c.slug === 'dispensing_sales')!.query;
    expect(Object.fromEntries(query)).toEqual({
      baseFrom: range.from,
      baseTo: range.to,
      comparisonTargetFrom: comparison.from,
      comparisonTargetTo: comparison.to,
      periodCode: '3',
      storeCodes: DEMO_STORE_CODES.join(','),
    });

    const chart = page.getByRole('img', { name: /^調剤売上の推移/ });
    await view.card('調剤売上').hover();
    await expect(chart).toBeVisible();
    await expect(page.getByText(`対象期間 ${periodText(range)}`)).toBeVisible();
    await page.getByRole('heading', { name: 'ダッシュボード' }).hover();
    await expect(chart).toBeHidden();

    // Keyboard: focusing a card shows its chart, Escape hides it.
    await view.card('処方箋枚数').focus();
    const countsChart = page.getByRole('img', { name: /^処方箋枚数の推移/ });
    await expect(countsChart).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(countsChart).toBeHidden();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('img', { name: /^処方箋単価の推移/ })).toBeVisible();
  });

  test('a failing metric shows the unexpected-error message; the others still load', async ({
    page,
  }) => {
    let failing = true;
    await stubDashboardApi(page, (call) =>
      call.slug === 'dispensing_sales' && failing ? { status: 500 } : { body: EMPTY_METRIC },
    );
    const view = await openDashboard(page);
    await expect(snackbar(page, MESSAGES.unexpected)).toBeVisible();
    const sales = view.card('調剤売上');
    await expect(sales.getByText('読み込めませんでした')).toBeVisible();
    await expect(view.card('処方箋枚数').getByText(MESSAGES.noData)).toBeVisible();
    failing = false;
    await sales.getByRole('button', { name: '再読み込み' }).click();
    await expect(sales.getByText(MESSAGES.noData)).toBeVisible();
  });

  test('presets set the dates and the comparison; the menu restarts from the applied period', async ({
    page,
  }) => {
    test.slow();
    await openDashboard(page);
    const today = todayInJapan();
    const menu = periodMenu(page);
    const lastMonth = presetRange('lastMonth', today);

    await openPeriodMenu(page);
    await expect(menu.preset).toHaveText('過去7日間');
    await choosePreset(page, '先月');
    await expect(dateValue(menu.from)).toHaveValue(slash(lastMonth.from));
    await expect(dateValue(menu.to)).toHaveValue(slash(lastMonth.to));
    await expect(menu.comparison).toHaveText(comparisonText(lastMonth, 1));
    await chooseRadio(page, '前年同期');
    await expect(menu.comparison).toHaveText(comparisonText(lastMonth, 2));
    await menu.apply.click();
    await expect(menu.menu).toBeHidden();

    const view = dashboard(page);
    await expect(view.period).toHaveText(periodText(lastMonth));
    await expect(view.comparison).toHaveText(comparisonText(lastMonth, 2));
    await expect(view.periodButton).toContainText('先月');

    // Temporary choices are dropped on cancel and on Escape.
    await openPeriodMenu(page);
    await choosePreset(page, '過去90日間');
    await chooseRadio(page, '前期間');
    await menu.cancel.click();
    await expect(menu.menu).toBeHidden();
    await expect(view.period).toHaveText(periodText(lastMonth));
    await openPeriodMenu(page);
    await expect(menu.preset).toHaveText('先月');
    await expect(menu.menu.getByRole('radio', { name: '前年同期' })).toBeChecked();
    await choosePreset(page, '今月');
    await page.keyboard.press('Escape');
    await expect(menu.menu).toBeHidden();
    await openPeriodMenu(page);
    await expect(menu.preset).toHaveText('先月');
    await page.keyboard.press('Escape');

    // Each preset gives its own dates.
    for (const [text, key] of [
      ['今月', 'thisMonth'],
      ['過去30日間', 'last30Days'],
      ['今年度', 'thisFiscalYear'],
    ] as const) {
      await openPeriodMenu(page);
      await choosePreset(page, text);
      await menu.apply.click();
      await expect(view.period).toHaveText(periodText(presetRange(key, today)));
      await expect(view.comparison).toHaveText(comparisonText(presetRange(key, today), 2));
    }

    // The condition survives a reload and another page.
    await page.reload();
    await expect(view.period).toHaveText(periodText(presetRange('thisFiscalYear', today)));
    await expect(view.periodButton).toContainText('今年度');
    await page.goto('/service/seller/dispensing-pharmacy');
    await gotoDashboard(page);
    await expect(view.comparison).toHaveText(
      comparisonText(presetRange('thisFiscalYear', today), 2),
    );
  });

  test('editing a date by hand switches the preset to custom', async ({ page }) => {
    await openDashboard(page);
    const today = todayInJapan();
    const range = presetRange('last7Days', today);
    const from = shift(range.from, -3);
    const menu = periodMenu(page);

    await openPeriodMenu(page);
    await typeInto(page, 'from', from);
    await expect(menu.preset).toHaveText('カスタム');
    await expect(dateValue(menu.from)).toHaveValue(slash(from));
    await expect(menu.comparison).toHaveText(comparisonText({ from, to: range.to }, 1));
    await menu.apply.click();

    const view = dashboard(page);
    await expect(view.periodButton).toContainText('カスタム');
    await expect(view.period).toHaveText(periodText({ from, to: range.to }));
    await expect(view.comparison).toHaveText(comparisonText({ from, to: range.to }, 1));

    // Picking a day in the calendar does the same.
    await openPeriodMenu(page);
    await choosePreset(page, '過去7日間');
    await menu.menu
      .getByRole('button', { name: /^日付を選択/ })
      .first()
      .click();
    const calendar = page.getByRole('grid');
    await calendar.getByRole('gridcell', { name: '1', exact: true }).click();
    await expect(calendar).toBeHidden();
    const firstOfMonth = `${range.from.slice(0, 8)}01`;
    await expect(menu.preset).toHaveText('カスタム');
    await expect(dateValue(menu.from)).toHaveValue(slash(firstOfMonth));
    await menu.apply.click();
    await expect(view.period).toHaveText(periodText({ from: firstOfMonth, to: range.to }));
  });

  test('period rules: start after end, end before start, both dates, 730 days on the daily axis', async ({
    page,
  }) => {
    await openDashboard(page);
    const range = presetRange('last7Days', todayInJapan());
    const menu = periodMenu(page);
    await openPeriodMenu(page);

    // A start after the end: message, the start goes back, apply disabled.
    await typeInto(page, 'from', shift(range.to, 2));
    await expect(menu.menu.getByText(FORM_MESSAGES.periodStartAfterEnd)).toBeVisible();
    await expect(dateValue(menu.from)).toHaveValue(slash(range.from));
    await expect(menu.apply).toBeDisabled();
    await choosePreset(page, '過去30日間');
    await expect(menu.menu.getByText(FORM_MESSAGES.periodStartAfterEnd)).toBeHidden();
    await expect(menu.apply).toBeEnabled();
    await choosePreset(page, '過去7日間');

    // An end before the start: message, the end goes back, apply disabled.
    await typeInto(page, 'to', shift(range.from, -2));
    await expect(menu.menu.getByText(FORM_MESSAGES.periodEndBeforeStart)).toBeVisible();
    await expect(dateValue(menu.to)).toHaveValue(slash(range.to));
    await expect(menu.apply).toBeDisabled();

    // Both dates are needed: apply says so and the menu stays.
    await clearDate(page, menu.from);
    await expect(menu.apply).toBeEnabled();
    await menu.apply.click();
    await expect(visibleSnackbar(page, FORM_MESSAGES.periodBothRequired)).toBeVisible();
    await expect(menu.menu.getByRole('status')).toHaveText(FORM_MESSAGES.periodBothRequired);
    await expect(menu.menu).toBeVisible();

    // More than 730 days on the daily axis.
    await typeInto(page, 'from', shift(range.to, -730));
    await expect(menu.menu.getByText(FORM_MESSAGES.dailyAxisTooLong)).toBeVisible();
    await expect(menu.apply).toBeDisabled();
    await chooseRadio(page, '月次');
    await expect(menu.menu.getByText(FORM_MESSAGES.dailyAxisTooLong)).toBeHidden();
    await expect(menu.apply).toBeEnabled();
    await chooseRadio(page, '日次');
    await typeInto(page, 'from', shift(range.to, -729));
    await expect(menu.menu.getByText(FORM_MESSAGES.dailyAxisTooLong)).toBeHidden();
    await menu.apply.click();
    await expect(dashboard(page).period).toHaveText(
      periodText({ from: shift(range.to, -729), to: range.to }),
    );
  });

  test('store selector: a prefecture selects and clears its stores; one store at least', async ({
    page,
  }) => {
    test.slow();
    const calls = await stubDashboardApi(page, () => ({ body: EMPTY_METRIC }));
    const view = await openDashboard(page);
    const dialog = await openStoreDialog(page);
    const fukuoka = dialog.getByRole('group', { name: '福岡県' });
    const prefecture = fukuoka.getByRole('checkbox', { name: '福岡県' });
    const storeBoxes = fukuoka.getByRole('checkbox', { name: /^はかた薬局/ });
    const apply = dialog.getByRole('button', { name: '適用' });

    await expect(storeBoxes).toHaveCount(DEMO_STORE_CODES.length);
    await expect(prefecture).toBeChecked();
    for (const box of await storeBoxes.all()) await expect(box).toBeChecked();
    await expect(dialog.getByTestId('store-select-list')).toHaveCSS('max-height', '480px');

    // The prefecture clears all its stores; with none the dialog cannot be applied.
    await prefecture.uncheck();
    for (const box of await storeBoxes.all()) await expect(box).not.toBeChecked();
    await expect(dialog.getByText(FORM_MESSAGES.storeRequired)).toBeVisible();
    await expect(apply).toBeDisabled();

    // One store: the prefecture is partly selected; ticking it selects all again.
    await fukuoka.getByRole('checkbox', { name: 'はかた薬局 天神店' }).check();
    await expect(dialog.getByText(FORM_MESSAGES.storeRequired)).toBeHidden();
    await expect(prefecture).toBeChecked({ indeterminate: true });
    await prefecture.check();
    for (const box of await storeBoxes.all()) await expect(box).toBeChecked();
    await expect(prefecture).toBeChecked();

    // Every store but one.
    await fukuoka.getByRole('checkbox', { name: 'はかた薬局 天神店' }).uncheck();
    await expect(prefecture).toBeChecked({ indeterminate: true });
    const before = calls.length;
    await apply.click();
    await expect(dialog).toBeHidden();
    await expect(view.stores).toHaveText('はかた薬局 博多駅前店他7店');
    await expect.poll(() => calls.length).toBeGreaterThanOrEqual(before + DASHBOARD_METRICS.length);
    expect(calls.at(-1)!.query.get('storeCodes')).toBe(DEMO_STORE_CODES.slice(1).join(','));

    // Kept after a reload; cancel leaves the selection alone.
    await page.reload();
    await expect(view.stores).toHaveText('はかた薬局 博多駅前店他7店');
    await openStoreDialog(page);
    await expect(fukuoka.getByRole('checkbox', { name: 'はかた薬局 天神店' })).not.toBeChecked();
    await prefecture.check();
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    await expect(view.stores).toHaveText('はかた薬局 博多駅前店他7店');

    // Every store ticked is all stores again.
    await openStoreDialog(page);
    await prefecture.check();
    await apply.click();
    await expect(view.stores).toHaveText('全ての店舗');
  });
});
