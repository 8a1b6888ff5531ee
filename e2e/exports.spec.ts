import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { analysisPageByRoute, EXPORT_TEXTS, metricBySlug, routePath } from '@pharmalytics/domain';
import { gotoAnalysis } from './analysis.ts';
import { DEMO, expectRoute, login } from './helpers.ts';

/** An XLSX file is a ZIP archive; a PDF starts with its version line. */
const XLSX_MAGIC = Buffer.from('PK\u0003\u0004', 'latin1');
const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
const DATE = String.raw`\d{4}-\d{2}-\d{2}`;

/** Clicks an export button and answers the downloaded file's name and bytes. */
async function downloadFrom(page: Page, button: Locator) {
  const download = page.waitForEvent('download', { timeout: 90_000 });
  await button.click();
  const file = await download;
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

const startsWith = (bytes: Buffer, magic: Buffer) => bytes.subarray(0, magic.length).equals(magic);

test.describe('exports', () => {
  test.beforeEach(async ({ page }) => {
    await login(page, DEMO.admin, 'Dashboard');
  });

  test('the dashboard downloads its workbook and its PDF report', async ({ page }) => {
    test.slow();
    await expectRoute(page, 'Dashboard');
    const xlsx = await downloadFrom(
      page,
      page.getByRole('button', { name: EXPORT_TEXTS.xlsxButton }),
    );
    expect(xlsx.name).toMatch(new RegExp(`^Pharmalytics_ダッシュボード_${DATE}_${DATE}\\.xlsx$`));
    expect(startsWith(xlsx.bytes, XLSX_MAGIC)).toBe(true);
    const pdf = await downloadFrom(
      page,
      page.getByRole('button', { name: EXPORT_TEXTS.pdfButton }),
    );
    expect(pdf.name).toMatch(
      new RegExp(`^Pharmalytics_ダッシュボードレポート_${DATE}_${DATE}\\.pdf$`),
    );
    expect(startsWith(pdf.bytes, PDF_MAGIC)).toBe(true);
  });

  test('an analysis page downloads its workbook, named by page and metric', async ({ page }) => {
    const view = await gotoAnalysis(page, 'Clinic');
    // The page opens on its default metric, which names the file.
    const metric = metricBySlug(analysisPageByRoute('Clinic')!.defaultMetric)!.label;
    const file = await downloadFrom(
      page,
      view.conditions.getByRole('button', { name: EXPORT_TEXTS.xlsxButton }),
    );
    expect(file.name).toMatch(
      new RegExp(`^Pharmalytics_医療機関_${metric}_${DATE}_${DATE}\\.xlsx$`),
    );
    expect(startsWith(file.bytes, XLSX_MAGIC)).toBe(true);
  });

  test('the scorecard downloads its workbook', async ({ page }) => {
    await page.goto(routePath('StoreScorecard'));
    const file = await downloadFrom(
      page,
      page.getByRole('button', { name: EXPORT_TEXTS.xlsxButton }),
    );
    expect(file.name).toMatch(new RegExp(`^Pharmalytics_店舗別実績一覧_${DATE}_${DATE}\\.xlsx$`));
    expect(startsWith(file.bytes, XLSX_MAGIC)).toBe(true);
  });

  test('施設基準 downloads its workbook', async ({ page }) => {
    test.slow();
    await page.goto(routePath('FacilityStandards'));
    await expect(page.getByTestId('facility-store-card').first()).toBeVisible({ timeout: 60_000 });
    const file = await downloadFrom(
      page,
      page.getByRole('button', { name: EXPORT_TEXTS.xlsxButton }),
    );
    expect(file.name).toMatch(new RegExp(`^Pharmalytics_施設基準_${DATE}_${DATE}\\.xlsx$`));
    expect(startsWith(file.bytes, XLSX_MAGIC)).toBe(true);
  });
});
