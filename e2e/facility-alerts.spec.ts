import { expect, test, type Page } from '@playwright/test';
import {
  DEFAULT_STORE_FACTS,
  FACILITY_ALERT_TEXTS,
  FACILITY_SETTINGS_API_PATHS,
  routePath,
} from '@pharmalytics/domain';
import { csrfHeaders } from './accounts.ts';
import { facilityCorporation } from './facility-corporation.ts';
import { signIn } from './settings.ts';

const alertsLoaded = (page: Page) =>
  page.waitForResponse(
    (r) => r.url().endsWith(FACILITY_SETTINGS_API_PATHS.alerts) && r.request().method() === 'GET',
  );

test('an administrator sees a store’s 施設基準 alert on the dashboard and closes it for good', async ({
  page,
}) => {
  const { corporation, storeCode } = facilityCorporation('alerts');
  await signIn(page, corporation.email);
  // The supply facts the 加算 needs, stated: the store holds 加算1 now and loses it at the gate.
  const facts = await page.request.put(
    FACILITY_SETTINGS_API_PATHS.storeFact.replace(':storeCode', storeCode),
    {
      headers: await csrfHeaders(page.request),
      data: { ...DEFAULT_STORE_FACTS, medicine_supply_record: true, price_negotiation: true },
    },
  );
  expect(facts.status()).toBe(204);

  const loaded = alertsLoaded(page);
  await page.goto(routePath('Dashboard'));
  await loaded;
  const notice = page.getByRole('alert').filter({ hasText: '通知テスト薬局' });
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText('後発割合が85%を下回る見込みです。');
  await expect(notice).toContainText('を算定できなくなります（後発割合 10.0%、基準 ');
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
