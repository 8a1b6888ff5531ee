import { expect, test, type Page } from '@playwright/test';
import {
  PRESCRIBER_NOTICE_LABELS,
  prescriberChangesContracts,
  routePath,
} from '@pharmalytics/domain';
import { expectAccessible } from './axe.ts';
import { facilityCorporation } from './facility-corporation.ts';
import { signIn } from './settings.ts';

const noticesLoaded = (page: Page) =>
  page.waitForResponse(
    (r) =>
      r.url().endsWith(prescriberChangesContracts.notices.path) && r.request().method() === 'GET',
  );

test('an administrator sees the clinic whose flow halved on the dashboard and closes the notice for good', async ({
  page,
}) => {
  // A corporation of its own on the advanced plan (e2e/facility.setup.ts): its store's second
  // clinic sent half as many prescriptions in the last three months as a year before.
  const { corporation } = facilityCorporation('prescriber');
  await signIn(page, corporation.email);

  const loaded = noticesLoaded(page);
  await page.goto(routePath('Dashboard'));
  expect((await loaded).status()).toBe(200);
  const notices = page.getByRole('region', { name: PRESCRIBER_NOTICE_LABELS.heading });
  const notice = notices.getByRole('alert').filter({ hasText: '天神ビル眼科' });
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText(
    /処方元テスト薬局：天神ビル眼科からの処方箋が前年同期比 −50%（月\d+枚→\d+枚）/,
  );
  await expect(notice.getByRole('link', { name: PRESCRIBER_NOTICE_LABELS.link })).toHaveAttribute(
    'href',
    routePath('PrescriberChanges'),
  );
  await expectAccessible(page, 'Dashboard with a prescriber notice');

  const dismissed = page.waitForResponse(
    (r) => r.url().endsWith(prescriberChangesContracts.dismissNotice.path) && r.status() === 204,
  );
  await notice.getByRole('button', { name: PRESCRIBER_NOTICE_LABELS.close }).click();
  await expect(notice).toHaveCount(0);
  await dismissed;

  const reloaded = noticesLoaded(page);
  await page.reload();
  expect((await reloaded).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'ダッシュボード' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: '天神ビル眼科' })).toHaveCount(0);
  // Nothing in the browser keeps it closed: the server does.
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain('天神ビル眼科');
});
