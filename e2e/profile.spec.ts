import { expect, test, type Page } from '@playwright/test';
import {
  DIALOG_WIDTHS,
  FIELD_LABELS,
  FORM_MESSAGES,
  LIMITS,
  MESSAGES,
  routePath,
  V,
} from '@pharmalytics/domain';
import { ACCOUNT_PASSWORD, shortUniqueEmail, signInFreshAccount, uniqueEmail } from './accounts.ts';
import { expectRoute, fillLogin, openAccountMenu } from './helpers.ts';

const CHANGED_PASSWORD = 'Changed-pass3';

function snackbar(page: Page, message: string) {
  return page.getByRole('alert').filter({ hasText: message });
}

async function openProfile(page: Page) {
  const menu = await openAccountMenu(page);
  await menu.getByRole('menuitem', { name: 'プロフィール' }).click();
  await expectRoute(page, 'Profile');
  await expect(page.getByRole('button', { name: '編集' })).toBeVisible();
}

async function openPasswordDialog(page: Page) {
  await page.getByRole('button', { name: 'パスワードを変更' }).click();
  const dialog = page.getByRole('dialog', { name: 'パスワードの変更' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function fillPasswordDialog(page: Page, current: string, next: string, again = next) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(FIELD_LABELS.currentPassword, { exact: true }).fill(current);
  await dialog.getByLabel(FIELD_LABELS.newPassword, { exact: true }).fill(next);
  await dialog.getByLabel(FIELD_LABELS.newPasswordConfirmation, { exact: true }).fill(again);
}

test.describe('profile', () => {
  test('shows the profile, then edits the names', async ({ page }) => {
    const email = uniqueEmail('profile');
    await signInFreshAccount(page, email);
    await openProfile(page);
    const view = page.getByRole('region', { name: 'アカウント情報' });
    await expect(view).toContainText('検証 太郎');
    await expect(view).toContainText(MESSAGES.notEntered);
    await expect(view).toContainText(email);
    await expect(view).toContainText('●●●●●●●●');

    await page.getByRole('button', { name: '編集' }).click();
    const publicName = page.getByLabel(FIELD_LABELS.publicName);
    const searchName = page.getByLabel(new RegExp(FIELD_LABELS.searchName));
    await expect(publicName).toHaveValue('検証 太郎');
    await publicName.fill('');
    await publicName.blur();
    await expect(
      page.getByText(V.namedRequired(FIELD_LABELS.publicName), { exact: true }),
    ).toBeVisible();
    await searchName.fill('けんしょう');
    await searchName.blur();
    await expect(page.getByText(V.alphanumeric, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: '保存する' }).click();
    await expect(snackbar(page, MESSAGES.profileUpdated)).toHaveCount(0);

    await publicName.fill('検証 花子');
    await searchName.fill('Kensho Hanako');
    await page.getByRole('button', { name: '保存する' }).click();
    await expect(snackbar(page, MESSAGES.profileUpdated)).toBeVisible();
    await expect(view).toContainText('検証 花子');
    await expect(view).toContainText('Kensho Hanako');
    await expect(page.getByRole('button', { name: 'アカウントメニュー' })).toContainText(
      '検証 花子',
    );

    // Kept after a reload, and the main layout shows the new name too.
    await page.goto(routePath('DispensingPharmacy'));
    await expect(page.getByRole('button', { name: 'アカウントメニュー' })).toContainText(
      '検証 花子',
    );
    await page.goto(routePath('Profile'));
    await expect(view).toContainText('Kensho Hanako');
  });

  test('cancelling the edit keeps the profile', async ({ page }) => {
    await signInFreshAccount(page, uniqueEmail('profile-cancel'));
    await openProfile(page);
    await page.getByRole('button', { name: '編集' }).click();
    await page.getByLabel(FIELD_LABELS.publicName).fill('別の名前');
    await page.getByRole('button', { name: 'キャンセル' }).click();
    const view = page.getByRole('region', { name: 'アカウント情報' });
    await expect(view).toContainText('検証 太郎');
    await expect(view).not.toContainText('別の名前');
  });

  test('a failed save shows the unexpected error', async ({ page }) => {
    await signInFreshAccount(page, uniqueEmail('profile-fail'));
    await openProfile(page);
    await page.route('**/v2/profile', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, json: { statusCode: 500, message: 'boom' } })
        : route.continue(),
    );
    await page.getByRole('button', { name: '編集' }).click();
    await page.getByLabel(FIELD_LABELS.publicName).fill('保存できない名前');
    await page.getByRole('button', { name: '保存する' }).click();
    await expect(snackbar(page, MESSAGES.unexpected)).toBeVisible();
    await expect(page.getByLabel(FIELD_LABELS.publicName)).toHaveValue('保存できない名前');
  });

  test('a wrong current password is refused', async ({ page }) => {
    await signInFreshAccount(page, uniqueEmail('password-wrong'));
    await openProfile(page);
    const dialog = await openPasswordDialog(page);
    await fillPasswordDialog(page, 'Not-the-password1', CHANGED_PASSWORD);
    await dialog.getByRole('button', { name: '変更する' }).click();
    await expect(dialog.getByText(MESSAGES.currentPasswordWrong, { exact: true })).toBeVisible();
    await expect(dialog.getByText('現在のパスワードが異なります。')).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test('the password dialog checks its fields and cancels', async ({ page }) => {
    const email = shortUniqueEmail('pw');
    await signInFreshAccount(page, email);
    await openProfile(page);
    const dialog = await openPasswordDialog(page);
    const box = await page.locator('.MuiDialog-paper').boundingBox();
    expect(box?.width).toBe(DIALOG_WIDTHS.password);

    await dialog.getByRole('button', { name: '変更する' }).click();
    await expect(
      dialog.getByText(V.namedRequired(FIELD_LABELS.currentPassword), { exact: true }),
    ).toBeVisible();
    await expect(
      dialog.getByText(V.namedRequired(FIELD_LABELS.newPassword), { exact: true }),
    ).toBeVisible();

    await fillPasswordDialog(page, ACCOUNT_PASSWORD, 'short', 'short');
    await expect(
      dialog.getByText(V.minLength(FIELD_LABELS.newPassword, LIMITS.passwordMin), { exact: true }),
    ).toBeVisible();
    await fillPasswordDialog(page, ACCOUNT_PASSWORD, 'あたらしいパスワード', 'x');
    await expect(dialog.getByText(V.ascii, { exact: true })).toBeVisible();
    await fillPasswordDialog(page, ACCOUNT_PASSWORD, email, email);
    await expect(
      dialog.getByText(V.differentFrom(FIELD_LABELS.email), { exact: true }),
    ).toBeVisible();
    await fillPasswordDialog(page, ACCOUNT_PASSWORD, CHANGED_PASSWORD, `${CHANGED_PASSWORD}x`);
    await expect(dialog.getByText(FORM_MESSAGES.passwordMismatch, { exact: true })).toBeVisible();

    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    await expect(dialog).toBeHidden();
    // Opened again, it starts empty.
    await openPasswordDialog(page);
    await expect(page.getByLabel(FIELD_LABELS.currentPassword, { exact: true })).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('changes the password, then signs in with the new one', async ({ page }) => {
    const email = uniqueEmail('password-change');
    await signInFreshAccount(page, email);
    await openProfile(page);
    const dialog = await openPasswordDialog(page);
    await fillPasswordDialog(page, ACCOUNT_PASSWORD, CHANGED_PASSWORD);
    await dialog.getByRole('button', { name: '変更する' }).click();
    await expect(snackbar(page, MESSAGES.passwordChanged)).toBeVisible();
    await expect(dialog).toBeHidden();

    const menu = await openAccountMenu(page);
    await menu.getByRole('menuitem', { name: 'ログアウト' }).click();
    await expectRoute(page, 'Login');
    await fillLogin(page, email, ACCOUNT_PASSWORD);
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.loginFailed);
    await fillLogin(page, email, CHANGED_PASSWORD);
    await expectRoute(page, 'DispensingPharmacy');
  });
});
