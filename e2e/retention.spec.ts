import { expect, test } from '@playwright/test';
import { RETENTION_PAGE_TEXT, PRESCRIBER_PAGE_TEXT, routePath } from '@pharmalytics/domain';
import { ANALYSIS_PERIOD, sendAnalysisFile } from './analysis-data.ts';
import { applyCustomPeriod } from './analysis.ts';
import { expectAccessible } from './axe.ts';
import { DEMO, login } from './helpers.ts';
import { chooseOnlyStore } from './maps.ts';

test('患者の継続 draws the cohorts and the overdue patients of the dataset, accessibly', async ({
  page,
}) => {
  test.slow();
  await login(page, DEMO.admin, 'Dashboard');
  await sendAnalysisFile(page);
  await page.goto(routePath('PatientRetention'));
  await expect(page.getByRole('heading', { name: '患者の継続', level: 1 })).toBeVisible();
  await chooseOnlyStore(page, 'はかた薬局 天神店');
  const call = page.waitForRequest(/\/v3\/retention\/cohorts\?/);
  await applyCustomPeriod(page, ANALYSIS_PERIOD, '月次');
  const query = new URL((await call).url()).searchParams;
  expect(query.get('storeCodes')).toBe('1001');
  const cohorts = page.getByTestId('retention-cohorts');
  await expect(cohorts.getByRole('rowheader', { name: '2025-02' })).toBeVisible();
  await expect(cohorts.getByRole('rowheader', { name: '2025-03' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: RETENTION_PAGE_TEXT.overdueHeading }),
  ).toBeVisible();
  await expectAccessible(page, 'PatientRetention');
});

test('処方元の変化 draws each store’s section with its openings, accessibly', async ({ page }) => {
  test.slow();
  await login(page, DEMO.admin, 'Dashboard');
  await sendAnalysisFile(page);
  await page.goto(routePath('PrescriberChanges'));
  await expect(page.getByRole('heading', { name: '処方元の変化', level: 1 })).toBeVisible();
  await chooseOnlyStore(page, 'はかた薬局 天神店');
  await applyCustomPeriod(page, ANALYSIS_PERIOD, '月次');
  await expect(page.getByRole('heading', { name: 'はかた薬局 天神店', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: PRESCRIBER_PAGE_TEXT.openings })).toBeVisible();
  await expectAccessible(page, 'PrescriberChanges');
});
