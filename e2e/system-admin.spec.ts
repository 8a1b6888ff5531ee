import { expect, test, type Page } from '@playwright/test';
import {
  comparisonRange,
  FORM_MESSAGES,
  presetRange,
  todayInJapan,
  HEADER_NAMES,
  MESSAGES,
  roleByName,
  route,
  routePath,
} from '@pharmalytics/domain';
import {
  chooseRadio,
  choosePreset,
  expectAllCardsLoaded,
  mailConfirmDialog,
  openDashboard,
  openPeriodMenu,
  periodMenu,
  sendDashboardMail,
  showLastMonthAgainstLastYear,
  visibleSnackbar,
} from './dashboard.ts';
import { DEMO, expectRoute, login } from './helpers.ts';
import { waitForMailLink } from './mail.ts';
import { createCorporation } from './settings.ts';

// These tests move the system administrator between corporations: run them one at a time.
test.describe.configure({ mode: 'serial' });

const HOME_CODE = '100001';
const HOME_NAME = '株式会社博多ファーマシー';
const BASIC_CODE = '100003';
const FREE_CODE = '100002';
const FREE_NAME = '株式会社みどり調剤';

async function switchTo(page: Page, code: string) {
  const banner = page.getByRole('banner');
  await banner.getByRole('textbox', { name: '法人コード' }).fill(code);
  await banner.getByRole('button', { name: '切替' }).click();
}

/** Puts the system administrator back in its home corporation through the API. */
async function restoreHomeCorporation(page: Page) {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'pharmalytics_member');
  if (!cookie) return;
  const member = JSON.parse(decodeURIComponent(cookie.value)) as { id: number };
  const { csrfToken } = (await (await page.request.get('/v2/csrf_token')).json()) as {
    csrfToken: string;
  };
  await page.request.put(`/v2/members/${member.id}/corporations`, {
    headers: { [HEADER_NAMES.csrf]: csrfToken },
    data: { corporationCode: HOME_CODE },
  });
}

test.describe('system administrator', () => {
  test.afterEach(async ({ page }) => {
    await restoreHomeCorporation(page).catch(() => undefined);
  });

  test('lands on the dashboard with the system-admin header', async ({ page }) => {
    await login(page, DEMO.sysadmin, 'Dashboard');
    const banner = page.getByRole('banner');
    await expect(banner).toHaveAttribute('data-variant', 'system-admin');
    await expect(
      banner.getByText(roleByName('system_admin')!.publicName, { exact: true }),
    ).toBeVisible();
    await expect(banner.getByText(`ID: ${HOME_CODE}`)).toBeVisible();
    await expect(banner.getByText('開発API')).toBeVisible();
    await page.getByRole('button', { name: '設定メニュー' }).click();
    await expect(page.getByRole('menuitem', { name: 'プラン変更' })).toBeVisible();
  });

  test('the standard header has none of the tools', async ({ page }) => {
    await login(page, DEMO.admin, 'Dashboard');
    const banner = page.getByRole('banner');
    await expect(banner).toHaveAttribute('data-variant', 'standard');
    await expect(banner.getByRole('textbox', { name: '法人コード' })).toHaveCount(0);
    await expect(banner.getByText(/^ID: /)).toHaveCount(0);
  });

  test('the corporation code accepts digits only', async ({ page }) => {
    await login(page, DEMO.sysadmin, 'Dashboard');
    await switchTo(page, '10a');
    await expect(page.getByRole('banner').getByRole('alert')).toHaveText(
      FORM_MESSAGES.corporationCodeDigits,
    );
  });

  test('an unknown corporation code fails with a message', async ({ page }) => {
    await login(page, DEMO.sysadmin, 'Dashboard');
    await switchTo(page, '999999');
    await expect(page.getByText(MESSAGES.corporationSwitchFailed)).toBeVisible();
    await expect(page.getByRole('banner').getByText(`ID: ${HOME_CODE}`)).toBeVisible();
  });

  test('switches corporation by code and back', async ({ page }) => {
    await login(page, DEMO.sysadmin, 'Dashboard');
    const banner = page.getByRole('banner');
    await expect(banner).toContainText(HOME_NAME);

    await switchTo(page, BASIC_CODE);
    await expect(banner.getByText(`ID: ${BASIC_CODE}`)).toBeVisible();
    await expect(banner).not.toContainText(HOME_NAME);
    await expect(banner).toContainText('ベーシックプラン');

    // On the free corporation the dashboard is not in the plan any more.
    await switchTo(page, FREE_CODE);
    await expect(banner.getByText(`ID: ${FREE_CODE}`)).toBeVisible();
    await expect(banner).toContainText(FREE_NAME);
    await expect(banner).toContainText('フリープラン');
    await expect(page.getByRole('heading', { name: route('NotFound').title! })).toBeVisible();

    await switchTo(page, HOME_CODE);
    await expect(banner.getByText(`ID: ${HOME_CODE}`)).toBeVisible();
    await expect(banner).toContainText(HOME_NAME);
  });
});

