import { expect, test } from '@playwright/test';
import { MESSAGES, pageTitle, roleByName, route, routePath } from '@pharmalytics/domain';
import { expectAllCardsLoaded } from './dashboard.ts';
import { DEMO, expectRoute, fillLogin, login, openAccountMenu } from './helpers.ts';

test.describe('login', () => {
  test('shows the login page with its title', async ({ page }) => {
    await page.goto(routePath('Login'));
    await expect(page).toHaveTitle(pageTitle(route('Login').title));
    await expect(page.getByRole('heading', { name: 'ログイン' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'パスワードをお忘れの方' })).toHaveAttribute(
      'href',
      routePath('ForgetPassword'),
    );
  });

  test('admin of the advanced plan lands on the dashboard', async ({ page }) => {
    await login(page, DEMO.admin, 'Dashboard');
    await expect(
      page.getByRole('heading', { level: 1, name: route('Dashboard').title! }),
    ).toBeVisible();
    await expect(page.getByRole('banner')).toContainText('アドバンストプラン');
  });

  test('user role lands on the dashboard', async ({ page }) => {
    await login(page, DEMO.user, 'Dashboard');
    await expect(
      page.getByRole('heading', { level: 1, name: route('Dashboard').title! }),
    ).toBeVisible();
    const menu = await openAccountMenu(page);
    await expect(menu).toContainText(roleByName('user')!.publicName);
  });

  test('free plan lands on dispensing pharmacy, its uploader already connected', async ({
    page,
  }) => {
    await login(page, DEMO.free, 'DispensingPharmacy');
    await expect(page.getByRole('heading', { name: '調剤薬局' })).toBeVisible();
    // A corporation with a connected uploader does not get the setup guide (signup.spec shows it).
    await expect(page.getByRole('heading', { name: /ようこそ/ })).toHaveCount(0);
  });

  test('Enter in the password field submits', async ({ page }) => {
    await fillLogin(page, DEMO.admin, undefined, 'enter');
    await expectRoute(page, 'Dashboard');
  });

  test('a wrong password shows the login error', async ({ page }) => {
    await fillLogin(page, DEMO.admin, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.loginFailed);
    await expect(page).toHaveURL(new RegExp(`${routePath('Login')}$`));
  });

  test('an unknown e-mail shows the login error', async ({ page }) => {
    await fillLogin(page, 'nobody@example.com');
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.loginFailed);
  });

  test('a suspended corporation shows the suspension message', async ({ page }) => {
    await fillLogin(page, DEMO.suspended);
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.loginSuspended);
    await expect(page).toHaveURL(new RegExp(`${routePath('Login')}$`));
  });

  test('empty fields are required', async ({ page }) => {
    await page.goto(routePath('Login'));
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await expect(page.getByText('必須項目です')).toHaveCount(2);
  });

  test('the password can be shown and hidden', async ({ page }) => {
    await page.goto(routePath('Login'));
    const field = page.getByLabel('パスワード', { exact: true });
    await field.fill('secret');
    await expect(field).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'パスワードを表示' }).click();
    await expect(field).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'パスワードを非表示' }).click();
    await expect(field).toHaveAttribute('type', 'password');
  });

  test('a signed-in member opening login goes home', async ({ page }) => {
    await login(page, DEMO.admin, 'Dashboard');
    await page.goto(routePath('Login'));
    await expectRoute(page, 'Dashboard');
  });

  test('signed-out visitors of a signed-in page are sent to login', async ({ page }) => {
    await page.goto(routePath('Dashboard'));
    await expectRoute(page, 'Login');
  });

  test('logout returns to login and forgets the session', async ({ page }) => {
    await login(page, DEMO.admin, 'Dashboard');
    const menu = await openAccountMenu(page);
    await menu.getByRole('menuitem', { name: 'ログアウト' }).click();
    await expectRoute(page, 'Login');
    await page.goto(routePath('Dashboard'));
    await expectRoute(page, 'Login');
  });

  test('an expired session shows the message and goes to login', async ({ page }) => {
    await login(page, DEMO.admin, 'Dashboard');
    // The session ends once the dashboard has everything it asks for: a call still in flight
    // would meet the cleared cookies before the reload and show the message on the old page.
    await expectAllCardsLoaded(page);
    await page.waitForLoadState('networkidle');
    const member = (await page.context().cookies()).filter((c) => c.name === 'pharmalytics_member');
    await page.context().clearCookies();
    await page.context().addCookies(member);
    await page.reload();
    const snackbar = page.getByRole('alert').filter({ hasText: MESSAGES.sessionExpired });
    await expect(snackbar).toBeVisible();
    await expectRoute(page, 'Login');
    await snackbar.getByRole('button', { name: '閉じる' }).click();
    await expect(snackbar).toBeHidden();
  });

  test('the login page loads without console errors', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(routePath('Login'));
    await expect(page.getByRole('button', { name: 'ログイン', exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
});
