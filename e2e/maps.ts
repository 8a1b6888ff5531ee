import { expect, type Locator, type Page } from '@playwright/test';

/** Browser tests have no tile server: every tile request fails, as offline. */
export async function blockTiles(page: Page): Promise<void> {
  await page.route(/cyberjapandata\.gsi\.go\.jp/, (route) => route.abort());
}

/** A number the map writes on its container once idle (what it has drawn). */
export async function drawnCount(map: Locator, attribute: string): Promise<number> {
  const value = await map.locator(`[${attribute}]`).first().getAttribute(attribute);
  return Number(value ?? 0);
}

/** Waits until the map has drawn exactly `count` of something. */
export async function expectDrawn(map: Locator, attribute: string, count: number) {
  await expect.poll(() => drawnCount(map, attribute)).toBe(count);
}

/** The map, its controls and the legends of a map screen. */
export function mapScreen(page: Page) {
  const map = page.getByTestId('analysis-map');
  const settings = page.getByRole('complementary', { name: '表示設定' });
  return {
    map,
    settings,
    settingsToggle: settings.getByRole('button', { name: /^表示設定を(開く|閉じる)$/ }),
    searchArea: map.getByRole('button', { name: 'このエリアで再検索' }),
    zoomOut: map.getByRole('button', { name: /縮小|Zoom out/ }),
  };
}

/** Applies one store of the store selector (by name) and no other. */
export async function chooseOnlyStore(page: Page, name: string): Promise<void> {
  await page
    .getByRole('group', { name: '表示条件' })
    .getByRole('button', { name: /^店舗:/ })
    .click();
  const dialog = page.getByRole('dialog', { name: '店舗の選択' });
  await dialog.getByRole('checkbox', { name: '福岡県' }).uncheck();
  await dialog.getByRole('checkbox', { name }).check();
  await dialog.getByRole('button', { name: '適用' }).click();
  await expect(dialog).toBeHidden();
}
