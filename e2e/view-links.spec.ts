import { expect, test } from '@playwright/test';
import { MESSAGES, routePath } from '@pharmalytics/domain';
import { analysisPage, gotoAnalysis, nextChartCall } from './analysis.ts';
import { expectAccessible } from './axe.ts';
import { DEMO, login, mainMenu } from './helpers.ts';
import { snackbar } from './settings.ts';

test.describe.configure({ mode: 'parallel' });

test("a link from an administrator's page shows a member only the stores the member may see", async ({
  page,
  browser,
}) => {
  test.slow();
  await login(page, DEMO.admin, 'Dashboard');
  const view = await gotoAnalysis(page, 'Clinic');
  // The administrator's view: October, by month, three stores, sales against last year.
  const call = nextChartCall(page, 'clinic');
  await page.goto(
    `${routePath('Clinic')}?from=2026-10-01&to=2026-10-31&preset=99&axis=2&cmp=2&stores=1001,1003,1005&metric=dispensing_sales`,
  );
  const asked = new URL((await call).url()).searchParams;
  expect(asked.get('storeCodes')).toBe('1001,1003,1005');
  expect(asked.get('comparisonFrom')).toBe('2025-10-01');
  await expect(view.period).toHaveText('2026/10/01〜2026/10/31');
  await expect(view.metric).toHaveText('調剤売上');
  await expect(view.comparison).toHaveText('前年同期');
  const link = page.url();

  // The member (stores 1001 and 1002) opens it.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await login(member, DEMO.user, 'Dashboard');
  const memberCall = nextChartCall(member, 'clinic');
  await member.goto(link);
  const memberView = analysisPage(member);
  await expect(snackbar(member, MESSAGES.linkStoresDropped)).toBeVisible();
  expect(new URL((await memberCall).url()).searchParams.get('storeCodes')).toBe('1001');
  await expect(memberView.period).toHaveText('2026/10/01〜2026/10/31');
  await expect(memberView.comparison).toHaveText('前年同期');
  await expect(member).toHaveURL(/[?&]stores=1001(&|$)/);
  // The page with its message readable, then the message closed.
  await expectAccessible(member, 'Clinic opened from a link, with its message');
  const message = snackbar(member, MESSAGES.linkStoresDropped);
  await message.getByRole('button', { name: '閉じる' }).click();
  await expect(message).toBeHidden();
  await memberContext.close();
});

test('the back button restores the view of the page before', async ({ page }) => {
  test.slow();
  await login(page, DEMO.admin, 'Dashboard');
  const view = await gotoAnalysis(page, 'Clinic');
  await view.comparison.click();
  await page.getByRole('option', { name: '前期間' }).click();
  await expect(page).toHaveURL(/[?&]cmp=1(&|$)/);

  // Another page, where the comparison changes again (and with it the stored condition).
  await mainMenu(page).getByRole('link', { name: '調剤薬局', exact: true }).click();
  const other = analysisPage(page);
  await expect(other.comparison).toHaveText('前期間');
  await other.comparison.click();
  await page.getByRole('option', { name: '前年同期' }).click();
  await expect(page).toHaveURL(/[?&]cmp=2(&|$)/);

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${routePath('Clinic')}\\?.*cmp=1`));
  await expect(analysisPage(page).comparison).toHaveText('前期間');
});

test("the dashboard's period and comparison are in its link", async ({ page }) => {
  await login(page, DEMO.admin, 'Dashboard');
  await expect(page).toHaveURL(/[?&]from=\d{4}-\d{2}-\d{2}&to=/);
  await page.goto(`${routePath('Dashboard')}?from=2026-10-01&to=2026-10-31&preset=99&axis=3&cmp=2`);
  await expect(page.getByTestId('dashboard-comparison')).toHaveText(
    '比較期間: 2025/10/01〜2025/10/31',
  );
  await expect(page.getByTestId('condition-period')).toHaveText('2026/10/01〜2026/10/31');
});
