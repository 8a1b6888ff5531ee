import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  FIELD_LABELS,
  periodText,
  presetRange,
  ROUTES,
  routePath,
  todayInJapan,
  type RouteName,
} from '@pharmalytics/domain';
import { requestSignUpLink, uniqueEmail } from './accounts.ts';
import { applyCustomPeriod, gotoAnalysis } from './analysis.ts';
import { ANALYSIS_PERIOD, sendAnalysisFile } from './analysis-data.ts';
import { expectAccessible } from './axe.ts';
import { dashboard, dateValue, periodMenu, showLastMonthAgainstLastYear } from './dashboard.ts';
import {
  DEMO,
  expectRoute,
  login,
  mainMenu,
  routeUrl,
  SETTINGS_AND_PROFILE_ROUTES,
} from './helpers.ts';
import { waitForMailLink } from './mail.ts';
import { blockTiles } from './maps.ts';

// Every screen, dialog and menu is checked with axe-core against WCAG 2.1 A and AA; serious and
// critical findings fail. Each test signs in once and walks its screens. Dialogs are opened and
// closed with the keyboard; the last two tests drive the menus, the date fields and the store
// tree with the keyboard alone.

const MAP_ROUTES = ['PatientDistribution', 'MarketShare'] as const;
/** Screens of the main layout that are settings, checked with the other settings. */
const MAIN_SETTING_ROUTES = ['FacilityStandardsSettings'] as const;
const ANALYSIS_ROUTES = ROUTES.filter(
  (r) =>
    r.layout === 'main' &&
    !(MAP_ROUTES as readonly string[]).includes(r.name) &&
    !(MAIN_SETTING_ROUTES as readonly string[]).includes(r.name),
).map((r) => r.name);
const SETTING_ROUTES = [...SETTINGS_AND_PROFILE_ROUTES, 'Notice'] as const;
/** The user-role member of the demo corporation (user@example.com). */
const DEMO_USER_NAME = '佐藤 花子';
/** A store of the demo corporation. */
const DEMO_STORE = '1001';

/** yyyy-MM-dd shifted by whole days. */
function shiftDays(date: string, days: number): string {
  const shifted = new Date(`${date}T00:00:00Z`);
  shifted.setUTCDate(shifted.getUTCDate() + days);
  return shifted.toISOString().slice(0, 10);
}

const slash = (date: string) => date.replaceAll('-', '/');

