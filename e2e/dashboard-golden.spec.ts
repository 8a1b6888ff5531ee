import { expect, test, type Page } from '@playwright/test';
import { CSV_COLUMNS, CSV_FORMAT_MARK } from '@pharmalytics/domain';
import {
  cardFigures,
  chooseRadio,
  choosePreset,
  openDashboard,
  openPeriodMenu,
  periodMenu,
  typeDate,
} from './dashboard.ts';
import { DEMO } from './helpers.ts';
import { uploadAsStore } from './uploads.ts';

/**
 * The dashboard's cards on a hand-computed dataset sent by the uploader of the basic-plan demo
 * store 3001 (保険薬局コード 4041300014). Base 2026-04-01〜03 against the same days of 2025:
 *
 *   date        reception inst patient notebook visit  fee  medicines (class, qty, yen)  sales
 *   2026-04-01  R1 (2 sheets) X  A     1        再来   45+10 (3, 28, 280) (2, 7, 700)   730+800
 *   2026-04-01  R2        Y    B       0        新規   45   (2, 10, 500)                   950
 *   2026-04-02  R3        X    A       1        再来   45   (3, 14, 140) (2, 14, 1400)    1990
 *   2026-04-02  R4        Z    C       -        新規   45   (1, 5, 250)                    700
 *   2025-04-02  R6        X    D       0        再来   45   (2, 20, 2000)                 2450
 *   2025-03-31 and 2025-04-04: R6 again, outside both periods (the data covers the comparison)
 */
const PHARMACY = '4041300014';
/** Medicines of the demo medicine master with generic class 1, 2 and 3. */
const MEDICINE = { 1: '2149048F2029', 2: '2171022F2025', 3: '2171022F2157' } as const;
const INSTITUTION = {
  X: '4011000011,Xクリニック',
  Y: '4011000029,Y内科医院',
  Z: '4011000037,Z整形外科',
} as const;

function sheet(
  date: string,
  reception: string,
  no: number,
  inst: keyof typeof INSTITUTION,
  patient: string,
  notebook: string,
  visit: string,
  fee: number,
  medicines: [1 | 2 | 3, number, number][],
): string[] {
  const common = `${PHARMACY},${date},09:00,${reception},${no},E2E-${patient},2,1950-01,,,社保,外来,${visit},${notebook},${INSTITUTION[inst]},,内科,,`;
  return [
    `${common},FEE,120000110,調剤基本料,調剤基本料,${fee},1,,,,`,
    ...medicines.map(
      ([cls, quantity, yen]) =>
        `${common},MEDICINE,${MEDICINE[cls]},薬${cls},,${yen / 10},1,${quantity},錠,${yen},`,
    ),
  ];
}

const FILE = [
  `${CSV_FORMAT_MARK},1`,
  CSV_COLUMNS.join(','),
  ...sheet('2026-04-01', 'R1', 1, 'X', 'A', '1', '再来', 45, [[3, 28, 280]]),
  ...sheet('2026-04-01', 'R1', 2, 'X', 'A', '1', '再来', 10, [[2, 7, 700]]),
  ...sheet('2026-04-01', 'R2', 1, 'Y', 'B', '0', '新規', 45, [[2, 10, 500]]),
  ...sheet('2026-04-02', 'R3', 1, 'X', 'A', '1', '再来', 45, [
    [3, 14, 140],
    [2, 14, 1400],
  ]),
  ...sheet('2026-04-02', 'R4', 1, 'Z', 'C', '', '新規', 45, [[1, 5, 250]]),
  ...sheet('2025-04-02', 'R6', 1, 'X', 'D', '0', '再来', 45, [[2, 20, 2000]]),
  // Just outside the comparison period: the store's data covers it whole, so changes are shown.
  ...sheet('2025-03-31', 'R7', 1, 'X', 'D', '0', '再来', 45, [[2, 20, 2000]]),
  ...sheet('2025-04-04', 'R8', 1, 'X', 'D', '0', '再来', 45, [[2, 20, 2000]]),
].join('\r\n');

/**
 * [base, comparison, change] of every card, worked out by hand from the table above: a rate's
 * change is the difference in points, anything else's the relative change in percent.
 */
