import { expect, test } from '@playwright/test';
import {
  CLOSED_MONTH_PRESET_TEXT,
  comparisonRange,
  MESSAGES,
  periodText,
  presetRange,
  route,
  SCORECARD_KPIS,
  scorecardKpi,
  todayInJapan,
} from '@pharmalytics/domain';
import { analysisPage } from './analysis.ts';
import { expectAccessible } from './axe.ts';
import { DEMO, expectRoute, login } from './helpers.ts';
import {
  applyScorecardPeriod,
  gotoScorecard,
  rowCodes,
  SCORECARD_PERIOD,
  sendScorecardFiles,
  valueTexts,
} from './scorecard.ts';

/** The demo corporation 100001: nine stores, in store-code order. */
const DEMO_STORE_CODES = ['1001', '1002', '1003', '1004', '1005', '1006', '1007', '1008', '1009'];
const PRESCRIPTIONS = scorecardKpi('prescription_counts')!;
const PRESCRIPTIONS_COLUMN = SCORECARD_KPIS.indexOf(PRESCRIPTIONS);

/** A cell's number ('1,234' → 1234); null for '-'. */
const numberOf = (text: string) => (text === '-' ? null : Number(text.replaceAll(',', '')));

test.describe('store scorecard', () => {
  test.beforeEach(async ({ page }) => {
    await login(page, DEMO.admin, 'Dashboard');
    await sendScorecardFiles(page);
  });

  test('opens on the closed last month against the previous year, 全店舗 and every store', async ({
    page,
  }) => {
    // Every KPI's header and an axe check of the whole table.
    test.slow();
    const view = await gotoScorecard(page);
    await expectRoute(page, 'StoreScorecard');
    const lastMonth = presetRange('lastMonth', todayInJapan());
    await expect(view.periodButton).toContainText(CLOSED_MONTH_PRESET_TEXT);
    await expect(view.period).toHaveText(periodText(lastMonth));
    await expect(view.comparison).toHaveText(
      `比較期間: ${periodText(comparisonRange(lastMonth, 2))}`,
    );

    await applyScorecardPeriod(page, SCORECARD_PERIOD);
    await expect(view.rows).toHaveCount(DEMO_STORE_CODES.length + 1);
    expect(await rowCodes(view.rows)).toEqual(['', ...DEMO_STORE_CODES]);
    await expect(view.rows.first().locator('th')).toHaveText('全店舗');
    // One group per KPI, its definition one focus away.
    for (const kpi of SCORECARD_KPIS) {
      await expect(view.table.locator(`th[data-kpi="${kpi.key}"]`)).toContainText(kpi.label);
    }
    const hint = view.table.getByRole('button', {
      name: `${PRESCRIPTIONS.label}の定義`,
      exact: true,
    });
    // From the previous definition by the keyboard.
    await view.table.getByRole('button', { name: '調剤売上の定義', exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(hint).toBeFocused();
    await expect(page.getByRole('tooltip', { name: PRESCRIPTIONS.definition })).toBeVisible();
    await expect(view.table.locator('th[data-kpi="prescriptions_per_pharmacist"]')).toContainText(
      '目安 40枚',
    );
    // May 2023 has no data: no change is written, and the note says why, once.
    await expect(view.incompleteNote).toHaveText(MESSAGES.comparisonIncomplete);
    const totals = await valueTexts(view.rows, PRESCRIPTIONS_COLUMN);
    expect(totals[0]).toBe('6');
    await expectAccessible(page, 'StoreScorecard');
  });

  test('sorting a column orders the stores by it, 全店舗 staying on top', async ({ page }) => {
    const view = await gotoScorecard(page);
    await applyScorecardPeriod(page, SCORECARD_PERIOD);
    await expect(view.rows).toHaveCount(DEMO_STORE_CODES.length + 1);

    const sort = view.sortButton(PRESCRIPTIONS.label, '当期');
    await sort.click();
    await expect(sort.locator('xpath=ancestor::th')).toHaveAttribute('aria-sort', 'descending');
    const descending = await rowCodes(view.rows);
    expect(descending.slice(0, 4)).toEqual(['', '1002', '1004', '1003']);
    const values = (await valueTexts(view.rows, PRESCRIPTIONS_COLUMN)).slice(1).map(numberOf);
    const present = values.filter((v): v is number => v !== null);
    expect(present).toEqual([...present].sort((a, b) => b - a));
    // Stores without a value come last.
    expect(values.slice(present.length).every((v) => v === null)).toBe(true);
    expect(present.slice(0, 3)).toEqual([3, 2, 1]);

    // Again, from the keyboard: the other way round.
    await sort.focus();
    await page.keyboard.press('Enter');
    await expect(sort.locator('xpath=ancestor::th')).toHaveAttribute('aria-sort', 'ascending');
    const ascending = await rowCodes(view.rows);
    expect(ascending[0]).toBe('');
    const rising = (await valueTexts(view.rows, PRESCRIPTIONS_COLUMN)).slice(1).map(numberOf);
    const known = rising.filter((v): v is number => v !== null);
    expect(known).toEqual([...known].sort((a, b) => a - b));
    // The stores that dispensed nothing (0) first, then 1, 2 and 3 prescriptions.
    expect(ascending.slice(known.length - 2, known.length + 1)).toEqual(['1003', '1004', '1002']);
  });

  test("a cell opens the 調剤薬局 page for that store, the KPI and the scorecard's period", async ({
    page,
  }) => {
    const view = await gotoScorecard(page);
    await applyScorecardPeriod(page, SCORECARD_PERIOD);
    const row = view.rows.and(page.locator('[data-store="1004"]'));
    const storeName = (await row.locator('th').textContent())!.trim();
    const link = row.locator('td[data-part="value"]').nth(PRESCRIPTIONS_COLUMN).getByRole('link');
    await expect(link).toHaveAccessibleName(
      new RegExp(`^2（${storeName}の処方箋枚数を調剤薬局で見る）$`),
    );
    await link.click();

    await expectRoute(page, PRESCRIPTIONS.opens.route);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      route(PRESCRIPTIONS.opens.route).title!,
    );
    const analysis = analysisPage(page);
    await expect(page.getByTestId('condition-stores')).toHaveText(storeName);
    await expect(analysis.metric).toHaveText(PRESCRIPTIONS.label);
    await expect(analysis.period).toHaveText(periodText(SCORECARD_PERIOD));
  });
});

test.describe('store scorecard on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the table scrolls sideways inside the page, the store names staying in view', async ({
    page,
  }) => {
    await login(page, DEMO.admin, 'Dashboard');
    await sendScorecardFiles(page);
    const view = await gotoScorecard(page);
    await applyScorecardPeriod(page, SCORECARD_PERIOD);
    await expect(view.rows).toHaveCount(DEMO_STORE_CODES.length + 1);

    const overflow = await page
      .locator('html')
      .evaluate((html) => html.scrollWidth - html.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const region = page.getByRole('region', { name: /^店舗別実績一覧（/ });
    const storeCell = view.rows.nth(1).locator('th');
    const before = (await storeCell.boundingBox())!;
    await region.evaluate((element) => element.scrollBy({ left: 800 }));
    await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    const after = (await storeCell.boundingBox())!;
    expect(after.x).toBe(before.x);
    await expect(storeCell).toBeInViewport();
    await expectAccessible(page, 'StoreScorecard at 390 px');
  });
});
