import { expect, test, type Page } from '@playwright/test';
import { FIELD_LABELS, FORM_MESSAGES, LIMITS, MESSAGES, routePath, V } from '@pharmalytics/domain';
import { ACCOUNT_PASSWORD, createAccount, shortUniqueEmail, uniqueEmail } from './accounts.ts';
import { expectRoute, fillLogin } from './helpers.ts';
import { waitForMailLink } from './mail.ts';

const NEW_PASSWORD = 'Renewed-pass2';
const SEND = '再設定メールを送信';
const RESET = 'パスワードを再設定';
const SENT = 'メールを送信しました';

async function requestReset(page: Page, email: string) {
  await page.goto(routePath('ForgetPassword'));
  await page.getByLabel(FIELD_LABELS.email).fill(email);
  await page.getByRole('button', { name: SEND }).click();
  await expect(page.getByRole('heading', { name: SENT })).toBeVisible();
}

function passwordField(page: Page) {
  return page.getByLabel(FIELD_LABELS.password, { exact: true });
}

function confirmationField(page: Page) {
  return page.getByLabel(FIELD_LABELS.passwordConfirmation, { exact: true });
}

test.describe('password reset', () => {
  test('forgot, reset, then only the new password signs in', async ({ page }) => {
    const email = uniqueEmail('reset');
    await createAccount(page, email);

    await page.goto(routePath('Login'));
    await page.getByRole('link', { name: 'パスワードをお忘れの方' }).click();
    await expectRoute(page, 'ForgetPassword');
    await page.getByLabel(FIELD_LABELS.email).fill(email);
    await page.getByRole('button', { name: SEND }).click();
    await expect(page.getByRole('heading', { name: SENT })).toBeVisible();

    const link = await waitForMailLink(email, { path: routePath('ResetPassword') });
    await page.goto(link);
    await expect(page.getByLabel(FIELD_LABELS.email)).toHaveValue(email);
    await passwordField(page).fill(NEW_PASSWORD);
    await confirmationField(page).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: `${FIELD_LABELS.passwordConfirmation}を表示` }).click();
    await expect(confirmationField(page)).toHaveAttribute('type', 'text');
    await expect(passwordField(page)).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: RESET }).click();
    await expect(page.getByRole('heading', { name: 'パスワードを再設定しました' })).toBeVisible();

    await page.getByRole('link', { name: 'ログイン画面へ' }).click();
    await expectRoute(page, 'Login');
    await fillLogin(page, email, ACCOUNT_PASSWORD);
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.loginFailed);
    await fillLogin(page, email, NEW_PASSWORD);
    await expectRoute(page, 'DispensingPharmacy');

    // The link works once.
    await page.goto(link);
    await expect(page.getByText(MESSAGES.resetLinkExpired, { exact: true })).toBeVisible();
  });

  test('an unknown address gets the same completion message', async ({ page }) => {
    await requestReset(page, uniqueEmail('reset-nobody'));
    await expect(page.getByText(/アカウントが登録されている場合/)).toBeVisible();
    await page.getByRole('link', { name: 'ログイン画面へ戻る' }).click();
    await expectRoute(page, 'Login');
  });

  test('the forgot-password form checks the e-mail', async ({ page }) => {
    await page.goto(routePath('ForgetPassword'));
    await page.getByRole('button', { name: SEND }).click();
    await expect(
      page.getByText(V.namedRequired(FIELD_LABELS.email), { exact: true }),
    ).toBeVisible();
    await page.getByLabel(FIELD_LABELS.email).fill('someone@@example');
    await page.getByLabel(FIELD_LABELS.email).blur();
    await expect(page.getByText(V.email, { exact: true })).toBeVisible();
  });

  test('404 counts as sent; other failures show the unexpected error', async ({ page }) => {
    let status = 404;
    await page.route('**/v2/reset_passwords', (route) =>
      route.fulfill({ status, json: { statusCode: status, message: 'x' } }),
    );
    await requestReset(page, uniqueEmail('reset-404'));

    status = 500;
    await page.goto(routePath('ForgetPassword'));
    await page.getByLabel(FIELD_LABELS.email).fill(uniqueEmail('reset-500'));
    await page.getByRole('button', { name: SEND }).click();
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.unexpected })).toBeVisible();
    await expect(page.getByRole('heading', { name: SENT })).toHaveCount(0);
  });

  test('the reset form checks the passwords', async ({ page }) => {
    const email = shortUniqueEmail('rs');
    await createAccount(page, email);
    await requestReset(page, email);
    await page.goto(await waitForMailLink(email, { path: routePath('ResetPassword') }));

    await page.getByRole('button', { name: RESET }).click();
    await expect(
      page.getByText(V.namedRequired(FIELD_LABELS.password), { exact: true }),
    ).toBeVisible();
    await expect(
      page.getByText(V.namedRequired(FIELD_LABELS.passwordConfirmation), { exact: true }),
    ).toBeVisible();

    await passwordField(page).fill('short');
    await expect(
      page.getByText(V.minLength(FIELD_LABELS.password, LIMITS.passwordMin), { exact: true }),
    ).toBeVisible();
    await passwordField(page).fill('ぱすわーど12345');
    await expect(page.getByText(V.ascii, { exact: true })).toBeVisible();
    await passwordField(page).fill(email);
    await expect(
      page.getByText(V.differentFrom(FIELD_LABELS.email), { exact: true }),
    ).toBeVisible();

    await passwordField(page).fill(NEW_PASSWORD);
    await confirmationField(page).fill(`${NEW_PASSWORD}x`);
    await page.getByRole('button', { name: RESET }).click();
    await expect(page.getByText(FORM_MESSAGES.passwordMismatch, { exact: true })).toBeVisible();
    await confirmationField(page).fill(NEW_PASSWORD);
    await expect(page.getByText(FORM_MESSAGES.passwordMismatch, { exact: true })).toHaveCount(0);
  });

  test('an unknown link shows the expired link and a way to start over', async ({ page }) => {
    await page.goto(`${routePath('ResetPassword')}?token=not-a-real-token`);
    await expect(page.getByRole('heading', { name: 'パスワードを再設定できません' })).toBeVisible();
    await expect(page.getByText(MESSAGES.resetLinkExpired, { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'パスワード再設定をやり直す' }).click();
    await expectRoute(page, 'ForgetPassword');
  });

  test('an unexpected verify failure shows the unexpected error', async ({ page }) => {
    await page.route('**/v2/reset_passwords/verify**', (route) =>
      route.fulfill({ status: 500, json: { statusCode: 500, message: 'boom' } }),
    );
    await page.goto(`${routePath('ResetPassword')}?token=whatever`);
    await expect(page.getByText(MESSAGES.unexpected, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'パスワード再設定をやり直す' })).toHaveCount(0);
  });
});
