import { expect, type Page } from '@playwright/test';
import { pageTitle, route, routePath, type RouteName } from '@pharmalytics/domain';

/** The password of every demo account. */
export const DEMO_PASSWORD = 'Pharmalytics-demo1';

export const DEMO = {
  admin: 'admin@example.com',
  user: 'user@example.com',
  sysadmin: 'sysadmin@example.com',
  notice: 'notice@example.com',
  free: 'free@example.com',
  basic: 'basic@example.com',
  suspended: 'suspended@example.com',
} as const;

/** Fills the login form; `submit` chooses the button or the Enter key. */
export async function fillLogin(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  submit: 'button' | 'enter' = 'button',
): Promise<void> {
  await page.goto(routePath('Login'));
  await page.getByLabel('メールアドレス').fill(email);
  const passwordField = page.getByLabel('パスワード', { exact: true });
  await passwordField.fill(password);
  if (submit === 'enter') await passwordField.press('Enter');
  else await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

/** Signs in and waits for the landing route. */
export async function login(page: Page, email: string, lands: RouteName): Promise<void> {
  await fillLogin(page, email);
  await expectRoute(page, lands);
}

/** The route's path, with or without a query (the pages showing a view write it there). */
export const routeUrl = (name: RouteName, params: Record<string, string | number> = {}) =>
  new RegExp(`${routePath(name, params)}(\\?[^/]*)?$`);

/** The browser is on the route's path and shows its title. */
export async function expectRoute(page: Page, name: RouteName): Promise<void> {
  await expect(page).toHaveURL(routeUrl(name));
  await expect(page).toHaveTitle(pageTitle(route(name).title));
}

/** The signed-in pages outside the analytics screens: the settings and the member's own pages. */
export const SETTINGS_AND_PROFILE_ROUTES = [
  'Corporation',
  'AccountList',
  'PharmacySetting',
  'InitialSetup',
  'Profile',
  'PersonalSetting',
] as const satisfies readonly RouteName[];

export function mainMenu(page: Page) {
  return page.getByRole('navigation', { name: 'メインメニュー' });
}

export async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'アカウントメニュー' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await transitionsEnded(page);
  return menu;
}

/**
 * Waits for every running transition (a menu growing, a month sliding in) to end: on a loaded
 * machine a click or a measure taken midway lands on a moving or leaving element.
 */
export async function transitionsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
