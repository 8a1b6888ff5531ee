import { expect, type Locator, type Page, type Request } from '@playwright/test';
import {
  DASHBOARD_METRICS,
  MESSAGES,
  route,
  routePath,
  type DashboardMetricSlug,
} from '@pharmalytics/domain';
import { DEMO, login, transitionsEnded } from './helpers.ts';

/** Helpers of the dashboard specs (the server's golden-value and mail tests reuse them). */

export const SEND_MAIL_LABEL = 'ダッシュボードレポートをメールで送信';

/** The dashboard's controls and cards. */
export function dashboard(page: Page) {
  const conditions = page.getByRole('group', { name: '表示条件' });
  return {
    conditions,
    periodButton: conditions.getByRole('button', { name: /^期間:/ }),
    /** The base period text, e.g. 2026/11/14〜2026/11/20. */
    period: page.getByTestId('condition-period'),
    /** 比較期間: 2026/11/07〜2026/11/13 */
    comparison: page.getByTestId('dashboard-comparison'),
    storesButton: conditions.getByRole('button', { name: /^店舗:/ }),
    stores: page.getByTestId('condition-stores'),
    mailButton: conditions.getByRole('button', { name: SEND_MAIL_LABEL }),
    cards: page.getByRole('region', { name: '指標' }).getByRole('article'),
    /** A metric card by its label (METRICS[].label), e.g. 調剤売上. */
    card: (label: string) => page.getByRole('article', { name: label, exact: true }),
  };
}

/**
 * Signs in (admin of the demo corporation 100001 by default; DEMO.sysadmin for the mail icon)
 * and waits until the dashboard shows its controls.
 */
export async function openDashboard(page: Page, email: string = DEMO.admin) {
  await login(page, email, 'Dashboard');
  const view = dashboard(page);
  await expect(page.getByRole('heading', { name: route('Dashboard').title! })).toBeVisible();
  await expect(view.periodButton).toBeVisible();
  return view;
}

/** Goes to the dashboard again (after a reload or another page). */
export async function gotoDashboard(page: Page) {
  await page.goto(routePath('Dashboard'));
  const view = dashboard(page);
  await expect(view.periodButton).toBeVisible();
  return view;
}

/** The card's figures once loaded: base total, comparison total and change. */
export function cardFigures(card: Locator) {
  return {
    base: card.getByTestId('metric-base'),
    comparison: card.getByTestId('metric-comparison'),
    change: card.getByTestId('metric-change'),
  };
}

/** Every card has finished loading (the browser tests' demo data is empty). */
export async function expectAllCardsLoaded(page: Page) {
  for (const metric of DASHBOARD_METRICS) {
    await expect(dashboard(page).card(metric.label).getByText(MESSAGES.noData)).toBeVisible();
  }
}

// ---- period menu ------------------------------------------------------------------------

export async function openPeriodMenu(page: Page): Promise<Locator> {
  await dashboard(page).periodButton.click();
  const menu = page.getByRole('dialog', { name: '期間の設定' });
  await expect(menu).toBeVisible();
  await transitionsEnded(page);
  return menu;
}

export function periodMenu(page: Page) {
  const menu = page.getByRole('dialog', { name: '期間の設定' });
  return {
    menu,
    preset: menu.getByRole('combobox', { name: '期間' }),
    /** The date field's group of sections (year, month, day). */
    from: menu.getByRole('group', { name: '開始日' }),
    to: menu.getByRole('group', { name: '終了日' }),
    comparison: menu.getByText(/^比較期間:/),
    apply: menu.getByRole('button', { name: '適用' }),
    cancel: menu.getByRole('button', { name: 'キャンセル' }),
  };
}

/** Chooses a preset by its text (過去7日間, 先月, カスタム…). */
export async function choosePreset(page: Page, text: string): Promise<void> {
  await periodMenu(page).preset.click();
  await page.getByRole('option', { name: text, exact: true }).click();
}

/** The yyyy/MM/dd a date field shows (its hidden input's value). */
export function dateValue(field: Locator): Locator {
  return field.locator('input');
}

/** Types a date (yyyy-MM-dd) into a date field by keyboard and leaves the field. */
export async function typeDate(page: Page, field: Locator, date: string): Promise<void> {
  // Emptied first: typed over a date, a month can meet the old day (2026/08/30 → February 30)
  // and the field rejects it.
  await clearDate(page, field);
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.type(date.replaceAll('-', ''));
  await page.keyboard.press('Tab');
}

/** Empties a date field. */
export async function clearDate(page: Page, field: Locator): Promise<void> {
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Tab');
}

/** Sets the period menu's comparison type (前期間 / 前年同期) or time axis (年次…曜日). */
export async function chooseRadio(page: Page, text: string): Promise<void> {
  await periodMenu(page).menu.getByRole('radio', { name: text, exact: true }).check();
}

/** Last month against the same month a year earlier: the period the mail icon needs. */
export async function showLastMonthAgainstLastYear(page: Page): Promise<void> {
  await openPeriodMenu(page);
  await choosePreset(page, '先月');
  await chooseRadio(page, '前年同期');
  await periodMenu(page).apply.click();
  await expect(periodMenu(page).menu).toBeHidden();
}

/** Clicks the send-mail icon and confirms; returns the POST request it made. */
export function mailConfirmDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'ダッシュボードレポートの送信' });
}

/** Opens the confirmation (unless it is open), sends, and answers the mail call. */
export async function sendDashboardMail(page: Page): Promise<Request> {
  const confirm = mailConfirmDialog(page);
  if (!(await confirm.isVisible())) await dashboard(page).mailButton.click();
  const request = page.waitForRequest(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/v2/mails/dashboard',
  );
  await confirm.getByRole('button', { name: '送信する' }).click();
  return request;
}

/**
 * A snackbar by its text. While a menu or dialog is open the rest of the page is hidden from
 * the accessibility tree, so this looks at the rendered snackbar rather than role alert.
 */
export function visibleSnackbar(page: Page, message: string): Locator {
  return page.locator('.MuiSnackbar-root').filter({ hasText: message });
}

// ---- store dialog -----------------------------------------------------------------------

export async function openStoreDialog(page: Page): Promise<Locator> {
  await dashboard(page).storesButton.click();
  const dialog = page.getByRole('dialog', { name: '店舗の選択' });
  await expect(dialog).toBeVisible();
  return dialog;
}

// ---- the dashboard calls ------------------------------------------------------------------

export interface DashboardCall {
  slug: DashboardMetricSlug;
  query: URLSearchParams;
}

const DASHBOARD_PATH = /\/v[23]\/dashboard\/([a-z0-9_]+)(\?|$)/;

/** Records the dashboard calls the page makes to the server (answered by the real server). */
export function recordDashboardCalls(page: Page): DashboardCall[] {
  const calls: DashboardCall[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    const match = DASHBOARD_PATH.exec(url.pathname);
    if (match) calls.push({ slug: match[1] as DashboardMetricSlug, query: url.searchParams });
  });
  return calls;
}

/**
 * Drops the connection of one metric's calls while `drop()` says so, as a broken network would;
 * every other call goes to the server.
 */
export async function dropDashboardCalls(
  page: Page,
  slug: DashboardMetricSlug,
  drop: () => boolean,
): Promise<void> {
  await page.route(DASHBOARD_PATH, async (routed) => {
    const url = new URL(routed.request().url());
    if (DASHBOARD_PATH.exec(url.pathname)![1] === slug && drop()) await routed.abort('failed');
    else await routed.continue();
  });
}
