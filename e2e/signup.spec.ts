import { expect, test, type Page } from '@playwright/test';
import {
  FIELD_LABELS,
  FORM_MESSAGES,
  LIMITS,
  MESSAGES,
  PRIVACY_POLICY_URL,
  QUESTIONNAIRE_OPTIONS,
  routePath,
  TERMS_URL,
  V,
} from '@pharmalytics/domain';
import {
  ACCOUNT_PASSWORD,
  completeSignUp,
  requestSignUpLink,
  shortUniqueEmail,
  uniqueEmail,
} from './accounts.ts';
import { expectRoute, fillLogin } from './helpers.ts';
import { waitForMailLink } from './mail.ts';

const SEND = '確認メールを送信';
const COMPLETE = '利用申込を完了する';

function consent(page: Page) {
  return page.getByRole('checkbox', { name: /同意する/ });
}

/** Fills every field of the new-account form with valid values. */
async function fillNewAccount(page: Page, password = ACCOUNT_PASSWORD) {
  await page.getByLabel(FIELD_LABELS.contactName).fill('山田 太郎');
  await page.getByLabel(FIELD_LABELS.tel).fill('0312345678');
  await page.getByLabel(FIELD_LABELS.roleName).fill('代表取締役');
  await page.getByLabel(FIELD_LABELS.corporationName).fill('株式会社テスト調剤');
  await page.getByLabel('本社所在地').selectOption({ label: '福岡県' });
  await page.getByLabel(FIELD_LABELS.branchCount).fill('3');
  await page.getByRole('radio', { name: QUESTIONNAIRE_OPTIONS[2].label }).check();
  await page.getByLabel(FIELD_LABELS.password, { exact: true }).fill(password);
}

function errorView(page: Page) {
  return page.getByRole('alert').filter({ hasText: MESSAGES.newAccountErrorTitle });
}

