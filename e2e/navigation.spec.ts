import { expect, test } from '@playwright/test';
import { HELP_URL, MAIN_MENU_GROUPS, pageTitle, route, routePath } from '@pharmalytics/domain';
import { DEMO, expectRoute, login, mainMenu, routeUrl } from './helpers.ts';

const LOCKED = 'ご契約中のプランではご利用いただけません';

test.describe('navigation', () => {
  test('free plan: locked items show a lock and cannot be opened', async ({ page }) => {
    await login(page, DEMO.free, 'DispensingPharmacy');
    const menu = mainMenu(page);
    await expect(menu.getByRole('img', { name: LOCKED }).first()).toBeVisible();
    const pharmacist = menu.getByRole('button', { name: /薬剤師/ });
    await expect(pharmacist).toHaveAttribute('aria-disabled', 'true');
    await expect(menu.getByRole('link', { name: '薬剤師' })).toHaveCount(0);
    // Free plan items are links.
    await expect(menu.getByRole('link', { name: '医療機関' })).toHaveAttribute(
      'href',
      routePath('Clinic'),
    );
  });

  test('free plan: typing the dashboard URL shows NotFound in place', async ({ page }) => {
    await login(page, DEMO.free, 'DispensingPharmacy');
    await page.goto(routePath('Dashboard'));
    await expect(page).toHaveURL(routeUrl('Dashboard'));
    await expect(page.getByRole('heading', { name: route('NotFound').title! })).toBeVisible();
    await expect(page).toHaveTitle(pageTitle(route('NotFound').title));
    // The root goes to dispensing pharmacy on the free plan.
    await page.goto('/service/');
    await expectRoute(page, 'DispensingPharmacy');
  });

  test('advanced plan: every menu group is open and nothing is locked', async ({ page }) => {
    await login(page, DEMO.admin, 'Dashboard');
    const menu = mainMenu(page);
    for (const group of MAIN_MENU_GROUPS) {
      await expect(menu.getByRole('button', { name: group.label })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
    }
    await expect(menu.getByRole('img', { name: LOCKED })).toHaveCount(0);
    await menu.getByRole('link', { name: '薬剤師' }).click();
    await expectRoute(page, 'Pharmacist');
    await expect(menu.getByRole('link', { name: '薬剤師' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('the side menu collapses to icons and expands again', async ({ page }) => {
    await login(page, DEMO.admin, 'Dashboard');
    const toggle = page.getByRole('button', { name: 'メニューの開閉' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(mainMenu(page).getByText('薬剤師')).toHaveCount(0);
    await mainMenu(page).getByRole('button', { name: '店舗分析' }).click();
    await page.getByRole('menuitem', { name: '薬剤師' }).click();
    await expectRoute(page, 'Pharmacist');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  test('the header settings menu opens settings pages', async ({ page }) => {
    await login(page, DEMO.admin, 'Dashboard');
    await page.getByRole('button', { name: '設定メニュー' }).click();
    await expect(page.getByRole('menuitem', { name: 'プラン変更' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: '店舗一覧' }).click();
    await expectRoute(page, 'PharmacySetting');
    await expect(page.getByRole('heading', { level: 1, name: '店舗一覧' })).toBeVisible();
    await expect(page.getByRole('grid', { name: '店舗一覧' })).toBeVisible();
    await page.goto(routePath('PharmacyDetailSetting', { id: '1001' }));
    const settings = page.getByRole('navigation', { name: '設定メニュー' });
    await expect(settings.getByRole('link', { name: '店舗一覧' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('plan change is NotFound for admin', async ({ page }) => {
    await login(page, DEMO.admin, 'Dashboard');
    await page.goto(routePath('CorporationServicePlanSelectSetting'));
    await expect(page.getByRole('heading', { name: route('NotFound').title! })).toBeVisible();
  });

  test('the account menu opens profile and personal settings', async ({ page }) => {
    await login(page, DEMO.admin, 'Dashboard');
    await page.getByRole('button', { name: 'アカウントメニュー' }).click();
    await page.getByRole('menuitem', { name: 'プロフィール' }).click();
    await expectRoute(page, 'Profile');
    await page
      .getByRole('navigation', { name: 'プロフィールメニュー' })
      .getByRole('link', { name: '個人設定' })
      .click();
    await expectRoute(page, 'PersonalSetting');
  });

  test('the help link opens the help site in a new tab', async ({ page }) => {
    await login(page, DEMO.admin, 'Dashboard');
    const help = page.getByRole('banner').getByRole('link', { name: /ヘルプ/ });
    await expect(help).toHaveAttribute('href', HELP_URL);
    await expect(help).toHaveAttribute('target', '_blank');
  });

  test('an unknown path shows NotFound', async ({ page }) => {
    await login(page, DEMO.admin, 'Dashboard');
    await page.goto('/service/no-such-page');
    await expect(page.getByRole('heading', { name: route('NotFound').title! })).toBeVisible();
    await page.getByRole('link', { name: 'ホームへ戻る' }).click();
    await expectRoute(page, 'Dashboard');
  });
});
