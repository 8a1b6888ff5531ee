import { expect, test, type Page } from '@playwright/test';
import { FACILITY_ALERT_TEXTS, FACILITY_SETTINGS_API_PATHS, routePath } from '@pharmalytics/domain';
import { facilityCorporation } from './facility-corporation.ts';
import { signIn } from './settings.ts';

const alertsLoaded = (page: Page) =>
  page.waitForResponse(
    (r) => r.url().endsWith(FACILITY_SETTINGS_API_PATHS.alerts) && r.request().method() === 'GET',
  );

test('an administrator sees a store’s 施設基準 alert on the dashboard and closes it for good', async ({
  page,
}) => {
  await signIn(page, facilityCorporation('alerts').corporation.email);

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
