import { expect, test } from '@playwright/test';
import { comparisonRange, MESSAGES } from '@pharmalytics/domain';
import { ANALYSIS_PERIOD, clinicName, sendAnalysisFile } from './analysis-data.ts';
import {
  analysisPage,
  applyCustomPeriod,
  gotoAnalysis,
  gridHeaders,
  gridRows,
  nextChartCall,
} from './analysis.ts';
import { expectAccessible } from './axe.ts';
import { DEMO, login } from './helpers.ts';

test.describe.configure({ mode: 'parallel' });

const numberOf = (text: string) => Number(text.replace(/,/g, ''));

test('前年同期 on the clinic page: the comparison is asked, 比較期間 and 増減 follow 合計; it stays', async ({
  page,
}) => {
  test.slow();
  await login(page, DEMO.admin, 'Dashboard');
  await sendAnalysisFile(page);
  const view = await gotoAnalysis(page, 'Clinic');
  await applyCustomPeriod(page, ANALYSIS_PERIOD, '月次');
  await expect(view.grid.getByRole('row', { name: new RegExp(clinicName(1)) })).toBeVisible();
  await expect(view.comparison).toHaveText('なし');
  expect(await gridHeaders(view.grid)).toEqual(['No.', '医療機関', '合計', '2025/02', '2025/03']);

  const call = nextChartCall(page, 'clinic');
  await view.comparison.click();
  await page.getByRole('option', { name: '前年同期' }).click();
  const query = new URL((await call).url()).searchParams;
  const lastYear = comparisonRange(ANALYSIS_PERIOD, 2);
  expect([query.get('comparisonFrom'), query.get('comparisonTo')]).toEqual([
    lastYear.from,
    lastYear.to,
  ]);
  await expect
    .poll(() => gridHeaders(view.grid))
    .toEqual(['No.', '医療機関', '合計', '比較期間', '増減', '2025/02', '2025/03']);
  // The top chart names both bars in its legend.
  await expect(view.top.getByRole('img')).toBeVisible();

  // The CSV asks for the same comparison.
  const csv = page.waitForRequest((r) => new URL(r.url()).pathname.startsWith('/v3/csv/clinic/'));
  await view.csv.click();
  const csvQuery = new URL((await csv).url()).searchParams;
  expect([csvQuery.get('comparison_from'), csvQuery.get('comparison_to')]).toEqual([
    lastYear.from,
    lastYear.to,
  ]);

  // Where the comparison lacks data the change is not a number, and the table says why.
  const incomplete = view.table.getByTestId('comparison-incomplete');
  if (await incomplete.isVisible())
    await expect(incomplete).toHaveText(MESSAGES.comparisonIncomplete);
  await expectAccessible(page, 'Clinic with a comparison');

  // The comparison is part of the condition: it is there again after a reload.
  await page.reload();
  await expect(analysisPage(page).comparison).toHaveText('前年同期');
});

test('the breakdown table sorts by 合計 (click and keyboard), keeps 全体 on top and names cut items in full', async ({
  page,
}) => {
  test.slow();
  await login(page, DEMO.admin, 'Dashboard');
  await sendAnalysisFile(page);
  const view = await gotoAnalysis(page, 'Clinic');
  await view.metric.click();
  await page.getByRole('option', { name: '調剤売上' }).click();
  await applyCustomPeriod(page, ANALYSIS_PERIOD, '月次');
  await expect(view.grid.getByRole('row', { name: new RegExp(clinicName(1)) })).toBeVisible();

  // The page's order first: 12, 11, …, 2, then 1 (its second month makes it the last one).
  const totals = async () => (await gridRows(view.grid)).map((r) => numberOf(r[2]!));
  const names = async () => (await gridRows(view.grid)).map((r) => r[1]);
  expect(await totals()).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1.5].map((k) => k * 1000));

  const header = view.grid.getByRole('columnheader', { name: '合計' });
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  expect(await totals()).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1.5].map((k) => k * 1000));
  await header.getByRole('button').press('Enter');
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(totals).toEqual([1.5, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((k) => k * 1000));

  const byName = view.grid.getByRole('columnheader', { name: '医療機関' });
  await byName.getByRole('button').click();
  await expect(byName).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(async () => (await names())[0]).toBe(clinicName(1));

  // 全体: the sum of every clinic, above the rows whatever the order.
  const overall = view.grid.getByTestId('breakdown-overall');
  await expect(overall.getByRole('rowheader')).toHaveText('全体');
  await expect(overall.getByRole('cell').nth(2)).toHaveText('78,500');

  // A name cut by the column is there in full on hover.
  const long = view.grid.getByRole('rowheader', { name: clinicName(12) });
  await expect(long).toHaveAttribute('title', clinicName(12));
  await expectAccessible(page, 'Clinic sorted');
});

test('at 1440 px with 7 days, 合計 is in view without scrolling the table', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, DEMO.admin, 'Dashboard');
  await sendAnalysisFile(page);
  const view = await gotoAnalysis(page, 'Clinic');
  await applyCustomPeriod(page, { from: '2025-02-02', to: '2025-02-08' }, '日次');
  await expect(view.grid.getByRole('row', { name: new RegExp(clinicName(1)) })).toBeVisible();
  const total = view.grid.getByRole('columnheader', { name: '合計' });
  const container = view.grid.locator('xpath=..');
  const [box, frame] = await Promise.all([total.boundingBox(), container.boundingBox()]);
  expect(box!.x + box!.width).toBeLessThanOrEqual(frame!.x + frame!.width);
});
