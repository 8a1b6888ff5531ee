import { expect, test, type Page } from '@playwright/test';
import {
  AGE_BANDS,
  categoryRankLabel,
  MESSAGES,
  OTHER_CATEGORY_LABEL,
  routePath,
} from '@pharmalytics/domain';
import { csrfHeaders } from './accounts.ts';
import { ANALYSIS_PERIOD, sendAnalysisFile } from './analysis-data.ts';
import { applyCustomPeriod } from './analysis.ts';
import { DEMO, login } from './helpers.ts';
import { blockTiles, chooseOnlyStore, drawnCount, expectDrawn, mapScreen } from './maps.ts';

test.describe.configure({ mode: 'parallel' });

/** The demo facilities load just after the server starts: waits until they are there. */
async function facilitiesLoaded(page: Page) {
  const around1001 = new URLSearchParams({
    type: 'clinic',
    north_east_lat: '33.6',
    north_east_lng: '130.41',
    south_west_lat: '33.58',
    south_west_lng: '130.39',
  });
  await expect
    .poll(async () => {
      const reply = await page.request.get(`/v3/facility_masters?${around1001}`);
      return ((await reply.json()) as { items: unknown[] }).items.length;
    })
    .toBeGreaterThan(0);
}

/** Opens the distribution map of store 1001 over the analysis dataset's two months. */
async function showDatasetMap(page: Page) {
  await blockTiles(page);
  await login(page, DEMO.admin, 'Dashboard');
  await sendAnalysisFile(page);
  await facilitiesLoaded(page);
  await page.goto(routePath('PatientDistribution'));
  await chooseOnlyStore(page, 'はかた薬局 天神店');
  const call = page.waitForRequest(/\/v3\/patient_distribution\?/);
  await applyCustomPeriod(page, ANALYSIS_PERIOD, '月次');
  const query = new URL((await call).url()).searchParams;
  return { screen: mapScreen(page), query };
}

test('the dataset’s patients, the store and the facilities are drawn without a tile server', async ({
  page,
}) => {
  test.slow();
  const { screen, query } = await showDatasetMap(page);
  expect(Object.fromEntries(query)).toEqual({
    from: ANALYSIS_PERIOD.from,
    to: ANALYSIS_PERIOD.to,
    periodCode: '2',
    storeCodes: '1001',
    addressCategory: '2',
  });
  const { map } = screen;
  // Out one step, so that both towns of the dataset (天神, 博多駅前) are in view: the map has drawn
  // its outlines and all twelve patients with an address (the thirteenth has none).
  await screen.zoomOut.click();
  await expectDrawn(map, 'data-drawn-patients', 12);
  expect(await drawnCount(map, 'data-drawn-outlines')).toBeGreaterThan(0);
  await expect(map.getByRole('img', { name: '自店舗: はかた薬局 天神店' })).toBeVisible();

  // Twelve clinics of one patient each: nine by name, then その他 with the other three.
  const legend = page.getByRole('region', { name: '患者の分類の凡例' });
  const items = legend.getByRole('button');
  await expect(items).toHaveCount(10);
  await expect(items.last()).toHaveText(categoryRankLabel(OTHER_CATEGORY_LABEL, 3));
  await expect(items.first()).toHaveText(/（1）$/);
  await items.first().click();
  await expect(items.first()).toHaveAttribute('aria-pressed', 'true');
  await items.first().click();
  await expect(items.first()).toHaveAttribute('aria-pressed', 'false');

  // The demo facility master around the store: markers drawn, one opens its card and closes.
  await expect.poll(() => drawnCount(map, 'data-drawn-facilities')).toBeGreaterThan(0);
  const [x, y] = (await map.locator('[data-first-facility]').getAttribute('data-first-facility'))!
    .split(',')
    .map(Number);
  await map.locator('canvas').click({ position: { x: x!, y: y! } });
  const card = map.getByTestId('facility-card');
  await expect(card).toBeVisible();
  await expect(card).toContainText(/人|ー/);
  await card.getByRole('button', { name: '閉じる' }).click();
  await expect(card).toBeHidden();

  // The zoom moved the map: searching the new area reloads the facilities, one type after
  // another; then the button waits for the next move.
  const facilityCalls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/v3/facility_masters') facilityCalls.push(url.searchParams.get('type')!);
  });
  await screen.searchArea.click();
  await expect.poll(() => facilityCalls).toEqual(['clinic', 'care', 'pharmacy']);
  await expect(screen.searchArea).toBeDisabled();
  const box = (await map.locator('canvas').boundingBox())!;
  await page.mouse.move(box.x + 300, box.y + 300);
  await page.mouse.down();
  await page.mouse.move(box.x + 150, box.y + 200, { steps: 8 });
  await page.mouse.up();
  await expect(screen.searchArea).toBeEnabled();

  // Unticking a marker type removes its markers at once.
  await screen.settings.getByRole('checkbox', { name: '患者' }).uncheck();
  await expectDrawn(map, 'data-drawn-patients', 0);
  await screen.settings.getByRole('checkbox', { name: '患者' }).check();
  await expectDrawn(map, 'data-drawn-patients', 12);
});