/** Presses Tab until the target has the focus (a few dozen stops at most). */
async function tabTo(page: Page, target: Locator) {
  for (let stop = 0; stop < 40; stop++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

function conditionButton(page: Page, name: string | RegExp) {
  return page.getByRole('group', { name: '表示条件' }).getByRole('button', { name });
}

async function visit(page: Page, name: RouteName, params: Record<string, string | number> = {}) {
  await page.goto(routePath(name, params));
  await expect(page).toHaveURL(routeUrl(name, params));
  await expectAccessible(page, name);
}

/** The element has the keyboard focus or holds the element that has it. */
async function expectFocusWithin(target: Locator) {
  await expect
    .poll(() => target.evaluate((element) => element.contains(document.activeElement)))
    .toBe(true);
}

/**
 * Opens a dialog from its button with the keyboard, expects the focus inside, checks it, closes
 * it with Escape and expects the focus back on the button.
 */
async function checkDialog(page: Page, opener: Locator, name: string) {
  await expect(opener).toBeEnabled();
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expectFocusWithin(dialog);
  await expectAccessible(page, `dialog ${name}`, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

test.describe('accessibility', () => {
  test('public screens', async ({ page }) => {
    test.slow();
    for (const name of ['Login', 'SignUp', 'CheckEmail', 'ForgetPassword'] as const) {
      await visit(page, name);
    }
    // Without a token the link pages explain that the link is no longer valid.
    for (const name of ['NewAccount', 'ResetPassword', 'AccountRegister'] as const) {
      await visit(page, name);
    }

    const signUpLink = await requestSignUpLink(page.request, uniqueEmail('a11y'));
    await page.goto(signUpLink);
    await expect(page.getByLabel(FIELD_LABELS.corporationName)).toBeVisible();
    await expectAccessible(page, 'NewAccount form');

    await page.goto(routePath('ForgetPassword'));
    await page.getByLabel(FIELD_LABELS.email).fill(DEMO.free);
    await page.getByRole('button', { name: '再設定メールを送信' }).click();
    await expect(page.getByRole('heading', { name: 'メールを送信しました' })).toBeVisible();
    await expectAccessible(page, 'ForgetPassword sent');
    await page.goto(await waitForMailLink(DEMO.free, { path: routePath('ResetPassword') }));
    await expect(page.getByLabel(FIELD_LABELS.email)).toHaveValue(DEMO.free);
    await expectAccessible(page, 'ResetPassword form');

    await page.goto(routePath('Login'));
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await expect(page.locator('input[aria-invalid="true"]').first()).toBeVisible();
    await expectAccessible(page, 'Login with errors');
  });

  // In two halves: each visit waits for its calls, and one test of every page outgrew its time.
  const half = Math.ceil(ANALYSIS_ROUTES.length / 2);
  for (const [part, names] of [
    ['first', ANALYSIS_ROUTES.slice(0, half)],
    ['second', ANALYSIS_ROUTES.slice(half)],
  ] as const) {
    test(`dashboard and analysis pages, ${part} half`, async ({ page }) => {
      test.slow();
      await login(page, DEMO.admin, 'Dashboard');
      for (const name of names) await visit(page, name);
    });
  }

  test('maps and the condition dialogs', async ({ page }) => {
    test.slow();
    await blockTiles(page);
    await login(page, DEMO.admin, 'Dashboard');
    for (const name of MAP_ROUTES) await visit(page, name);

    await visit(page, 'Dashboard');
    await checkDialog(page, conditionButton(page, /^期間:/), '期間の設定');
    await checkDialog(page, conditionButton(page, /^店舗:/), '店舗の選択');
    await visit(page, 'Clinic');
    await checkDialog(page, conditionButton(page, /^絞り込み/), '絞り込み');
  });

  test('施設基準: the store cards and a store detail', async ({ page }) => {
    await login(page, DEMO.admin, 'Dashboard');
    await page.goto(routePath('FacilityStandards'));
    await expect(page.getByTestId('facility-store-card').first()).toBeVisible({ timeout: 60_000 });
    await expectAccessible(page, 'FacilityStandards');
    await page.getByTestId('facility-store-card').first().getByRole('link').click();
    await expect(page).toHaveURL(/\?store=/);
    await expectAccessible(page, 'FacilityStandards store detail');
  });

  test('an analysis page showing data, its sort menu and the address popup', async ({ page }) => {
    test.slow();
    await login(page, DEMO.admin, 'Dashboard');
    await sendAnalysisFile(page);
    const view = await gotoAnalysis(page, 'Clinic');
    await applyCustomPeriod(page, ANALYSIS_PERIOD, '月次');
    await expect(view.grid.getByRole('row', { name: /テスト医院01/ })).toBeVisible();
    await expectAccessible(page, 'Clinic with data');

    const age = await gotoAnalysis(page, 'Age');
    await age.sortButton.focus();
    await page.keyboard.press('Enter');
    const sortMenu = page.getByRole('menu');
    await expectFocusWithin(sortMenu);
    await expectAccessible(page, 'sort menu', '[role="menu"]');
    await page.keyboard.press('Escape');
    await expect(sortMenu).toBeHidden();
    await expect(age.sortButton).toBeFocused();

    const address = await gotoAnalysis(page, 'Address');
    await checkDialog(page, address.addressButton, '住所の集計方法');
  });

  test('settings, profile and notice pages', async ({ page }) => {
    test.slow();
    await login(page, DEMO.admin, 'Dashboard');
    for (const name of [...SETTING_ROUTES, ...MAIN_SETTING_ROUTES]) await visit(page, name);
    await visit(page, 'PharmacyDetailSetting', { id: DEMO_STORE });
    await page.goto(routePath('AccountList'));
    await page.getByRole('link', { name: `${DEMO_USER_NAME}の詳細` }).click();
    await expectAccessible(page, 'AccountDetail');
    await page.goto('/service/no-such-page');
    await expectAccessible(page, 'NotFound');
    await visit(page, 'Corporation');
    await page.getByRole('button', { name: '法人情報を編集' }).click();
    await expectAccessible(page, 'Corporation edit form');
  });

  test('settings dialogs', async ({ page }) => {
    test.slow();
    await login(page, DEMO.admin, 'Dashboard');
    await visit(page, 'AccountList');
    await checkDialog(page, page.getByRole('button', { name: 'アカウント登録' }), 'アカウント登録');
    await page.getByRole('link', { name: `${DEMO_USER_NAME}の詳細` }).click();
    await checkDialog(page, page.getByRole('button', { name: '権限を編集' }), '権限の変更');
    await checkDialog(
      page,
      page.getByRole('button', { name: '閲覧可能店舗を編集' }),
      '閲覧可能店舗の設定',
    );
    await checkDialog(
      page,
      page.getByRole('button', { name: 'アカウントを削除' }),
      'アカウントの削除',
    );

    await visit(page, 'PharmacySetting');
    await checkDialog(page, page.getByRole('button', { name: '店舗登録' }), '店舗登録');
    await visit(page, 'PharmacyDetailSetting', { id: DEMO_STORE });
    await checkDialog(page, page.getByRole('button', { name: '編集' }), '店舗情報の編集');
    await checkDialog(page, page.getByRole('button', { name: '店舗を削除' }), '店舗の削除');
    await checkDialog(
      page,
      page.getByRole('button', { name: /を店舗から削除$/ }).first(),
      '店舗からメンバーを削除',
    );

    await visit(page, 'Profile');
    await checkDialog(
      page,
      page.getByRole('button', { name: 'パスワードを変更' }),
      'パスワードの変更',
    );
  });

  test('system administrator screens', async ({ page }) => {
    // Four pages and a dialog, each scanned: on a busy machine past the default minute.
    test.slow();
    await login(page, DEMO.sysadmin, 'Dashboard');
    await expectAccessible(page, 'Dashboard (system administrator)');
    await visit(page, 'CorporationServicePlanSelectSetting');
    await visit(page, 'Dashboard');
    await showLastMonthAgainstLastYear(page);
    await checkDialog(
      page,
      conditionButton(page, 'ダッシュボードレポートをメールで送信'),
      'ダッシュボードレポートの送信',
    );
  });

  test('keyboard: main menu, collapsed menu and account menu', async ({ page }) => {
    await login(page, DEMO.admin, 'Dashboard');
    const menu = mainMenu(page);
    const group = menu.getByRole('button', { name: '店舗分析' });
    await group.focus();
    await page.keyboard.press('Enter');
    await expect(group).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Space');
    await expect(group).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: '店舗別実績一覧' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: '調剤薬局' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expectRoute(page, 'DispensingPharmacy');

    // Collapsed to icons, a group opens as a menu: arrows move, Escape closes, Enter follows.
    const toggle = page.getByRole('button', { name: 'メニューの開閉' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const rail = menu.getByRole('button', { name: '店舗分析' });
    await rail.focus();
    await page.keyboard.press('Enter');
    const popup = page.getByRole('menu', { name: '店舗分析' });
    await expectFocusWithin(popup);
    await expectAccessible(page, 'collapsed menu', '[role="menu"]');
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    await expect(rail).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(popup.getByRole('menuitem', { name: '調剤薬局' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(popup.getByRole('menuitem', { name: '薬剤師' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expectRoute(page, 'Pharmacist');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');

    // The account menu.
    const accountButton = page.getByRole('button', { name: 'アカウントメニュー' });
    await accountButton.focus();
    await page.keyboard.press('Enter');
    const accountMenu = page.getByRole('menu');
    await expect(accountMenu.getByRole('menuitem', { name: 'プロフィール' })).toBeFocused();
    await expectAccessible(page, 'account menu', '[role="menu"]');
    await page.keyboard.press('Escape');
    await expect(accountMenu).toBeHidden();
    await expect(accountButton).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await expect(accountMenu.getByRole('menuitem', { name: '個人設定' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expectRoute(page, 'PersonalSetting');
  });

  test('keyboard: period menu with its date fields, and the store tree', async ({ page }) => {
    await login(page, DEMO.admin, 'Dashboard');
    const view = dashboard(page);
    const range = presetRange('last7Days', todayInJapan());
    const from = shiftDays(range.from, -3);

    // Period: the start date typed section by section, the end date stepped with the arrows.
    await view.periodButton.focus();
    await page.keyboard.press('Enter');
    const period = periodMenu(page);
    await expectFocusWithin(period.menu);
    await period.from.getByRole('spinbutton').first().focus();
    await page.keyboard.type(from.replaceAll('-', ''));
    await expect(dateValue(period.from)).toHaveValue(slash(from));
    await expect(period.preset).toHaveText('カスタム');
    const endDay = period.to.getByRole('spinbutton').last();
    await endDay.focus();
    await page.keyboard.press('ArrowDown');
    const to = shiftDays(range.to, -1);
    await expect(dateValue(period.to)).toHaveValue(slash(to));
    await tabTo(page, period.apply);
    await page.keyboard.press('Enter');
    await expect(period.menu).toBeHidden();
    await expect(view.periodButton).toBeFocused();
    await expect(view.period).toHaveText(periodText({ from, to }));

    // Stores: the prefecture clears its stores, one store is ticked again, then applied.
    await view.storesButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '店舗の選択' });
    await expectFocusWithin(dialog);
    const fukuoka = dialog.getByRole('group', { name: '福岡県' });
    const prefecture = fukuoka.getByRole('checkbox', { name: '福岡県' });
    await tabTo(page, prefecture);
    await page.keyboard.press('Space');
    await expect(prefecture).not.toBeChecked();
    await page.keyboard.press('Tab');
    const firstStore = fukuoka.getByRole('checkbox').nth(1);
    await expect(firstStore).toBeFocused();
    await page.keyboard.press('Space');
    await expect(firstStore).toBeChecked();
    await expect(prefecture).toBeChecked({ indeterminate: true });
    const storeName = await firstStore.evaluate((box) => box.closest('label')?.textContent ?? '');
    await tabTo(page, dialog.getByRole('button', { name: '適用' }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(view.storesButton).toBeFocused();
    await expect(view.stores).toHaveText(storeName);
  });
});
