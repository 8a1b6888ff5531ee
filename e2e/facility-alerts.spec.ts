import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_MEDICINES } from '@pharmalytics/datagen';
import {
  FACILITY_ALERT_TEXTS,
  FACILITY_SETTINGS_API_PATHS,
  routePath,
  shiftMonthBy,
  todayInJapan,
} from '@pharmalytics/domain';
import { csrfHeaders } from './accounts.ts';
import { DEMO, login } from './helpers.ts';
import { createCorporation, signIn } from './settings.ts';
import { dispensingCsv, uploadAsStore, type CsvLine } from './uploads.ts';

const HOME_CORPORATION = '100001';
const PHARMACY_CODE = '4049999998';
const GENERIC = DEMO_MEDICINES.find((m) => m.genericClass === 3)!;
const BRAND = DEMO_MEDICINES.find((m) => m.genericClass === 2)!;
const HISTORY_MONTHS = 15;

/**
 * One prescription a month for the fifteen months before this one: a generic share of 90 % in
 * the latest three months and the same three a year before, 10 % in the three months a year
 * before the coming ones. The store's generic tier is lost in the projection: a crossing alert.
 */
function genericShareDrop(): string {
  const thisMonth = todayInJapan().slice(0, 7);
  const lines = Array.from({ length: HISTORY_MONTHS }, (_, i): CsvLine[] => {
    const low = i >= 3 && i < 6;
    const common: CsvLine = {
      pharmacy_code: PHARMACY_CODE,
      dispensing_date: `${shiftMonthBy(thisMonth, i - HISTORY_MONTHS)}-10`,
      reception_time: '10:00',
      reception_id: `A${i}`,
      prescription_no: 1,
      patient_id: `P-A${i}`,
      insurance_type: '社保',
      reception_type: '外来',
      institution_code: '4011000011',
      institution_name: '天神内科クリニック',
    };
    const medicine = (m: typeof GENERIC, quantity: number): CsvLine => ({
      ...common,
      line_type: 'MEDICINE',
      code: m.yjCode,
      name: m.name,
      points: 10,
      count: 1,
      quantity,
      unit: m.unit,
    });
    return [
      {
        ...common,
        line_type: 'FEE',
        code: '120000110',
        name: '調剤基本料１',
        category: '調剤基本料',
        points: 45,
        count: 1,
      },
      medicine(GENERIC, low ? 10 : 90),
      medicine(BRAND, low ? 90 : 10),
    ];
  });
  return dispensingCsv(lines.flat());
}

/**
 * Puts a corporation on the basic plan: the system administrator switches to it, changes the
 * plan and switches back at once, on a browser of its own.
 */
async function upgradeToBasic(browser: Browser, corporationCode: string): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await login(page, DEMO.sysadmin, 'Dashboard');
    const cookie = (await context.cookies()).find((c) => c.name === 'pharmalytics_member')!;
    const member = JSON.parse(decodeURIComponent(cookie.value)) as { id: number };
    const switchTo = async (code: string) => {
      const reply = await page.request.put(`/v2/members/${member.id}/corporations`, {
        headers: await csrfHeaders(page.request),
        data: { corporationCode: code },
      });
      expect(reply.ok()).toBe(true);
    };
    await switchTo(corporationCode);
    try {
      const changed = await page.request.patch('/v2/corporations/service_plan', {
        headers: await csrfHeaders(page.request),
        data: { plan: 'basic' },
      });
      expect(changed.ok()).toBe(true);
    } finally {
      await switchTo(HOME_CORPORATION);
    }
  } finally {
    await context.close();
  }
}

const alertsLoaded = (page: Page) =>
  page.waitForResponse(
    (r) => r.url().endsWith(FACILITY_SETTINGS_API_PATHS.alerts) && r.request().method() === 'GET',
  );

test('an administrator sees a store’s 施設基準 alert on the dashboard and closes it for good', async ({
  page,
  browser,
}) => {
  const corporation = await createCorporation(page, 'alerts');
  await signIn(page, corporation.email);
  const created = await page.request.post('/v3/branches', {
    headers: await csrfHeaders(page.request),
    data: {
      name: '通知テスト薬局',
      prefectureId: 40,
      city: '福岡市中央区',
      block: '天神1丁目',
      insuranceInstitutionCode: PHARMACY_CODE,
    },
  });
  expect(created.status()).toBe(201);
  const { storeCode } = (await created.json()) as { storeCode: string };
  await uploadAsStore(page, storeCode, 'facility-alerts.csv', genericShareDrop());
  await upgradeToBasic(browser, corporation.corporationCode);

  const loaded = alertsLoaded(page);
  await page.goto(routePath('Dashboard'));
  await loaded;
  const notice = page.getByRole('alert').filter({ hasText: '通知テスト薬局' });
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText('を満たさなくなる見込みです（後発割合 10.0%、基準 ');
  await expect(notice.getByRole('link', { name: FACILITY_ALERT_TEXTS.link })).toHaveAttribute(
    'href',
    '/service/facility-standards',
  );

  const dismissed = page.waitForResponse(
    (r) => r.url().endsWith(FACILITY_SETTINGS_API_PATHS.alertDismissals) && r.status() === 204,
  );
  await notice.getByRole('button', { name: FACILITY_ALERT_TEXTS.close }).click();
  await expect(notice).toHaveCount(0);
  await dismissed;

  const reloaded = alertsLoaded(page);
  await page.reload();
  expect((await reloaded).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'ダッシュボード' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: '通知テスト薬局' })).toHaveCount(0);
});