test('the patients’ category is applied from the settings panel', async ({ page }) => {
  test.slow();
  const { screen } = await showDatasetMap(page);
  const { settings } = screen;
  const apply = settings.getByRole('button', { name: '適用' });
  await expect(settings.getByRole('radio', { name: '医療機関' })).toBeChecked();
  await expect(apply).toBeDisabled();
  await settings.getByRole('radio', { name: '年代別' }).check();
  await expect(apply).toBeEnabled();
  // Only while the patients are shown.
  await settings.getByRole('checkbox', { name: '患者' }).uncheck();
  await expect(apply).toBeDisabled();
  await settings.getByRole('checkbox', { name: '患者' }).check();

  const call = page.waitForRequest(/\/v3\/patient_distribution\?/);
  await apply.click();
  expect(new URL((await call).url()).searchParams.get('addressCategory')).toBe('4');
  await expect(apply).toBeDisabled();
  // Patient i is 7·i years old: bands in band order, none folded into その他.
  const items = page.getByRole('region', { name: '患者の分類の凡例' }).getByRole('button');
  const expected = [1, 1, 2, 1, 2, 1, 1, 2, 1].map((count, band) =>
    categoryRankLabel(AGE_BANDS[band]!, count),
  );
  await expect(items).toHaveText(expected);

  // The settings panel closes and opens again from its toggle, by keyboard.
  const patients = settings.getByRole('checkbox', { name: '患者' });
  await screen.settingsToggle.press('Enter');
  await expect(screen.settingsToggle).toHaveAccessibleName('表示設定を開く');
  await expect(patients).toBeHidden();
  await screen.settingsToggle.press('Enter');
  await expect(screen.settingsToggle).toHaveAttribute('aria-expanded', 'true');
  await expect(patients).toBeVisible();
});

/** The store form's fields of a store as GET /v3/branches/:code shows it (empty ones left out). */
function formFields(store: Record<string, unknown>) {
  const fields = [
    'name',
    'zipCode',
    'city',
    'block',
    'buildingName',
    'insuranceInstitutionCode',
    'managementPharmacistName',
    'tel',
  ];
  return {
    ...Object.fromEntries(fields.filter((f) => store[f] != null).map((f) => [f, store[f]])),
    prefectureId: (store.prefecture as { id: number }).id,
  };
}

test.describe('a store without an address', () => {
  const STORE = '1009';
  let saved: Record<string, unknown> | null = null;

  async function setCoordinates(page: Page, coordinates: { latitude: number; longitude: number }) {
    const store = (await (await page.request.get(`/v3/branches/${STORE}`)).json()) as Record<
      string,
      unknown
    >;
    saved ??= store;
    const reply = await page.request.put(`/v3/branches/${STORE}`, {
      headers: await csrfHeaders(page.request),
      data: { ...formFields(store), ...coordinates },
    });
    expect(reply.status(), await reply.text()).toBe(200);
  }

  test.afterEach(async ({ page }) => {
    if (saved) {
      await setCoordinates(page, {
        latitude: saved.latitude as number,
        longitude: saved.longitude as number,
      });
    }
  });

  test('both maps give way to the notice to register it', async ({ page }) => {
    await blockTiles(page);
    await login(page, DEMO.admin, 'Dashboard');
    // Zero is how an address that was never registered came from older systems.
    await setCoordinates(page, { latitude: 0, longitude: 0 });
    await page.goto(routePath('PatientDistribution'));
    await chooseOnlyStore(page, 'はかた薬局 箱崎店');
    await expect(
      page.getByRole('status').filter({ hasText: MESSAGES.distributionMapAddressMissing }),
    ).toBeVisible();
    await expect(mapScreen(page).map).toHaveCount(0);

    await page.goto(routePath('MarketShare'));
    await page
      .getByRole('group', { name: '表示条件' })
      .getByRole('combobox', { name: /^店舗選択/ })
      .click();
    await page.getByRole('option', { name: 'はかた薬局 箱崎店', exact: true }).click();
    await expect(page.getByText(MESSAGES.marketShareAddressMissing)).toBeVisible();
    await expect(mapScreen(page).map).toHaveCount(0);
  });
});

test('MapLibre loads with the map screens only', async ({ page }) => {
  const maplibre: string[] = [];
  page.on('request', (r) => {
    if (/maplibre/.test(r.url())) maplibre.push(r.url());
  });
  await blockTiles(page);
  await login(page, DEMO.admin, 'Dashboard');
  await page.goto(routePath('Clinic'));
  await expect(page.getByRole('region', { name: '内訳' })).toBeVisible();
  expect(maplibre).toEqual([]);
  await page.goto(routePath('PatientDistribution'));
  // One store whose address no other test takes away (the test above clears 箱崎店's for a while).
  await chooseOnlyStore(page, 'はかた薬局 天神店');
  await expect(mapScreen(page).map).toBeVisible();
  expect(maplibre.length).toBeGreaterThan(0);
});
