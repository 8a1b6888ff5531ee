import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  acquisitionRate,
  formatAcquisitionRate,
  formatNumber,
  halfMeshBounds,
  halfMeshCode,
  EXPORT_TEXTS,
  MAP_DEFAULT_ZOOM,
  MARKET_SHARE_AGE_BANDS,
  MESSAGES,
  periodText,
  presetRange,
  roundCoordinate,
  routePath,
  todayInJapan,
  type DateRange,
  type MarketShareResponse,
  type MeshEstimate,
} from '@pharmalytics/domain';
import { choosePreset, periodMenu, typeDate } from './dashboard.ts';
import { DEMO, login } from './helpers.ts';
import { dispensingCsv, uploadAsStore, type CsvLine } from './uploads.ts';

/**
 * The acquisition-rate map with a hand-made upload of the advanced demo store 1001 (天神店):
 * within the last 90 days, patient A (born 1955-02, two sheets) and B (no birth month) live in
 * 天神一丁目, C (born 1990-07, a sheet 60 days ago) in 天神二丁目. Their 1/2 meshes are worked
 * out here from the offline geocoder's point of each town, as ingestion does.
 */
const STORE = { code: '1001', name: 'はかた薬局 天神店', pharmacyCode: '4041100018' } as const;
const TOWNS = { tenjin1: '福岡市中央区天神1丁目', tenjin2: '福岡市中央区天神2丁目' } as const;
const FUKUOKA = 40;

/**
 * The dataset's month, July 2025: no other test of the demo corporation reads it (the dashboard
 * tests expect their recent periods empty), so the figures below are the dataset's alone.
 */
const MONTH = '2025-07';
const day = (d: number) => `${MONTH}-${String(d).padStart(2, '0')}`;
const DATASET_PERIOD = { from: day(1), to: day(31) };

function sheet(id: string, date: string, patient: CsvLine): CsvLine {
  return {
    pharmacy_code: STORE.pharmacyCode,
    dispensing_date: date,
    reception_time: '10:00',
    reception_id: `MSE2E-${id}`,
    prescription_no: 1,
    insurance_type: '社保',
    reception_type: '外来',
    visit_type: '再来',
    institution_code: '4019900501',
    institution_name: '天神テスト内科',
    department: '内科',
    line_type: 'FEE',
    code: '120000110',
    name: '調剤基本料',
    category: '調剤基本料',
    points: 45,
    count: 1,
    ...patient,
  };
}

function marketShareFile(): string {
  const a = { patient_id: 'MSE2E-A', patient_birth_month: '1955-02' };
  const b = { patient_id: 'MSE2E-B' };
  const c = { patient_id: 'MSE2E-C', patient_birth_month: '1990-07' };
  const home = (town: string) => ({ patient_address: `福岡県${town}` });
  return dispensingCsv([
    sheet('A1', day(15), { ...a, ...home(TOWNS.tenjin1) }),
    sheet('A2', day(16), { ...a, ...home(TOWNS.tenjin1) }),
    sheet('B1', day(17), { ...b, ...home(TOWNS.tenjin1) }),
    sheet('C1', day(20), { ...c, ...home(TOWNS.tenjin2) }),
  ]);
}

/** The 1/2 mesh ingestion gives a town: the geocoder's point, rounded to about 100 m. */
async function meshOfTown(page: Page, town: string): Promise<string> {
  const query = new URLSearchParams({ prefectureId: String(FUKUOKA), city: town });
  const point = (await (await page.request.get(`/v3/geocoding/address?${query}`)).json()) as {
    latitude: number;
    longitude: number;
    level: string;
  };
  expect(point.level).toBe('town');
  return halfMeshCode(roundCoordinate(point.latitude), roundCoordinate(point.longitude));
}

async function fetchAnswer(page: Page, period: DateRange): Promise<MarketShareResponse> {
  const query = new URLSearchParams({ ...period, store_code: STORE.code });
  const reply = await page.request.get(`/v3/market_share/?${query}`);
  expect(reply.status()).toBe(200);
  return (await reply.json()) as MarketShareResponse;
}

