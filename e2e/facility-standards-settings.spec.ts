import { expect, test, type Page } from '@playwright/test';
import { HISTORY_INSTITUTIONS } from '@pharmalytics/datagen';
import {
  BUILDING_INSTITUTIONS_MAX,
  BUILDING_NAME_LABEL,
  BUILDING_NAME_MAX,
  FACILITY_MEASURE_MESSAGES,
  FACILITY_MEASURES,
  FACILITY_SETTINGS_LABELS,
  FACILITY_SETTINGS_MESSAGES,
  FACILITY_SETTINGS_NOTICES,
  HEADER_NAMES,
  route,
  routePath,
  V,
} from '@pharmalytics/domain';
import { facilityCorporation } from './facility-corporation.ts';
import { csrfHeaders } from './accounts.ts';
import { expectAccessible } from './axe.ts';
import {
  addMember,
  signIn,
  snackbar,
  type FreshCorporation,
  type FreshMember,
} from './settings.ts';

// The settings change what the judgement computes, so they are made on a corporation of the
// tests' own, never on the demo corporation the other specs read. The tests share it: one at a
// time.
test.describe.configure({ mode: 'serial' });

const STORE_NAME = '施設基準テスト薬局';
/** The institution of the store's prescriptions. */
const INSTITUTION = {
  code: HISTORY_INSTITUTIONS.A[0],
  name: HISTORY_INSTITUTIONS.A[1],
};

let corporation: FreshCorporation;
let storeCode: string;
let member: FreshMember;

test.beforeAll(async ({ browser }, testInfo) => {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  ({ corporation, storeCode } = facilityCorporation('settings'));
  await signIn(page, corporation.email);
  member = await addMember(page, 'user', '施設 一般');
  await context.close();
});

async function openSettings(page: Page) {
  await signIn(page, corporation.email);
  await page.goto(routePath('FacilityStandardsSettings'));
  await expect(
    page.getByRole('heading', { level: 1, name: route('FacilityStandardsSettings').title }),
  ).toBeVisible();
}

const codes = (count: number) =>
  Array.from({ length: count }, (_, i) => String(4011000000 + i)).join(',');

test('a building: every message of its form, added, listed, deleted', async ({ page }) => {
  test.slow();
  await openSettings(page);
  const form = page.getByRole('form', { name: '同一建物の医療機関' });
  const name = form.getByLabel(BUILDING_NAME_LABEL);
  const institutions = form.getByLabel(FACILITY_SETTINGS_LABELS.institutionCodes);
  const save = form.getByRole('button', { name: '建物を保存' });
  await expect(page.getByText('登録されている建物はありません。')).toBeVisible();

  await save.click();
  await expect(form.getByText(V.namedRequired(BUILDING_NAME_LABEL))).toBeVisible();
  await expect(form.getByText(FACILITY_MEASURE_MESSAGES.institutionRequired)).toBeVisible();

  await name.fill('あ'.repeat(BUILDING_NAME_MAX + 1));
  await institutions.fill('123,');
  await save.click();
  await expect(form.getByText(V.maxLength(BUILDING_NAME_LABEL, BUILDING_NAME_MAX))).toBeVisible();
  await expect(form.getByText(FACILITY_MEASURE_MESSAGES.institutionCode)).toBeVisible();

  await page.reload();
  await institutions.fill(`${codes(BUILDING_INSTITUTIONS_MAX + 1)},`);
  await save.click();
  await expect(form.getByText(FACILITY_MEASURE_MESSAGES.institutionsMax)).toBeVisible();

  await page.reload();
  await name.fill('天神メディカルビル');
  // An institution the store received prescriptions from is chosen by its name; codes of others
  // are typed, and the last is taken when the field loses the focus.
  await institutions.fill('天神内科');
  await page.getByRole('option', { name: `${INSTITUTION.name}（${INSTITUTION.code}）` }).click();
  await institutions.fill('4011000001、4011000002');
  await save.click();
  await expect(snackbar(page, FACILITY_SETTINGS_NOTICES.buildingSaved)).toBeVisible();
  const list = page.getByRole('table', { name: '同一建物の医療機関' });
  const row = list.getByRole('row', { name: /天神メディカルビル/ });
  await expect(row).toContainText(`${INSTITUTION.name}（${INSTITUTION.code}）`);
  await expect(row).toContainText('4011000001');
  await expect(row).toContainText('4011000002');
  await expect(name).toHaveValue('');

  await page.reload();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: '天神メディカルビルを削除' }).click();
  const dialog = page.getByRole('dialog', { name: '建物の削除' });
  await expect(dialog).toContainText('天神メディカルビル');
  await expectAccessible(page, 'FacilityStandardsSettings building delete dialog');
  await dialog.getByRole('button', { name: '削除する' }).click();
  await expect(snackbar(page, FACILITY_SETTINGS_NOTICES.buildingDeleted)).toBeVisible();
  await expect(page.getByText('登録されている建物はありません。')).toBeVisible();
});

