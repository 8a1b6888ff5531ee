import { expect, test } from '@playwright/test';
import { routePath } from '@pharmalytics/domain';
import { DEMO, login } from './helpers.ts';

test('without a tile server the store map still draws land, outlines and area names', async ({
  page,
}) => {
  test.slow();
  // Browser tests have no tile server: every tile request fails, as offline.
  await page.route(/cyberjapandata\.gsi\.go\.jp/, (route) => route.abort());
  await login(page, DEMO.admin, 'Dashboard');
  await page.goto(routePath('PharmacyDetailSetting', { id: '1001' }));
  const map = page.getByTestId('store-map');
  await expect(
    map.getByText('国土数値情報（行政区域データ）（国土交通省）を加工して作成'),
  ).toBeVisible();

  // Out to the city: the rendered map holds the bundled outlines, and the wards are named.
  for (let i = 0; i < 4; i++) await map.getByRole('button', { name: /縮小|Zoom out/ }).click();
  await expect
    .poll(async () =>
      Number(await map.locator('[data-drawn-outlines]').getAttribute('data-drawn-outlines')),
    )
    .toBeGreaterThan(0);
  await expect(
    map.locator('[data-area-label="municipality"]', { hasText: '福岡市中央区' }),
  ).toBeVisible();
});