function view(page: Page) {
  const conditions = page.getByRole('group', { name: '表示条件' });
  const table = page.getByRole('region', { name: '選択エリア別獲得率' });
  const map = page.getByTestId('analysis-map');
  return {
    conditions,
    period: page.getByTestId('condition-period'),
    periodButton: conditions.getByRole('button', { name: /^期間:/ }),
    store: conditions.getByRole('combobox', { name: /^店舗選択/ }),
    branch: page.getByTestId('market-share-branch'),
    summary: page.getByTestId('market-share-summary'),
    map,
    canvas: map.locator('canvas.maplibregl-canvas'),
    drawn: map.locator('[data-drawn-meshes]'),
    settings: page.getByRole('complementary', { name: '表示設定' }),
    table,
    openAll: table.getByRole('switch', { name: 'すべて開く' }),
    csv: table.getByRole('button', { name: 'CSV出力' }),
    xlsx: table.getByRole('button', { name: EXPORT_TEXTS.xlsxButton }),
  };
}

/** Applies a custom period typed by hand. */
async function applyPeriod(page: Page, v: ReturnType<typeof view>, range: DateRange) {
  await v.periodButton.click();
  await choosePreset(page, 'カスタム');
  await typeDate(page, periodMenu(page).from, range.from);
  await typeDate(page, periodMenu(page).to, range.to);
  await periodMenu(page).apply.click();
  await expect(v.period).toHaveText(periodText(range));
}

async function chooseStore(page: Page, name: string): Promise<void> {
  await view(page).store.click();
  await page.getByRole('option', { name, exact: true }).click();
}

/** Meshes the map has drawn, as its idle count says. */
function drawnCount(page: Page, attribute = 'data-drawn-meshes') {
  return async () => Number(await view(page).drawn.getAttribute(attribute));
}

/** The table's body rows, each as the texts of its cells. */
function tableRows(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll('td, th')].map((c) => c.textContent?.trim() ?? ''),
      ),
    );
}

/** A 1/2 mesh's height and width in degrees (15″ × 22.5″). */
const LAT_STEP = 15 / 3600;
const LNG_STEP = 22.5 / 3600;

