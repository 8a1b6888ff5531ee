import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  EXPORT_TEXTS,
  PRESCRIBER_PAGE_TEXT,
  RETENTION_PAGE_TEXT,
  routePath,
} from '@pharmalytics/domain';
import { ANALYSIS_PERIOD, sendAnalysisFile } from './analysis-data.ts';
import { applyCustomPeriod } from './analysis.ts';
import { expectAccessible } from './axe.ts';
import { DEMO, login } from './helpers.ts';
import { chooseOnlyStore } from './maps.ts';

/** Clicks an 「Excelで出力」 button and answers the workbook's name and whether it is a ZIP. */
async function downloadWorkbook(page: Page, within: Locator) {
  const download = page.waitForEvent('download', { timeout: 90_000 });
  await within.getByRole('button', { name: EXPORT_TEXTS.xlsxButton }).click();
  const file = await download;
  const bytes = await readFile(await file.path());
  return { name: file.suggestedFilename(), zip: bytes.subarray(0, 2).toString('latin1') === 'PK' };
}

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
  const overdue = page.getByRole('region', {
    name: RETENTION_PAGE_TEXT.overdueHeading,
    exact: true,
  });
  expect(await downloadWorkbook(page, overdue)).toEqual({
    name: 'Pharmalytics_患者の継続_来局予定を過ぎた患者_2025-02-01_2025-03-31.xlsx',
    zip: true,
  });
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
  await expect(page.getByRole('heading', { name: PRESCRIBER_PAGE_TEXT.closings })).toBeVisible();
  await expectAccessible(page, 'PrescriberChanges');
  const store = page.getByRole('region', { name: 'はかた薬局 天神店', exact: true }).first();
  expect(await downloadWorkbook(page, store)).toEqual({
    name: 'Pharmalytics_処方元の変化_2025-02-01_2025-03-31.xlsx',
    zip: true,
  });
});
