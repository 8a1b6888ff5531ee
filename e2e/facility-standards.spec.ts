import { expect, test, type Page } from '@playwright/test';
import {
  FACILITY_JUDGEMENT_API_PATHS,
  facilityJudgementsResponseSchema,
  routePath,
} from '@pharmalytics/domain';
import {
  CURRENT_PERIOD,
  PREVIOUS_PERIOD,
  storeJudgement,
} from '../packages/web/src/features/facility-standards/judgement.fixture.ts';
import { expectAccessible } from './axe.ts';
import { DEMO, expectRoute, login, mainMenu } from './helpers.ts';

/** The demo corporation 100001 has nine stores. */
const DEMO_STORE_COUNT = 9;

/**
 * The browser tests' server loads no dispensing history, so the demo stores have nothing to be
 * judged on. For the store detail the judgements call is answered with a judged store instead
 * (checked against the wire schema), which leaves the demo data as it is.
 */
async function answerWithJudgedStore(page: Page) {
  const body = facilityJudgementsResponseSchema.parse({
    today: '2026-11-25',
    previousPeriod: PREVIOUS_PERIOD,
    currentPeriod: CURRENT_PERIOD,
    stores: [
      storeJudgement({
        storeName: 'はかた薬局 天神店',
        now: [50, 900],
        ahead: [86.1, 1920],
        receptionsToKeepCurrent: 240,
      }),
    ],
  });
  await page.route(`**${FACILITY_JUDGEMENT_API_PATHS.judgements}?**`, (route) =>
    route.fulfill({ json: body }),
  );
}

test.describe('施設基準', () => {
  test('opens from the main menu with a card per store', async ({ page }) => {
    await login(page, DEMO.admin, 'Dashboard');
    await mainMenu(page).getByRole('link', { name: '区分・加算の判定' }).click();
    await expectRoute(page, 'FacilityStandards');
    const cards = page.getByTestId('facility-store-card');
    await expect(cards).toHaveCount(DEMO_STORE_COUNT, { timeout: 60_000 });
    await expect(page.getByTestId('facility-periods')).toContainText(/判定期間 \d{4}年\d+月〜/);
    // Every card either shows a 区分 or says plainly that there is nothing to judge.
    for (const card of await cards.all()) {
      await expect(
        card.getByText(/調剤基本料|特別調剤基本料|判定できる受付データがありません/).first(),
      ).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'CSV出力' })).toBeVisible();
  });

  test('a store detail shows its months and projection, and goes back', async ({ page }) => {
    await answerWithJudgedStore(page);
    await login(page, DEMO.admin, 'Dashboard');
    await mainMenu(page).getByRole('link', { name: '区分・加算の判定' }).click();
    const card = page.getByTestId('facility-store-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('調剤基本料2（30点）');
    await expect(card).toContainText('現在より下がる見込みです');
    await expect(card).toContainText('集中率 86.1 %（基準 85 %まで −1.1 pt）');
    await expect(card).toContainText(
      '他の医療機関からの受付があと月240回あれば 調剤基本料1 を維持できます',
    );
    await expect(card.getByText('［未確認］').first()).toBeVisible();

    // The store name is the card's link; the keyboard opens it.
    await card.getByRole('link', { name: 'はかた薬局 天神店' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${routePath('FacilityStandards')}\\?store=1001$`));
    await expect(page.getByRole('heading', { name: 'はかた薬局 天神店' })).toBeFocused();
    const table = page.getByRole('table', { name: /月別の実績と見込み/ });
    await expect(table.getByRole('row')).toHaveCount(1 + 2 + 24);
    await expect(table.getByRole('row', { name: /2026年11月 見込み/ })).toBeVisible();
    await expect(page.getByRole('img', { name: /施設基準の受付回数の推移/ })).toBeVisible();
    await expect(page.locator('canvas').first()).toBeVisible();
    await expect(page.getByRole('region', { name: /調剤基本料の区分（R8）/ })).toBeVisible();
    await expectAccessible(page, 'FacilityStandards detail');

    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${routePath('FacilityStandards')}$`));
    await expect(page.getByTestId('facility-store-card')).toHaveCount(1);
  });

  test('the basic plan sees the page without the CSV button', async ({ page }) => {
    await login(page, DEMO.basic, 'Dashboard');
    await page.goto(routePath('FacilityStandards'));
    await expectRoute(page, 'FacilityStandards');
    await expect(page.getByTestId('facility-store-card').first()).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('button', { name: 'CSV出力' })).toHaveCount(0);
  });
});