test.describe('sign-up', () => {
  test('from the login screen to the first login on the setup guide', async ({ page }) => {
    const email = uniqueEmail('signup');
    await page.goto(routePath('Login'));
    await page.getByRole('link', { name: '利用申込はこちら' }).click();
    await expectRoute(page, 'SignUp');

    await page.getByLabel(FIELD_LABELS.email).fill(email);
    await consent(page).check();
    await page.getByRole('button', { name: SEND }).click();
    await expectRoute(page, 'CheckEmail');
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText('リンクの有効期限は24時間です。')).toBeVisible();

    const link = await waitForMailLink(email, { path: routePath('NewAccount') });
    await page.goto(link);
    await expect(page.getByRole('heading', { name: '新規アカウント登録' })).toBeVisible();
    const verified = page.getByLabel(FIELD_LABELS.email);
    await expect(verified).toHaveValue(email);
    await expect(verified).toHaveAttribute('readonly', '');

    await fillNewAccount(page);
    const password = page.getByLabel(FIELD_LABELS.password, { exact: true });
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'パスワードを表示' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: COMPLETE }).click();

    await expect(page.getByRole('heading', { name: '利用申込が完了しました' })).toBeVisible();
    await page.getByRole('link', { name: 'ログイン画面へ' }).click();
    await expectRoute(page, 'Login');

    await fillLogin(page, email, ACCOUNT_PASSWORD);
    await expectRoute(page, 'DispensingPharmacy');
    await expect(page.getByRole('heading', { name: /ようこそ/ })).toBeVisible();
    await expect(page.getByRole('banner')).toContainText('株式会社テスト調剤');
    await expect(page.getByRole('banner')).toContainText('フリープラン');
  });

  test('the sign-up form checks the e-mail and the consent', async ({ page }) => {
    await page.goto(routePath('SignUp'));
    await expect(page.getByRole('link', { name: /利用規約/ })).toHaveAttribute('href', TERMS_URL);
    await expect(page.getByRole('link', { name: /利用規約/ })).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('link', { name: /プライバシーポリシー/ })).toHaveAttribute(
      'href',
      PRIVACY_POLICY_URL,
    );
    await expect(page.getByRole('link', { name: /プライバシーポリシー/ })).toHaveAttribute(
      'target',
      '_blank',
    );

    await page.getByRole('button', { name: SEND }).click();
    await expect(
      page.getByText(V.namedRequired(FIELD_LABELS.email), { exact: true }),
    ).toBeVisible();
    await expect(page.getByText(FORM_MESSAGES.consentRequired, { exact: true })).toBeVisible();
    await expect(page.getByLabel(FIELD_LABELS.email)).toBeFocused();

    await page.getByLabel(FIELD_LABELS.email).fill('owner@');
    await page.getByLabel(FIELD_LABELS.email).blur();
    await expect(page.getByText(V.email, { exact: true })).toBeVisible();

    await consent(page).check();
    await expect(page.getByText(FORM_MESSAGES.consentRequired, { exact: true })).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${routePath('SignUp')}$`));

    await page.getByRole('link', { name: 'ログイン', exact: true }).click();
    await expectRoute(page, 'Login');
  });

  test('a failed sign-up call shows the sign-up error', async ({ page }) => {
    await page.route('**/v2/sign_ups', (route) =>
      route.fulfill({ status: 500, json: { statusCode: 500, message: 'boom' } }),
    );
    await page.goto(routePath('SignUp'));
    await page.getByLabel(FIELD_LABELS.email).fill(uniqueEmail('signup-fail'));
    await consent(page).check();
    await page.getByRole('button', { name: SEND }).click();
    await expect(page.getByText(MESSAGES.signUpFailed, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${routePath('SignUp')}$`));
  });

  test('the new-account form checks every field', async ({ page }) => {
    const link = await requestSignUpLink(page.request, uniqueEmail('signup-form'));
    await page.goto(link);
    await page.getByRole('button', { name: COMPLETE }).click();
    for (const message of [
      V.namedRequired(FIELD_LABELS.contactName),
      V.namedRequired(FIELD_LABELS.tel),
      V.namedRequired(FIELD_LABELS.roleName),
      V.namedRequired(FIELD_LABELS.corporationName),
      FORM_MESSAGES.headOfficePrefectureRequired,
      V.namedRequired(FIELD_LABELS.branchCount),
      FORM_MESSAGES.questionnaireRequired,
      V.namedRequired(FIELD_LABELS.password),
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel(FIELD_LABELS.contactName)).toBeFocused();

    await page.getByLabel(FIELD_LABELS.tel).fill('03-1234');
    await page.getByLabel(FIELD_LABELS.branchCount).fill('三');
    const password = page.getByLabel(FIELD_LABELS.password, { exact: true });
    await password.fill('short');
    await password.blur();
    await expect(page.getByText(V.digitsOnly, { exact: true })).toHaveCount(2);
    await expect(
      page.getByText(V.minLength(FIELD_LABELS.password, LIMITS.passwordMin), { exact: true }),
    ).toBeVisible();
    await password.fill('パスワード12345678');
    await expect(page.getByText(V.ascii, { exact: true })).toBeVisible();

    await page.getByLabel('本社所在地').selectOption({ label: '東京都' });
    await expect(
      page.getByText(FORM_MESSAGES.headOfficePrefectureRequired, { exact: true }),
    ).toHaveCount(0);
    await page.getByRole('radio', { name: QUESTIONNAIRE_OPTIONS[0].label }).check();
    await expect(page.getByText(FORM_MESSAGES.questionnaireRequired, { exact: true })).toHaveCount(
      0,
    );
  });

  test('a password equal to the e-mail is refused on the form', async ({ page }) => {
    const email = shortUniqueEmail('su');
    await page.goto(await requestSignUpLink(page.request, email));
    await fillNewAccount(page, email);
    await page.getByRole('button', { name: COMPLETE }).click();
    await expect(page.getByText(MESSAGES.passwordSameToEmail, { exact: true })).toBeVisible();
    await expect(page.getByLabel(FIELD_LABELS.password, { exact: true })).toBeFocused();
    // The person fixes it on the same form.
    await page.getByLabel(FIELD_LABELS.password, { exact: true }).fill(ACCOUNT_PASSWORD);
    await page.getByRole('button', { name: COMPLETE }).click();
    await expect(page.getByRole('heading', { name: '利用申込が完了しました' })).toBeVisible();
  });

  test('an unknown link shows the expired-link error', async ({ page }) => {
    await page.goto(`${routePath('NewAccount')}?token=not-a-real-token`);
    await expect(errorView(page)).toContainText(MESSAGES.signUpLinkExpired);
    await page.getByRole('link', { name: '利用申込をやり直す' }).click();
    await expectRoute(page, 'SignUp');
  });

  test('a link without a token shows the expired-link error', async ({ page }) => {
    await page.goto(routePath('NewAccount'));
    await expect(errorView(page)).toContainText(MESSAGES.signUpLinkExpired);
  });

  test('a used link shows the error view', async ({ page }) => {
    const link = await requestSignUpLink(page.request, uniqueEmail('signup-used'));
    await completeSignUp(page.request, link);
    await page.goto(link);
    await expect(errorView(page)).toContainText(MESSAGES.signUpLinkExpired);
  });

  test('a second link of a registered address says it is registered', async ({ page }) => {
    const email = uniqueEmail('signup-twice');
    const first = await requestSignUpLink(page.request, email);
    const second = await requestSignUpLink(page.request, email, [first]);
    await completeSignUp(page.request, first);
    await page.goto(second);
    await expect(errorView(page)).toContainText(MESSAGES.emailAlreadyRegistered);
    await page.getByRole('link', { name: 'ログイン画面へ' }).click();
    await expectRoute(page, 'Login');
  });

  test('a link used up while the form is open says the deadline passed', async ({ page }) => {
    const link = await requestSignUpLink(page.request, uniqueEmail('signup-late'));
    await page.goto(link);
    await fillNewAccount(page);
    await completeSignUp(page.request, link);
    await page.getByRole('button', { name: COMPLETE }).click();
    await expect(errorView(page)).toContainText(MESSAGES.signUpDeadlinePassed);
  });
});
