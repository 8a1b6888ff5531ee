import { expect, test, type Page } from '@playwright/test';
import { FIELD_LABELS, LIMITS, MESSAGES, routePath, V } from '@pharmalytics/domain';
import { ACCOUNT_PASSWORD, inviteByApi, uniqueEmail } from './accounts.ts';
import { DEMO, expectRoute, fillLogin } from './helpers.ts';

const REGISTER = 'アカウントを登録';

/** Invites a fresh address as `inviter`, then signs out so the invitee can use the link. */
async function invite(page: Page, email: string, inviter: string = DEMO.admin) {
  const link = await inviteByApi(page, inviter, email);
  await page.context().clearCookies();
  return link;
}

async function register(page: Page, link: string) {
  await page.goto(link);
  await page.getByLabel(FIELD_LABELS.publicName).fill('招待 花子');
  await page.getByLabel(FIELD_LABELS.password, { exact: true }).fill(ACCOUNT_PASSWORD);
  await page.getByRole('button', { name: REGISTER }).click();
  await expect(page.getByRole('heading', { name: 'アカウントの登録が完了しました' })).toBeVisible();
}

function errorView(page: Page) {
  return page.getByRole('alert').filter({ hasText: 'アカウントを登録できません' });
}

test.describe('invitation registration', () => {
  test('an invited person registers and signs in', async ({ page }) => {
    const email = uniqueEmail('invitee');
    const link = await invite(page, email);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'アカウント登録' })).toBeVisible();
    await expect(page.getByText('株式会社博多ファーマシー')).toBeVisible();
    await expect(page.getByText('権限: 一般')).toBeVisible();
    await expect(page.getByLabel(FIELD_LABELS.email)).toHaveValue(email);
    await expect(page.getByLabel(FIELD_LABELS.email)).toHaveAttribute('readonly', '');

    await page.getByLabel(FIELD_LABELS.publicName).fill('招待 花子');
    await page.getByLabel(new RegExp(FIELD_LABELS.searchName)).fill('Shotai Hanako');
    await page.getByLabel(FIELD_LABELS.password, { exact: true }).fill(ACCOUNT_PASSWORD);
    await page.getByRole('button', { name: REGISTER }).click();
    await expect(
      page.getByRole('heading', { name: 'アカウントの登録が完了しました' }),
    ).toBeVisible();

    await page.getByRole('link', { name: 'ログイン画面へ' }).click();
    await expectRoute(page, 'Login');
    await fillLogin(page, email, ACCOUNT_PASSWORD);
    await expectRoute(page, 'Dashboard');
    await expect(page.getByRole('button', { name: 'アカウントメニュー' })).toContainText(
      '招待 花子',
    );
  });

  test('the registration form checks the names and the password', async ({ page }) => {
    const email = uniqueEmail('invitee-form');
    await page.goto(await invite(page, email));
    await page.getByRole('button', { name: REGISTER }).click();
    await expect(
      page.getByText(V.namedRequired(FIELD_LABELS.publicName), { exact: true }),
    ).toBeVisible();
    await expect(
      page.getByText(V.namedRequired(FIELD_LABELS.password), { exact: true }),
    ).toBeVisible();
    await expect(page.getByLabel(FIELD_LABELS.publicName)).toBeFocused();

    const searchName = page.getByLabel(new RegExp(FIELD_LABELS.searchName));
    await searchName.fill('招待 花子');
    await expect(page.getByText(V.alphanumeric, { exact: true })).toBeVisible();
    await searchName.fill('');
    await expect(page.getByText(V.alphanumeric, { exact: true })).toHaveCount(0);

    const password = page.getByLabel(FIELD_LABELS.password, { exact: true });
    await password.fill('short');
    await expect(
      page.getByText(V.minLength(FIELD_LABELS.password, LIMITS.passwordMin), { exact: true }),
    ).toBeVisible();
    await password.fill('全角のパスワードです');
    await expect(page.getByText(V.ascii, { exact: true })).toBeVisible();
  });

  test('an unknown link shows the expired invitation', async ({ page }) => {
    await page.goto(`${routePath('AccountRegister')}?token=not-a-real-token`);
    await expect(errorView(page)).toContainText(MESSAGES.invitationLinkExpired);
    await page.getByRole('link', { name: 'ログイン画面へ' }).click();
    await expectRoute(page, 'Login');
  });

  test('a used invitation link shows the expired invitation', async ({ page }) => {
    const link = await invite(page, uniqueEmail('invitee-used'));
    await register(page, link);
    await page.goto(link);
    await expect(errorView(page)).toContainText(MESSAGES.invitationLinkExpired);
  });

  test('an address registered through another invitation is refused', async ({ page }) => {
    const email = uniqueEmail('invitee-twice');
    const first = await invite(page, email);
    const second = await invite(page, email, DEMO.basic);
    await register(page, first);
    await page.goto(second);
    await expect(errorView(page)).toContainText(MESSAGES.emailAlreadyRegistered);
  });

  test('an unexpected failure shows the help hint', async ({ page }) => {
    await page.route('**/v2/invitations/verify**', (route) =>
      route.fulfill({ status: 500, json: { statusCode: 500, message: 'boom' } }),
    );
    await page.goto(`${routePath('AccountRegister')}?token=whatever`);
    await expect(errorView(page)).toContainText(MESSAGES.unexpected);
    await expect(errorView(page)).toContainText(MESSAGES.helpHint);
  });
});
