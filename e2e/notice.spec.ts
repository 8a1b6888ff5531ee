import { expect, test } from '@playwright/test';
import { PRIVACY_POLICY_URL, routePath, TERMS_URL } from '@pharmalytics/domain';
import { DEMO, expectRoute, login } from './helpers.ts';

// The demo member notice@example.com agreed before the cut-offs; agreeing changes that for good,
// so the whole flow is one test (the suite starts from a fresh demo database).
test('a member who has not agreed goes to the notice, then home after agreeing', async ({
  page,
}) => {
  await login(page, DEMO.notice, 'Notice');
  await expect(page.getByRole('link', { name: /利用規約/ })).toHaveAttribute('href', TERMS_URL);
  await expect(page.getByRole('link', { name: /プライバシーポリシー/ })).toHaveAttribute(
    'href',
    PRIVACY_POLICY_URL,
  );
  // Other pages keep sending the member back to the notice until agreement.
  await page.goto(routePath('Dashboard'));
  await expectRoute(page, 'Notice');

  await page.getByRole('button', { name: '同意する' }).click();
  await expectRoute(page, 'Dashboard');
  await page.goto(routePath('Notice'));
  await page.goto(routePath('Dashboard'));
  await expectRoute(page, 'Dashboard');
});