/** Web Mercator as MapLibre draws it: 512-pixel world tiles. */
function project(latitude: number, longitude: number, zoom: number) {
  const size = 512 * 2 ** zoom;
  const sin = Math.sin((latitude * Math.PI) / 180);
  return {
    x: ((longitude + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

/** Where a mesh's centre is on the map, which opened centred on the store. */
async function meshPosition(page: Page, centre: { lat: number; lng: number }, meshCode: string) {
  const { canvas, drawn } = view(page);
  const box = (await canvas.boundingBox())!;
  const zoom = Number(await drawn.getAttribute('data-zoom'));
  const b = halfMeshBounds(meshCode);
  const origin = project(centre.lat, centre.lng, zoom);
  const point = project((b.south + b.north) / 2, (b.west + b.east) / 2, zoom);
  return {
    x: box.width / 2 + point.x - origin.x,
    y: box.height / 2 + point.y - origin.y,
    width: box.width,
    height: box.height,
  };
}

/** Clicks the centre of a mesh on the map. */
async function clickMesh(page: Page, centre: { lat: number; lng: number }, meshCode: string) {
  const { x, y, width, height } = await meshPosition(page, centre, meshCode);
  expect(x).toBeGreaterThan(0);
  expect(x).toBeLessThan(width);
  expect(y).toBeGreaterThan(0);
  expect(y).toBeLessThan(height);
  await view(page).canvas.click({ position: { x, y } });
}

/** A mesh well inside the map (away from its controls and legend) that the answer lacks. */
async function meshOutside(page: Page, centre: { lat: number; lng: number }, answered: string[]) {
  const MARGIN = 120;
  for (let row = -12; row <= 12; row++) {
    for (let column = -12; column <= 12; column++) {
      const code = halfMeshCode(centre.lat + row * LAT_STEP, centre.lng + column * LNG_STEP);
      if (answered.includes(code)) continue;
      const { x, y, width, height } = await meshPosition(page, centre, code);
      if (x > MARGIN && x < width - MARGIN && y > MARGIN && y < height - MARGIN) return code;
    }
  }
  return undefined;
}

const persons = (n: number) => `${formatNumber(n, 0)}人`;

/** A 合計 row as the table shows it. */
function totalRow(number: number, mesh: Pick<MeshEstimate, 'meshCode' | 'count' | 'estimate'>) {
  return [
    String(number),
    mesh.meshCode,
    '合計',
    formatAcquisitionRate(acquisitionRate(mesh.count, mesh.estimate)),
    formatNumber(mesh.count, 0),
    formatNumber(mesh.estimate, 0),
    '',
  ];
}

test('opens on the last 90 days asking for a store, without loading MapLibre', async ({ page }) => {
  const mapLibre: string[] = [];
  page.on('request', (request) => {
    if (/maplibre-gl/.test(request.url())) mapLibre.push(request.url());
  });
  await login(page, DEMO.admin, 'Dashboard');
  await page.goto(routePath('MarketShare'));
  const v = view(page);
  await expect(page.getByRole('heading', { level: 1, name: '患者獲得率分布マップ' })).toBeVisible();
  await expect(v.period).toHaveText(periodText(presetRange('last90Days', todayInJapan())));
  await expect(v.periodButton).toContainText('過去90日間');
  await expect(v.store).toHaveText('選択してください');
  await expect(v.branch).toHaveText(MESSAGES.selectStore);
  await expect(v.map).toHaveCount(0);
  await expect(v.table.getByText(MESSAGES.noData)).toBeVisible();
  await expect(v.csv).toBeDisabled();
  await expect(v.xlsx).toBeDisabled();
  // Neither the sign-in, the dashboard nor this page without a store needed the map library.
  expect(mapLibre).toEqual([]);

  // The period menu of this screen has no time axis.
  await v.periodButton.click();
  await expect(periodMenu(page).menu).toBeVisible();
  await expect(periodMenu(page).menu.getByRole('radio')).toHaveCount(0);
  await periodMenu(page).cancel.click();
});

test('meshes are drawn and chosen by click; the table, its ages, CSV, Excel and the settings follow', async ({
  page,
}) => {
  test.slow();
  // Browser tests have no tile server: the map draws on the bundled outlines.
  await page.route(/cyberjapandata\.gsi\.go\.jp/, (route) => route.abort());
  const period = DATASET_PERIOD;
  await login(page, DEMO.admin, 'Dashboard');
  await uploadAsStore(page, STORE.code, 'market-share-e2e.csv', marketShareFile());
  const tenjin1 = await meshOfTown(page, TOWNS.tenjin1);
  const tenjin2 = await meshOfTown(page, TOWNS.tenjin2);
  expect(tenjin1).not.toBe(tenjin2);
  const answer = await fetchAnswer(page, period);
  const meshOf = (code: string) => answer.estimatedPatientCounts.find((m) => m.meshCode === code)!;
  expect(meshOf(tenjin1).count).toBe(2);
  expect(meshOf(tenjin2).count).toBe(1);
  const centre = { lat: answer.branches[0]!.latitude!, lng: answer.branches[0]!.longitude! };

  await page.goto(routePath('MarketShare'));
  const v = view(page);
  await chooseStore(page, STORE.name);
  await expect(v.branch).toHaveText(STORE.name);
  await applyPeriod(page, v, period);
  await expect(v.map).toBeVisible();
  await expect(v.drawn).toHaveAttribute('data-zoom', MAP_DEFAULT_ZOOM.toFixed(2));
  // The rendered map holds mesh rectangles (counted from MapLibre's rendered features).
  await expect.poll(drawnCount(page)).toBeGreaterThan(0);
  await expect(page.getByTestId('market-share-legend-max')).toHaveText(
    formatAcquisitionRate(answer.maxMesh!.estimateRate),
  );
  await expect(v.summary).toContainText('獲得率-');

  // Two meshes, numbered in order of selection on the map and in the table.
  await clickMesh(page, centre, tenjin1);
  await clickMesh(page, centre, tenjin2);
  await expect(v.map.locator(`[data-mesh-number="1"][data-mesh-code="${tenjin1}"]`)).toBeVisible();
  await expect(v.map.locator(`[data-mesh-number="2"][data-mesh-code="${tenjin2}"]`)).toBeVisible();
  await expect.poll(drawnCount(page, 'data-drawn-selected-meshes')).toBe(2);
  await expect
    .poll(() => tableRows(v.table))
    .toEqual([totalRow(1, meshOf(tenjin1)), totalRow(2, meshOf(tenjin2))]);
  const sum = {
    count: meshOf(tenjin1).count + meshOf(tenjin2).count,
    estimate: meshOf(tenjin1).estimate + meshOf(tenjin2).estimate,
  };
  await expect(v.summary).toContainText(`獲得患者数${persons(3)}`);
  await expect(v.summary).toContainText(`推計患者数${persons(sum.estimate)}`);
  await expect(v.summary).toContainText(
    `獲得率${formatAcquisitionRate(acquisitionRate(sum.count, sum.estimate))}`,
  );

  // The first mesh's age bands: A in 70～79, B (no birth month) in 不明.
  const expand = v.table.getByRole('button', {
    name: `選択番号1（エリアID ${tenjin1}）の年代別を開く`,
  });
  await expand.click();
  const firstBody = v.table.locator(`tbody[data-mesh-code="${tenjin1}"]`);
  const ages = firstBody.locator('tr[data-age-band]');
  await expect(ages).toHaveCount(MARKET_SHARE_AGE_BANDS.length);
  await expect(ages.first()).toContainText('0～9');
  const band = (name: string) => meshOf(tenjin1).details.find((d) => d.ageRangeName === name)!;
  await expect(firstBody.locator('tr[data-age-band="70～79"] td').nth(4)).toHaveText('1');
  await expect(firstBody.locator('tr[data-age-band="70～79"] td').nth(5)).toHaveText(
    formatNumber(band('70～79').estimate, 0),
  );
  await expect(firstBody.locator('tr[data-age-band="不明"] td').nth(3)).toHaveText('-');
  await expect(firstBody.locator('tr[data-age-band="不明"] td').nth(4)).toHaveText('1');
  await expect(v.openAll).not.toBeChecked();

  // すべて開く opens both meshes, and closes them again.
  await v.openAll.check();
  await expect(v.table.locator('tr[data-age-band]')).toHaveCount(2 * MARKET_SHARE_AGE_BANDS.length);
  await expect(
    v.table.getByRole('button', { name: `選択番号2（エリアID ${tenjin2}）の年代別を閉じる` }),
  ).toHaveAttribute('aria-expanded', 'true');
  await v.openAll.uncheck();
  await expect(v.table.locator('tr[data-age-band]')).toHaveCount(0);

  // The CSV holds the whole table, every age band: text quoted, numbers bare, CRLF, UTF-8 with BOM.
  const download = page.waitForEvent('download');
  await v.csv.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('患者獲得率.csv');
  const text = (await readFile(await file.path())).toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  const lines = text.slice(1).split('\r\n').slice(0, -1);
  expect(lines).toHaveLength(1 + 2 * (1 + MARKET_SHARE_AGE_BANDS.length));
  expect(lines[0]).toBe('"選択番号","エリアID","年代","獲得率","獲得患者数","推計患者数"');
  const t1 = meshOf(tenjin1);
  expect(lines[1]).toBe(
    `1,"${tenjin1}","合計",${acquisitionRate(t1.count, t1.estimate)},2,${t1.estimate}`,
  );
  expect(lines).toContain(`1,"${tenjin1}","不明","-",1,0`);
  expect(lines[1 + 1 + MARKET_SHARE_AGE_BANDS.length]).toMatch(
    new RegExp(`^2,"${tenjin2}","合計",[0-9.]+,1,[0-9]+$`),
  );

  // The same table as the server's workbook, named by the table and the period.
  const workbookDownload = page.waitForEvent('download', { timeout: 90_000 });
  await v.xlsx.click();
  const workbook = await workbookDownload;
  expect(workbook.suggestedFilename()).toBe(
    `Pharmalytics_患者獲得率_${period.from}_${period.to}.xlsx`,
  );
  // An XLSX file is a ZIP archive.
  const bytes = await readFile(await workbook.path());
  expect(bytes.subarray(0, 4).equals(Buffer.from('PK\u0003\u0004', 'latin1'))).toBe(true);

  // Out to zoom 13, where every mesh is drawn: a mesh the answer does not hold (Hakata Bay,
  // beyond the trade area) gets its own estimate call, count 0, and number 3.
  for (const zoom of ['14.00', '13.00']) {
    await v.map.getByRole('button', { name: /縮小|Zoom out/ }).click();
    await expect(v.drawn).toHaveAttribute('data-zoom', zoom);
  }
  await expect(v.map.locator('[data-mesh-number]')).toHaveCount(2);
  const outside = await meshOutside(
    page,
    centre,
    answer.estimatedPatientCounts.map((m) => m.meshCode),
  );
  expect(outside).toBeDefined();
  const estimateCall = page.waitForRequest((r) => r.url().includes('/v3/estimate_count/'));
  await clickMesh(page, centre, outside!);
  expect(new URL((await estimateCall).url()).searchParams.get('mesh_code')).toBe(outside);
  const own = (await (
    await page.request.get(
      `/v3/estimate_count/?${new URLSearchParams({ ...period, mesh_code: outside! })}`,
    )
  ).json()) as MeshEstimate[];
  expect(own[0]!.count).toBe(0);
  await expect.poll(async () => (await tableRows(v.table))[2]).toEqual(totalRow(3, own[0]!));
  await expect(v.map.locator(`[data-mesh-number="3"][data-mesh-code="${outside}"]`)).toBeVisible();
  // A second click takes it out again.
  await clickMesh(page, centre, outside!);
  await expect.poll(async () => (await tableRows(v.table)).length).toBe(2);
  await expect(v.map.locator('[data-mesh-number]')).toHaveCount(2);

  // A shorter period reloads the figures and keeps the selection: C's sheet was on the 20th.
  await applyPeriod(page, v, { from: day(1), to: day(17) });
  await expect
    .poll(async () => (await tableRows(v.table)).map((r) => [r[1], r[4]]))
    .toEqual([
      [tenjin1, '2'],
      [tenjin2, '0'],
    ]);

  // Unticking 獲得率 removes the rectangles and their numbers.
  await v.settings.getByRole('checkbox', { name: '獲得率' }).uncheck();
  await expect.poll(drawnCount(page)).toBe(0);
  await expect(v.map.locator('[data-mesh-number]')).toHaveCount(0);
  await v.settings.getByRole('checkbox', { name: '獲得率' }).check();
  await expect.poll(drawnCount(page)).toBeGreaterThan(0);

  // The settings panel closes and opens from the keyboard.
  const toggle = v.settings.getByRole('button', { name: '表示設定を閉じる' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(v.settings.getByRole('button', { name: '表示設定を開く' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );

  // Another store clears the selection.
  await chooseStore(page, 'はかた薬局 薬院店');
  await expect(v.branch).toHaveText('はかた薬局 薬院店');
  await expect(v.table.getByText(MESSAGES.noData)).toBeVisible();
});