const GOLDEN: Record<string, [string, string, string]> = {
  調剤売上: ['5,170円', '2,450円', '+111.0%'],
  処方箋枚数: ['5枚', '1枚', '+400.0%'],
  処方箋単価: ['1,034円', '2,450円', '-57.8%'], // 5170 / 5
  患者数: ['3人', '1人', '+200.0%'], // A, B, C
  患者単価: ['1,723円', '2,450円', '-29.7%'], // 5170 / 3
  処方箋集中率: ['50.0%', '100.0%', '-50.0pt'], // X: R1, R3 of 4 receptions
  上位3医療機関集中率: ['100.0%', '100.0%', '0.0pt'],
  後発医薬品調剤割合: ['57.5%', '0.0%', '+57.5pt'], // 42 / 73 against 0 / 20
  お薬手帳持参率: ['66.7%', '0.0%', '+66.7pt'], // R1, R3 of R1, R2, R3
  新規受付回数: ['2回', '0回', '-'],
  再来受付回数: ['2回', '1回', '+100.0%'],
};

/** Sends the file as store 3001's uploader. */
const sendGoldenFile = (page: Page) => uploadAsStore(page, '3001', 'golden.csv', FILE);

test('the cards show the hand-computed figures of an uploaded file, and their charts', async ({
  page,
}) => {
  // Many steps against a server that loads the demo history meanwhile on the same two cores.
  test.slow();
  const view = await openDashboard(page, DEMO.basic);
  await sendGoldenFile(page);

  // A custom period typed by hand, against the same days a year before, by month.
  await openPeriodMenu(page);
  await choosePreset(page, 'カスタム');
  await typeDate(page, periodMenu(page).from, '2026-04-01');
  await typeDate(page, periodMenu(page).to, '2026-04-03');
  await chooseRadio(page, '前年同期');
  await chooseRadio(page, '月次');
  await expect(periodMenu(page).comparison).toHaveText('比較期間: 2025/04/01〜2025/04/03');
  await periodMenu(page).apply.click();
  await expect(view.period).toHaveText('2026/04/01〜2026/04/03');

  for (const [label, [base, comparison, change]] of Object.entries(GOLDEN)) {
    const figures = cardFigures(view.card(label));
    await expect(figures.base, label).toHaveText(`対象期間${base}`); // with its hidden label
    await expect(figures.comparison, label).toHaveText(comparison);
    // The change carries a hidden word for screen readers, e.g. +5.0%（増加）.
    const escaped = change.replace(/[.+]/g, (c) => `\\${c}`);
    await expect(figures.change, label).toHaveText(new RegExp(`^${escaped}(（.+）)?$`));
  }
  const direction = (label: string) =>
    cardFigures(view.card(label)).change.locator('[data-change]');
  await expect(direction('調剤売上')).toHaveAttribute('data-change', 'up');
  await expect(direction('処方箋単価')).toHaveAttribute('data-change', 'down');
  await expect(direction('上位3医療機関集中率')).toHaveAttribute('data-change', 'flat');

  // The trend chart of both periods on hover, and on keyboard focus (Escape hides it).
  const chart = page.getByRole('img', { name: /^調剤売上の推移/ });
  await view.card('調剤売上').hover();
  await expect(chart).toBeVisible();
  await expect(page.getByText('対象期間 2026/04/01〜2026/04/03').first()).toBeVisible();
  // The open chart lies over the card below, yet never takes the pointer: at that card's centre
  // the pointer reaches the card, which then shows its own chart.
  const first = (await view.card('調剤売上').boundingBox())!;
  const below = await view.cards.evaluateAll(
    (cards, { x, bottom }) => {
      const card = cards.find((c) => {
        const box = c.getBoundingClientRect();
        return Math.abs(box.x - x) < 2 && box.y > bottom;
      })!;
      const box = card.getBoundingClientRect();
      const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      const hit = card.ownerDocument.elementFromPoint(centre.x, centre.y);
      return { label: card.querySelector('h3')!.textContent!, centre, reached: card.contains(hit) };
    },
    { x: first.x, bottom: first.y + first.height },
  );
  await expect(chart).toBeVisible();
  expect(below.reached).toBe(true);
  await page.mouse.move(below.centre.x, below.centre.y);
  await expect(chart).toBeHidden();
  await expect(page.getByRole('img', { name: new RegExp(`^${below.label}の推移`) })).toBeVisible();
  await page.getByRole('heading', { name: 'ダッシュボード' }).hover();
  await expect(chart).toBeHidden();
  await view.card('処方箋枚数').focus();
  const counts = page.getByRole('img', { name: /^処方箋枚数の推移/ });
  await expect(counts).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(counts).toBeHidden();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('img', { name: /^処方箋単価の推移/ })).toBeVisible();
});