test.describe('plan change', () => {
  test.afterEach(async ({ page }) => {
    await restoreHomeCorporation(page).catch(() => undefined);
  });

  test('changes the plan of a corporation; the header follows', async ({ page }) => {
    // A corporation of its own: no other test depends on its plan.
    const corporation = await createCorporation(page, 'plan');
    await page.context().clearCookies();
    await login(page, DEMO.sysadmin, 'Dashboard');
    await switchTo(page, corporation.corporationCode);
    const banner = page.getByRole('banner');
    await expect(banner.getByText(`ID: ${corporation.corporationCode}`)).toBeVisible();

    await page.goto(routePath('CorporationServicePlanSelectSetting'));
    const card = (plan: string) => page.locator('label').filter({ hasText: plan });
    const submit = page.getByRole('button', { name: 'プランを変更する' });
    await expect(page.getByRole('radio', { name: 'フリープラン' })).toBeChecked();
    await expect(card('フリープラン')).toContainText(MESSAGES.planInUse);
    await expect(submit).toBeDisabled();
    await page.getByRole('radio', { name: 'ベーシックプラン' }).check();
    await expect(submit).toBeEnabled();
    await page.getByRole('radio', { name: 'フリープラン' }).check();
    await expect(submit).toBeDisabled();

    await page.getByRole('radio', { name: 'ベーシックプラン' }).check();
    await submit.click();
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.planChanged })).toBeVisible();
    await expect(banner).toContainText('ベーシックプラン');
    await expect(card('ベーシックプラン')).toContainText(MESSAGES.planInUse);
    await expect(card('フリープラン')).not.toContainText(MESSAGES.planInUse);
    await expect(submit).toBeDisabled();

    await page.getByRole('radio', { name: 'アドバンストプラン' }).check();
    await submit.click();
    await expect(banner).toContainText('アドバンストプラン');
    await page.reload();
    await expect(page.getByRole('radio', { name: 'アドバンストプラン' })).toBeChecked();
  });

  test('a failed plan lookup returns to the corporation page', async ({ page }) => {
    await login(page, DEMO.sysadmin, 'Dashboard');
    await page.route('**/v2/corporations/service_plan', (route) =>
      route.fulfill({ status: 500, json: { statusCode: 500, message: 'failure' } }),
    );
    await page.goto(routePath('CorporationServicePlanSelectSetting'));
    await expectRoute(page, 'Corporation');
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.unexpected })).toBeVisible();
  });

  test('the last administrator of a corporation keeps its role', async ({ page }) => {
    const corporation = await createCorporation(page, 'lastrole');
    await page.context().clearCookies();
    await login(page, DEMO.sysadmin, 'Dashboard');
    await switchTo(page, corporation.corporationCode);
    await expect(
      page.getByRole('banner').getByText(`ID: ${corporation.corporationCode}`),
    ).toBeVisible();
    await page.goto(routePath('AccountList'));
    await page
      .getByRole('row')
      .filter({ hasText: corporation.email })
      .getByRole('link', { name: /の詳細$/ })
      .click();
    await page.getByRole('button', { name: '権限を編集' }).click();
    const dialog = page.getByRole('dialog', { name: '権限の変更' });
    await dialog.getByRole('radio', { name: roleByName('user')!.publicName }).check();
    await dialog.getByRole('button', { name: '変更する' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(MESSAGES.lastUser);
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    await expect(
      page.locator('dt', { hasText: '権限' }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText(roleByName('admin')!.publicName);
  });

  test('sends the dashboard report for last month against the previous year', async ({ page }) => {
    const view = await openDashboard(page, DEMO.sysadmin);
    await expect(view.mailButton).toBeVisible();
    await expectAllCardsLoaded(page);
    await expect(view.mailButton).toBeDisabled();

    // Last month against the period just before it is not enough.
    await openPeriodMenu(page);
    await choosePreset(page, '先月');
    await periodMenu(page).apply.click();
    await expectAllCardsLoaded(page);
    await expect(view.mailButton).toBeDisabled();

    await showLastMonthAgainstLastYear(page);
    await expectAllCardsLoaded(page);
    await expect(view.mailButton).toBeEnabled();
    const lastMonth = presetRange('lastMonth', todayInJapan());
    // The confirmation names who will receive it: admin@ of the corporation allows report mails.
    await view.mailButton.click();
    const recipients = mailConfirmDialog(page).getByRole('list', { name: '送信先' });
    await expect(recipients.getByRole('listitem').filter({ hasText: DEMO.admin })).toBeVisible();
    const count = await recipients.getByRole('listitem').count();
    await expect(mailConfirmDialog(page)).toContainText(MESSAGES.dashboardMailRecipients(count));
    const request = await sendDashboardMail(page);
    expect(request.postDataJSON()).toMatchObject({
      base_from: lastMonth.from,
      base_to: lastMonth.to,
      comparison_target_from: comparisonRange(lastMonth, 2).from,
      comparison_target_to: comparisonRange(lastMonth, 2).to,
    });
    await expect(visibleSnackbar(page, MESSAGES.dashboardMailSent)).toBeVisible();
    // admin@ of the corporation allows report mails: the report arrives with its links.
    const dashboardLink = await waitForMailLink(DEMO.admin, { path: routePath('Dashboard') });
    expect(new URL(dashboardLink).pathname).toBe(routePath('Dashboard'));
    await waitForMailLink(DEMO.admin, { path: '/v2/mails/unsubscribe' });

    // Any other comparison disables it again.
    await openPeriodMenu(page);
    await choosePreset(page, '過去30日間');
    await chooseRadio(page, '前年同期');
    await periodMenu(page).apply.click();
    await expectAllCardsLoaded(page);
    await expect(view.mailButton).toBeDisabled();
  });
});
