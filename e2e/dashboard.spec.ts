import { expect, test, type Page } from '@playwright/test';
import {
  comparisonRange,
  DASHBOARD_DEFINED_METRICS,
  DASHBOARD_METRICS,
  FORM_MESSAGES,
  MESSAGES,
  metricBySlug,
  metricDefinition,
  periodText,
  presetRange,
  todayInJapan,
  type DateRange,
} from '@pharmalytics/domain';
import {
  chooseRadio,
  choosePreset,
  clearDate,
  dropDashboardCalls,
  dashboard,
  dateValue,
  expectAllCardsLoaded,
  gotoDashboard,
  openDashboard,
  openPeriodMenu,
  openStoreDialog,
  periodMenu,
  recordDashboardCalls,
  typeDate,
  visibleSnackbar,
} from './dashboard.ts';
import { snackbar } from './settings.ts';
import { transitionsEnded } from './helpers.ts';

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
    const calls = recordDashboardCalls(page);
    const view = await openDashboard(page);
    await expectDefaultPeriod(page, todayInJapan());
    await expect(view.stores).toHaveText('全ての店舗');
    await expect(view.cards).toHaveCount(DASHBOARD_METRICS.length);
    for (const [i, metric] of DASHBOARD_METRICS.entries()) {
      await expect(view.cards.nth(i).getByRole('heading')).toHaveText(metric.label);
    }
    // The browser tests' demo corporations have no dispensing history.
    await expectAllCardsLoaded(page);
    // The 集中率 cards say how they are counted, on hover and on keyboard focus.
    for (const slug of DASHBOARD_DEFINED_METRICS) {
      const { label } = metricBySlug(slug)!;
      const hint = view.card(label).getByRole('button', { name: `${label}の定義` });
      await hint.hover();
      await expect(page.getByRole('tooltip', { name: metricDefinition(slug) })).toBeVisible();
    }
    await expect(view.cards.getByRole('button', { name: /の定義$/ })).toHaveCount(
      DASHBOARD_DEFINED_METRICS.length,
    );
    // The send-mail icon is for system administrators only.
    await expect(view.mailButton).toHaveCount(0);

    // One call per metric with the condition of the spec.
    expect(new Set(calls.map((c) => c.slug)).size).toBe(DASHBOARD_METRICS.length);
    const range = presetRange('last7Days', todayInJapan());
    const comparison = comparisonRange(range, 1);
    const query = calls.find((c) => c.slug === 'dispensing_sales')!.query;
    expect(Object.fromEntries(query)).toEqual({
      baseFrom: range.from,
      baseTo: range.to,
      comparisonTargetFrom: comparison.from,
      comparisonTargetTo: comparison.to,
      periodCode: '3',
      storeCodes: DEMO_STORE_CODES.join(','),
    });
  });

  test('a metric whose call fails shows the unexpected-error message; the others still load', async ({
    page,
  }) => {
    let failing = true;
    await dropDashboardCalls(page, 'dispensing_sales', () => failing);
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
    // A day clicked while the month slides in lands on the leaving grid and picks nothing.
    await transitionsEnded(page);
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
    test.slow();
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
    const calls = recordDashboardCalls(page);
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
