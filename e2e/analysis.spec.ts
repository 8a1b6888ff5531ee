import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import {
  ANALYSIS_PAGES,
  FORM_MESSAGES,
  MESSAGES,
  metricBySlug,
  pageTitle,
  route,
} from '@pharmalytics/domain';
import { parse as parseCsv } from 'csv-parse/sync';
import {
  ANALYSIS_PERIOD,
  clinicCode,
  clinicName,
  LONG_CLINIC_NAME,
  sendAnalysisFile,
} from './analysis-data.ts';
import {
  analysisPage,
  applyCustomPeriod,
  gotoAnalysis,
  gridHeaders,
  gridRows,
  nextChartCall,
} from './analysis.ts';
import { choosePreset, chooseRadio, openPeriodMenu, periodMenu, typeDate } from './dashboard.ts';
import { DEMO, login, mainMenu, routeUrl } from './helpers.ts';
import { snackbar } from './settings.ts';
import { dispensingCsv, uploadAsStore } from './uploads.ts';

test.describe.configure({ mode: 'parallel' });

const yen = (n: number) => n.toLocaleString('ja-JP');

/** 医療機関 rows worked out by hand from the dataset (analysis-data.ts): No., name, 02, 03, 合計. */
const CLINIC_ROWS = [
  ...[12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((i, k) => [
    String(k + 1),
    clinicName(i),
    yen(1000 * i),
    '0',
    yen(1000 * i),
  ]),
  ['12', clinicName(1), '1,000', '500', '1,500'],
];

/** A row as the screen shows it: 合計 right after the item, before the months. */
const onScreen = (row: readonly string[]) => [row[0]!, row[1]!, row.at(-1)!, ...row.slice(2, -1)];

/** The dataset's two months by month, in sales (the order of the rows is then unambiguous). */
async function showDataset(page: Parameters<typeof gotoAnalysis>[0], route: 'Clinic' | 'Age') {
  await login(page, DEMO.admin, 'Dashboard');
  await sendAnalysisFile(page);
  const view = await gotoAnalysis(page, route);
  await expect(view.metric).toHaveText('処方箋枚数'); // the page's default metric
  await view.metric.click();
  await page.getByRole('option', { name: '調剤売上' }).click();
  await applyCustomPeriod(page, ANALYSIS_PERIOD, '月次');
  await expect(view.period).toHaveText('2025/02/01〜2025/03/31');
  return view;
}

test('the clinic page shows the hand-computed figures, its CSV holds the same table, its search reads names', async ({
  page,
}) => {
  test.slow();
  const view = await showDataset(page, 'Clinic');
  await expect(view.grid.getByRole('row', { name: /テスト医院01/ })).toBeVisible();
  expect(await gridHeaders(view.grid)).toEqual(['No.', '医療機関', '合計', '2025/02', '2025/03']);
  expect(await gridRows(view.grid)).toEqual(CLINIC_ROWS.map(onScreen));
  await expect(view.table.getByText('単位: 円')).toBeVisible();
  // The top chart names its ten bars; the trend chart the five rows ticked first.
  await expect(view.top.getByRole('img')).toHaveAccessibleName('「調剤売上」上位10件');
  await expect(view.trend.getByRole('img')).toHaveAccessibleName(
    `「調剤売上」の推移: ${[12, 11, 10, 9, 8].map(clinicName).join('、')}`,
  );
  expect(LONG_CLINIC_NAME.length).toBeGreaterThan(13);

  // The CSV the server writes holds the table: same header, same cells, under the server's name.
  const download = page.waitForEvent('download');
  await view.csv.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Pharmalytics_医療機関_調剤売上_2025-02-01_2025-03-31.csv');
  const csv = parseCsv(await readFile(await file.path()), { bom: true }) as string[][];
  expect(csv[0]).toEqual(['No.', '医療機関', '2025/02', '2025/03', '合計']);
  const asTable = csv
    .slice(1)
    .map((row) => row.map((cell, i) => (i < 2 ? cell : cell === '' ? '-' : yen(Number(cell)))));
  expect(asTable).toEqual(CLINIC_ROWS);

  // The search box matches item names only.
  const search = view.table.getByRole('searchbox', { name: '項目名で検索' });
  await search.fill('はかた記念');
  await expect
    .poll(() => gridRows(view.grid))
    .toEqual([['1', LONG_CLINIC_NAME, '12,000', '12,000', '0']]);
  // A number of the table or an institution code finds nothing: only the name is searched.
  await search.fill(clinicCode(3));
  await expect(view.grid.getByText('該当する項目がありません')).toBeVisible();
  await search.fill('12,000');
  await expect(view.grid.getByText('該当する項目がありません')).toBeVisible();
  await search.fill('');
  await expect.poll(async () => (await gridRows(view.grid)).length).toBe(12);
});

test('table selection: five ticked first, ten at most, one at least, reset; the trend follows', async ({
  page,
}) => {
  test.slow();
  const view = await showDataset(page, 'Clinic');
  const row = (i: number) => view.grid.getByRole('row', { name: new RegExp(clinicName(i)) });
  const tick = (i: number) => row(i).getByRole('checkbox');
  await expect(row(1)).toBeVisible();
  const trendNames = (...clinics: number[]) =>
    `「調剤売上」の推移: ${clinics.map(clinicName).join('、')}`;
  await expect(view.trend.getByRole('img')).toHaveAccessibleName(trendNames(12, 11, 10, 9, 8));

  // Clicked, then awaited: the grid redraws the trend on every change, which can take a moment.
  const setTicked = async (i: number, ticked: boolean) => {
    await tick(i).click();
    if (ticked) await expect(tick(i)).toBeChecked();
    else await expect(tick(i)).not.toBeChecked();
  };
  for (const i of [7, 6, 5, 4, 3]) await setTicked(i, true);
  await expect(view.table.getByText('10件を選択中（最大10件）')).toBeVisible();
  await tick(2).click();
  await expect(snackbar(page, FORM_MESSAGES.tableMaxChecked)).toBeVisible();
  await expect(tick(2)).not.toBeChecked();

  for (const i of [12, 11, 10, 9, 8, 7, 6, 5, 4]) await setTicked(i, false);
  await expect(view.trend.getByRole('img')).toHaveAccessibleName(trendNames(3));
  await tick(3).click();
  await expect(snackbar(page, FORM_MESSAGES.tableMinChecked)).toBeVisible();
  await expect(tick(3)).toBeChecked();

  await view.table.getByRole('button', { name: '選択をリセット' }).click();
  await expect(view.trend.getByRole('img')).toHaveAccessibleName(trendNames(12, 11, 10, 9, 8));
});

test('the age page sorts by age group with 不明 last, or by the metric', async ({ page }) => {
  test.slow();
  const view = await showDataset(page, 'Age');
  const names = async () => (await gridRows(view.grid)).map((r) => `${r[1]} ${r[2]}`);
  await expect
    .poll(names)
    .toEqual([
      '0～9 1,000',
      '10～19 2,000',
      '20～29 7,000',
      '30～39 5,000',
      '40～49 13,000',
      '50～59 8,000',
      '60～69 9,000',
      '70～79 21,000',
      '80～89 12,000',
      '不明 500',
    ]);

  const call = nextChartCall(page, 'age');
  await view.sortButton.click();
  await page.getByRole('menuitemradio', { name: '指標順' }).click();
  expect(new URL((await call).url()).searchParams.get('sortOrder')).toBe('1');
  await expect(view.sortButton).toHaveAccessibleName('並び替え（指標順）');
  await expect
    .poll(names)
    .toEqual([
      '70～79 21,000',
      '40～49 13,000',
      '80～89 12,000',
      '60～69 9,000',
      '50～59 8,000',
      '20～29 7,000',
      '30～39 5,000',
      '10～19 2,000',
      '0～9 1,000',
      '不明 500',
    ]);
});

test('the filter dialog: badge, every option sent as none, at least one option', async ({
  page,
}) => {
  test.slow();
  const view = await showDataset(page, 'Clinic');
  await expect(view.filterButton).toHaveAccessibleName('絞り込み');

  await view.filterButton.click();
  const dialog = page.getByRole('dialog', { name: '絞り込み' });
  const receptions = dialog.getByRole('group', { name: '受付区分' });
  const generics = dialog.getByRole('group', { name: '後発医薬品区分' });
  // Opening ticks every option of the checkbox filters.
  for (const box of await dialog.getByRole('checkbox').all()) await expect(box).toBeChecked();

  await receptions.getByRole('checkbox', { name: 'すべて' }).uncheck();
  await expect(receptions.getByRole('alert')).toHaveText(FORM_MESSAGES.filterRequired);
  await expect(dialog.getByRole('button', { name: '適用' })).toBeDisabled();
  await receptions.getByRole('checkbox', { name: '外来' }).check();
  await dialog.getByRole('combobox', { name: '医療機関' }).fill('テスト医院03');
  await page.getByRole('option', { name: `テスト医院03（${clinicCode(3)}）` }).click();

  const call = nextChartCall(page, 'clinic');
  await dialog.getByRole('button', { name: '適用' }).click();
  const query = new URL((await call).url()).searchParams;
  expect(query.get('receptionTypeFilters')).toBe('外来');
  expect(query.get('medicalInstitutionFilters')).toBe(clinicCode(3));
  expect(query.has('generic_medicine_filters')).toBe(false); // every class: sent as none
  await expect(view.filterBadge).toHaveText('2');
  await expect(view.filterButton).toHaveAccessibleName('絞り込み（2件の条件）');
  await expect
    .poll(() => gridRows(view.grid))
    .toEqual([['1', clinicName(3), '3,000', '3,000', '0']]);

  // The badge and the filters stay with the condition on another page.
  await gotoAnalysis(page, 'Doctor');
  await expect(analysisPage(page).filterBadge).toHaveText('2');

  await analysisPage(page).filterButton.click();
  await generics.getByRole('checkbox', { name: '後発医薬品', exact: true }).uncheck();
  const cleared = nextChartCall(page, 'doctor');
  await dialog.getByRole('button', { name: 'クリア' }).click();
  await expect(generics.getByRole('checkbox', { name: '後発医薬品', exact: true })).toBeChecked();
  await dialog.getByRole('button', { name: '適用' }).click();
  const none = new URL((await cleared).url()).searchParams;
  expect(['receptionTypeFilters', 'medicalInstitutionFilters'].some((k) => none.has(k))).toBe(
    false,
  );
  await expect(analysisPage(page).filterButton).toHaveAccessibleName('絞り込み');
});

test('the address popup: zip codes or an address prefix, which must not be blank', async ({
  page,
}) => {
  test.slow();
  await login(page, DEMO.admin, 'Dashboard');
  await sendAnalysisFile(page);
  const view = await gotoAnalysis(page, 'Address');
  await applyCustomPeriod(page, ANALYSIS_PERIOD, '月次');
  await expect(view.addressButton).toHaveText('住所: 郵便番号');
  await expect
    .poll(async () => (await gridRows(view.grid)).map((r) => r[1]))
    .toContain('〒810-0001');

  await view.addressButton.click();
  const popup = page.getByRole('dialog', { name: '住所の集計方法' });
  await popup.getByRole('radio', { name: '住所別' }).check();
  const text = popup.getByRole('textbox', { name: '都道府県・市区町村' });
  await expect(text).toHaveAttribute('placeholder', '〇〇県〇〇市');
  await text.fill('   ');
  await popup.getByRole('button', { name: '適用' }).click();
  await expect(popup.getByRole('alert')).toHaveText(FORM_MESSAGES.addressRequired);

  await text.fill('福岡県福岡市');
  const call = nextChartCall(page, 'address');
  await text.press('Enter');
  expect(new URL((await call).url()).searchParams.get('address')).toBe('福岡県福岡市');
  await expect(popup).toBeHidden();
  await expect(view.addressButton).toHaveText('住所: 住所別: 福岡県福岡市');
});

test('the analysis period menu: presets set the dates, cancel keeps, typed dates are checked', async ({
  page,
}) => {
  test.slow();
  await login(page, DEMO.admin, 'Dashboard');
  const view = await gotoAnalysis(page, 'DispensingPharmacy');
  const before = await view.period.textContent();

  const menu = await openPeriodMenu(page);
  expect((await menu.boundingBox())?.width).toBeCloseTo(358, 0);
  await expect(menu.getByRole('radio', { name: '前年同期' })).toHaveCount(0); // no comparison here
  await choosePreset(page, '先月');
  const lastMonth = await periodMenu(page).from.locator('input').inputValue();
  expect(lastMonth).toMatch(/^\d{4}\/\d{2}\/01$/);
  await periodMenu(page).cancel.click();
  await expect(view.period).toHaveText(before!);

  await openPeriodMenu(page);
  await choosePreset(page, 'カスタム');
  await typeDate(page, periodMenu(page).from, '2025-03-10');
  await typeDate(page, periodMenu(page).to, '2025-03-01');
  await expect(menu.getByText(FORM_MESSAGES.periodEndBeforeStart)).toBeVisible();
  await expect(periodMenu(page).to.locator('input')).not.toHaveValue('2025/03/01');
  await typeDate(page, periodMenu(page).to, '2025-03-20');
  await expect(periodMenu(page).apply).toBeEnabled();
  await typeDate(page, periodMenu(page).from, '2022-01-01');
  await chooseRadio(page, '日次');
  await expect(menu.getByText(FORM_MESSAGES.dailyAxisTooLong)).toBeVisible();
  await expect(periodMenu(page).apply).toBeDisabled();
  await chooseRadio(page, '月次');
  const call = nextChartCall(page, 'pharmacy');
  await periodMenu(page).apply.click();
  const query = new URL((await call).url()).searchParams;
  expect([query.get('from'), query.get('to'), query.get('periodCode')]).toEqual([
    '2022-01-01',
    '2025-03-20',
    '2',
  ]);
  await expect(view.period).toHaveText('2022/01/01〜2025/03/20');
});

test('metrics outside the plan are locked; CSV export is for the paid plans', async ({ page }) => {
  test.slow();
  await login(page, DEMO.basic, 'Dashboard');
  let view = await gotoAnalysis(page, 'DispensingPharmacy');
  await view.metric.click();
  await expect(page.getByRole('option', { name: '処方箋単価' })).toBeEnabled();
  await page.keyboard.press('Escape');
  await expect(view.csv).toBeVisible();
  await expect(view.csvByStore).toBeVisible();

  await page.context().clearCookies();
  await login(page, DEMO.free, 'DispensingPharmacy');
  view = analysisPage(page);
  await view.metric.click();
  for (const label of ['処方箋単価', '受付回数', '患者数', '患者単価']) {
    const option = page.getByRole('option', { name: new RegExp(`^${label}`) });
    await expect(option).toBeDisabled();
    await expect(option.getByTestId('metric-lock')).toBeVisible();
  }
  await expect(page.getByRole('option', { name: '処方箋集中率' })).toBeEnabled();
  await page.keyboard.press('Escape');
  await expect(view.csv).toHaveCount(0);
});

test('the free plan lands on 調剤薬局 with its data; its calendar stops three months back', async ({
  page,
}) => {
  test.slow();
  await login(page, DEMO.free, 'DispensingPharmacy');
  // One prescription of the free demo store two days ago: within 過去7日間.
  const day = new Date(Date.now() + 9 * 3600_000 - 2 * 86_400_000).toISOString().slice(0, 10);
  await uploadAsStore(
    page,
    '2001',
    `free-${day}.csv`,
    dispensingCsv([
      {
        pharmacy_code: '4041200016',
        dispensing_date: day,
        reception_time: '11:00',
        reception_id: `FREE${day.replaceAll('-', '')}`,
        prescription_no: 1,
        patient_id: 'FREE-P1',
        insurance_type: '国保',
        reception_type: '外来',
        institution_code: '4019900099',
        institution_name: 'フリー内科',
        line_type: 'FEE',
        code: '120000110',
        name: '調剤基本料',
        category: '調剤基本料',
        points: 45,
        count: 1,
      },
    ]),
  );
  await page.reload();
  const view = analysisPage(page);
  const row = view.grid.getByRole('row', { name: /みどり薬局 小倉駅前店/ });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(2)).toHaveText(/450/);

  const menu = await openPeriodMenu(page);
  await periodMenu(page).preset.click();
  const offered = await page.getByRole('option').allTextContents();
  expect(offered).toEqual(['今月', '先月', '過去7日間', '過去30日間', '過去90日間', 'カスタム']);
  await page.getByRole('option', { name: 'カスタム' }).click();
  const old = new Date(Date.now() + 9 * 3600_000);
  old.setUTCMonth(old.getUTCMonth() - 4);
  await typeDate(page, periodMenu(page).from, old.toISOString().slice(0, 10));
  await expect(menu.getByText(/^フリープランでは.+より前の期間は選択できません$/)).toBeVisible();
  await expect(periodMenu(page).apply).toBeDisabled();
});

// Two halves, one per worker; each opens its pages from the main menu as a user would.
const HALF = Math.ceil(ANALYSIS_PAGES.length / 2);
for (const [part, pages] of [ANALYSIS_PAGES.slice(0, HALF), ANALYSIS_PAGES.slice(HALF)].entries()) {
  test(`every analysis route draws its panels without a console error (${part + 1}/2)`, async ({
    page,
  }) => {
    test.slow();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    await login(page, DEMO.admin, 'Dashboard');
    await sendAnalysisFile(page);
    for (const def of pages) {
      const title = route(def.route).title!;
      await mainMenu(page).getByRole('link', { name: title, exact: true }).click();
      await expect(page).toHaveURL(routeUrl(def.route));
      await expect(page).toHaveTitle(pageTitle(title));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      const view = analysisPage(page);
      await expect(view.metric).toHaveText(metricBySlug(def.defaultMetric)!.label);
      for (const panel of [view.top, view.trend, view.table]) {
        await expect(panel).toHaveAttribute('aria-busy', 'false');
      }
      await expect(view.table.getByText(MESSAGES.noData).or(view.grid)).toBeVisible();
    }
    expect(errors).toEqual([]);
  });
}
