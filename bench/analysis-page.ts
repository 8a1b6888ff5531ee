/**
 * The analysis page in Chromium against a running server with the demo history (`npm start`,
 * history loaded): the time from pressing 適用 in the period menu with 過去12ヶ月 on the monthly
 * axis, every store, to the three panels drawn (no panel busy, the table showing the twelve
 * months' columns, one more frame painted).
 *
 *   npx tsx bench/analysis-page.ts [--url http://127.0.0.1:3000] [--runs 5] [--routes A,B]
 *
 * Per route it prints:
 * - first: the first apply after the server started answering this condition (the server's
 *   answer cache may already hold it if the page was opened before with the same condition);
 * - server-cached: the same apply after a reload (the browser's cache emptied), median of runs;
 * - browser-cached: back to 過去12ヶ月 after another period, without a reload (the page redraws
 *   from the call it keeps), median of runs;
 * - metric switch: another metric and back, the second drawn from the browser's cache.
 */
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import {
  analysisPageByRoute,
  bucketText,
  metricBySlug,
  periodBuckets,
  presetRange,
  routePath,
  timeAxis,
  todayInJapan,
  type RouteName,
} from '../packages/domain/src/index.ts';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    runs: { type: 'string', default: '5' },
    routes: { type: 'string', default: 'DispensingPharmacy,Clinic,Age,MedicineFee' },
    email: { type: 'string', default: 'admin@example.com' },
  },
});
const RUNS = Number(args.runs);
const MONTHLY = timeAxis('monthly').value;
const TWELVE_MONTHS = presetRange('last12Months', todayInJapan());
const FIRST_COLUMN = bucketText(periodBuckets(TWELVE_MONTHS, MONTHLY)[0]!, MONTHLY);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

// Run in the page as text: the TypeScript runner would wrap named functions in helpers the
// page lacks. Every click records its time; the last one before drawing is 適用 or the metric.
const RECORD_CLICKS = `
  if (!window.clickListener) {
    document.addEventListener('click', () => (window.clickedAt = performance.now()), true);
    window.clickListener = true;
  }`;

/** Milliseconds from the last click to the panels drawn as `drawnAs` (in the page). */
const WAIT_DRAWN = (drawnAs: { column: string; metric: string }) => `
  new Promise((resolve) => {
    const drawnAs = ${JSON.stringify(drawnAs)};
    const drawn = () => {
      const panels = [...document.querySelectorAll('section[aria-busy]')];
      const headers = [...document.querySelectorAll('[role="columnheader"]')].map((h) =>
        h.textContent.trim(),
      );
      return (
        panels.length === 3 &&
        panels.every((p) => p.getAttribute('aria-busy') === 'false') &&
        headers.includes(drawnAs.column) &&
        document.querySelector('[role="img"][aria-label^="「' + drawnAs.metric + '」の推移"]') &&
        document.querySelectorAll('section canvas').length >= 2
      );
    };
    const poll = () => {
      if (!drawn()) return requestAnimationFrame(poll);
      // One more frame: the charts' canvases are painted.
      requestAnimationFrame(() => resolve(performance.now() - window.clickedAt));
    };
    poll();
  })`;

/**
 * Runs `act` and resolves with the milliseconds, measured in the page, from its last click (適用,
 * or the metric chosen) to the panels drawn for `metric` with a column headed `column`.
 */
async function timeToDrawn(
  page: Page,
  drawnAs: { column: string; metric: string },
  act: () => Promise<void>,
): Promise<number> {
  await page.evaluate(RECORD_CLICKS);
  await act();
  return (await page.evaluate(WAIT_DRAWN(drawnAs))) as number;
}

async function applyPeriod(page: Page, preset: string, axis: string): Promise<void> {
  await page.getByRole('button', { name: /^期間:/ }).click();
  const menu = page.getByRole('dialog', { name: '期間の設定' });
  await menu.getByRole('combobox', { name: '期間' }).click();
  await page.getByRole('option', { name: preset, exact: true }).click();
  await menu.getByRole('radio', { name: axis, exact: true }).check();
  await menu.getByRole('button', { name: '適用' }).click();
}

async function chooseMetric(page: Page, label: string): Promise<void> {
  await page.getByRole('combobox', { name: '指標' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
  await page.goto(`${args.url}${routePath('Login')}`);
  await page.getByLabel('メールアドレス').fill(args.email);
  await page.getByLabel('パスワード', { exact: true }).fill('Pharmalytics-demo1');
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));

  console.log(`過去12ヶ月 (${TWELVE_MONTHS.from}〜${TWELVE_MONTHS.to}), 月次, every store`);
  console.log('route | first ms | server-cached ms | browser-cached ms | metric switch ms');
  for (const name of args.routes.split(',') as RouteName[]) {
    const def = analysisPageByRoute(name);
    if (!def) throw new Error(`not an analysis route: ${name}`);
    const open = async () => {
      await page.goto(`${args.url}${routePath(name)}`);
      await page.getByRole('button', { name: /^期間:/ }).waitFor();
    };
    const drawn = (slug: string) => ({ column: FIRST_COLUMN, metric: metricBySlug(slug)!.label });
    const shown = drawn(def.defaultMetric);
    // Starts from 過去7日間 daily, so that every apply below changes the condition.
    await open();
    await applyPeriod(page, '過去7日間', '日次');
    const first = await timeToDrawn(page, shown, () => applyPeriod(page, '過去12ヶ月', '月次'));

    const serverCached: number[] = [];
    const browserCached: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await applyPeriod(page, '過去7日間', '日次');
      await open();
      serverCached.push(
        await timeToDrawn(page, shown, () => applyPeriod(page, '過去12ヶ月', '月次')),
      );
      await applyPeriod(page, '過去7日間', '日次');
      browserCached.push(
        await timeToDrawn(page, shown, () => applyPeriod(page, '過去12ヶ月', '月次')),
      );
    }

    const other = def.metrics.find((slug) => slug !== def.defaultMetric);
    let metricSwitch = '—';
    if (other) {
      const switches: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        await timeToDrawn(page, drawn(other), () => chooseMetric(page, drawn(other).metric));
        switches.push(await timeToDrawn(page, shown, () => chooseMetric(page, shown.metric)));
      }
      metricSwitch = median(switches).toFixed(0);
    }
    console.log(
      [
        name,
        first.toFixed(0),
        median(serverCached).toFixed(0),
        median(browserCached).toFixed(0),
        metricSwitch,
      ].join(' | '),
    );
  }
} finally {
  await browser.close();
}
