import { expect, test, type Page } from '@playwright/test';
import { DASHBOARD_METRICS, routePath, type RouteName } from '@pharmalytics/domain';
import { DEMO, expectRoute, login, mainMenu, SETTINGS_AND_PROFILE_ROUTES } from './helpers.ts';
import { blockTiles } from './maps.ts';
import { expectAccessible } from './axe.ts';

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

const menuButton = (page: Page) => page.getByRole('button', { name: 'メニューを開く' });

test('below md the main menu is a drawer behind the menu button, for mouse and keyboard', async ({
  page,
}) => {
  await login(page, DEMO.admin, 'Dashboard');
  const menu = mainMenu(page);
  await expect(menu).toBeHidden();
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');

  // Keyboard: Enter opens it with the focus inside; Escape closes it and gives the focus back.
  await menuButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  // The drawer is modal: the page behind it, the button too, is hidden from assistive technology.
  await expect(
    page.getByRole('button', { name: 'メニューを開く', includeHidden: true }),
  ).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('.MuiDrawer-paper:focus-within')).toHaveCount(1);
  await expectAccessible(page, 'the main menu drawer');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton(page)).toBeFocused();

  // Following one of its links opens the page and closes the drawer.
  await menuButton(page).click();
  await menu.getByRole('link', { name: '医療機関' }).click();
  await expectRoute(page, 'Clinic');
  await expect(mainMenu(page)).toBeHidden();
});

test('the settings and profile menus are drawers too', async ({ page }) => {
  await login(page, DEMO.admin, 'Dashboard');
  await page.goto(routePath('Corporation'));
  const settings = page.getByRole('navigation', { name: '設定メニュー' });
  await expect(settings).toBeHidden();
  await menuButton(page).click();
  await settings.getByRole('link', { name: 'アカウント一覧' }).click();
  await expectRoute(page, 'AccountList');
  await expect(settings).toBeHidden();

  await page.goto(routePath('Profile'));
  const profile = page.getByRole('navigation', { name: 'プロフィールメニュー' });
  await expect(profile).toBeHidden();
  await menuButton(page).click();
  await profile.getByRole('link', { name: '個人設定' }).click();
  await expectRoute(page, 'PersonalSetting');
});

const PAGES: RouteName[] = [
  'Dashboard',
  'StoreScorecard',
  'Clinic',
  'Pharmacist',
  'PatientDistribution',
  'MarketShare',
  'FacilityStandards',
  'FacilityStandardsSettings',
  ...SETTINGS_AND_PROFILE_ROUTES,
];

test('at 390 px every page fits the width, the header keeps its buttons in view', async ({
  page,
}) => {
  // Fourteen pages, each checked by axe.
  test.slow();
  await blockTiles(page);
  await login(page, DEMO.admin, 'Dashboard');
  for (const name of PAGES) {
    await page.goto(routePath(name));
    await expect(page.locator('h1')).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const overflow = await page
      .locator('html')
      .evaluate((html) => html.scrollWidth - html.clientWidth);
    expect(overflow, `${name} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
    await expectAccessible(page, `${name} at 390 px`);
    await expect(page.getByRole('button', { name: 'アカウントメニュー' })).toBeInViewport();
    await expect(menuButton(page)).toBeInViewport();
  }
});

test('the dashboard cards stack in one column, each whole on screen', async ({ page }) => {
  await login(page, DEMO.admin, 'Dashboard');
  const cards = page.getByRole('region', { name: '指標' }).locator('article');
  await expect(cards).toHaveCount(DASHBOARD_METRICS.length);
  const boxes = await cards.evaluateAll((articles) =>
    articles.map((article) => {
      const { left, right, top } = article.getBoundingClientRect();
      return { left, right, top };
    }),
  );
  for (const [index, box] of boxes.entries()) {
    expect(box.left).toBe(boxes[0]!.left);
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(PHONE.width);
    if (index > 0) expect(box.top).toBeGreaterThan(boxes[index - 1]!.top);
  }
});