test('a figure of the group outside Pharmalytics: messages, added, deleted', async ({ page }) => {
  await openSettings(page);
  const form = page.getByRole('form', { name: 'グループの他店舗（Pharmalytics 未導入）' });
  const add = form.getByRole('button', { name: '追加する' });
  await form.getByLabel(FACILITY_SETTINGS_LABELS.effectiveMonth).fill('2026/04');
  await form.getByLabel(FACILITY_SETTINGS_LABELS.receptionsPerMonth).fill('-1');
  await form.getByLabel(FACILITY_SETTINGS_LABELS.storeCount).fill('100001');
  await add.click();
  await expect(form.getByText(FACILITY_MEASURE_MESSAGES.month)).toBeVisible();
  await expect(form.getByText(FACILITY_MEASURE_MESSAGES.receptions)).toBeVisible();
  await expect(form.getByText(FACILITY_MEASURE_MESSAGES.storeCount)).toBeVisible();

  await form.getByLabel(FACILITY_SETTINGS_LABELS.effectiveMonth).fill('2026-04');
  await form.getByLabel(FACILITY_SETTINGS_LABELS.receptionsPerMonth).fill('1200');
  await form.getByLabel(FACILITY_SETTINGS_LABELS.storeCount).fill('5');
  await add.click();
  await expect(snackbar(page, FACILITY_SETTINGS_NOTICES.outsideStoresSaved)).toBeVisible();
  const row = page
    .getByRole('table', { name: 'グループの他店舗（Pharmalytics 未導入）' })
    .getByRole('row', { name: /2026-04/ });
  await expect(row).toContainText('1,200回/月');
  await expect(row).toContainText('5店舗');

  await row.getByRole('button', { name: '2026-04を削除' }).click();
  const dialog = page.getByRole('dialog', { name: 'グループの他店舗の数値の削除' });
  await dialog.getByRole('button', { name: '削除する' }).click();
  await expect(snackbar(page, FACILITY_SETTINGS_NOTICES.outsideStoresDeleted)).toBeVisible();
  await expect(page.getByText('登録されている数値はありません。')).toBeVisible();
});

test('a store fact is saved for the store and kept after a reload', async ({ page }) => {
  await openSettings(page);
  const form = page.getByRole('form', { name: STORE_NAME });
  await expect(form).toContainText(storeCode);
  await expect(form.getByText('標準の前提（未設定）')).toBeVisible();
  const save = form.getByRole('button', { name: `${STORE_NAME}の前提条件を保存` });
  await expect(save).toBeDisabled();
  const lease = form.getByLabel(FACILITY_MEASURES.real_estate_lease.label);
  await expect(form.getByLabel(FACILITY_MEASURES.basic_fee_notified.label)).toBeChecked();
  await expect(lease).not.toBeChecked();
  await lease.check();
  await save.click();
  await expect(snackbar(page, FACILITY_SETTINGS_NOTICES.storeFactsSaved(STORE_NAME))).toBeVisible();
  await expect(save).toBeDisabled();

  await page.reload();
  await expect(form.getByLabel(FACILITY_MEASURES.real_estate_lease.label)).toBeChecked();
  await expect(form.getByText('標準の前提（未設定）')).toHaveCount(0);
});

test('a saved store fact changes the judgement the 施設基準 page shows at once', async ({
  page,
}) => {
  await signIn(page, corporation.email);
  await page.goto(routePath('FacilityStandards'));
  const card = page.getByTestId('facility-store-card');
  await expect(card).toContainText('調剤基本料1');
  await expect(card).not.toContainText('特別調剤基本料A');

  // Every prescription comes from one institution: with a special relationship it is 特別A.
  await page.getByRole('link', { name: route('FacilityStandardsSettings').title }).click();
  const form = page.getByRole('form', { name: STORE_NAME });
  await form.getByLabel(FACILITY_MEASURES.special_relationship.label).check();
  await form.getByRole('button', { name: `${STORE_NAME}の前提条件を保存` }).click();
  await expect(snackbar(page, FACILITY_SETTINGS_NOTICES.storeFactsSaved(STORE_NAME))).toBeVisible();

  await page.goBack();
  await expect(card).toContainText('特別調剤基本料A');
});

test('the notice distances: the messages of invalid values, then saved', async ({ page }) => {
  await openSettings(page);
  const form = page.getByRole('form', { name: '通知の設定' });
  const receptions = form.getByLabel(FACILITY_SETTINGS_LABELS.receptionsMargin);
  const rate = form.getByLabel(FACILITY_SETTINGS_LABELS.rateMargin);
  const save = form.getByRole('button', { name: '保存', exact: true });
  await expect(receptions).toHaveValue('100');
  await expect(rate).toHaveValue('2');

  await receptions.fill('1.5');
  await rate.fill('2.55');
  await save.click();
  await expect(form.getByText(FACILITY_SETTINGS_MESSAGES.receptionsMargin)).toBeVisible();
  await expect(form.getByText(FACILITY_SETTINGS_MESSAGES.rateMargin)).toBeVisible();

  await receptions.fill('150');
  await rate.fill('1.5');
  await save.click();
  await expect(snackbar(page, FACILITY_SETTINGS_NOTICES.alertSettingsSaved)).toBeVisible();
  await page.reload();
  await expect(receptions).toHaveValue('150');
  await expect(rate).toHaveValue('1.5');
});

test('a member who is not an administrator cannot open the page', async ({ page }) => {
  await signIn(page, member.email);
  await page.goto(routePath('FacilityStandardsSettings'));
  await expect(page.getByRole('heading', { name: route('NotFound').title! })).toBeVisible();
  // Nor write through the API.
  const refused = await page.request.put('/v3/facility_standards/alert_settings', {
    headers: { ...(await csrfHeaders(page.request)), [HEADER_NAMES.pageUrl]: page.url() },
    data: { receptionsMargin: 1, rateMargin: 1 },
  });
  expect(refused.status()).toBe(403);
});
