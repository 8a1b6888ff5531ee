/**
 * The patient distribution map in Chromium against a running server with the demo history
 * (`npm start`, history loaded), tiles unreachable: 過去12ヶ月 on the monthly axis, every store,
 * default category (医療機関). Measured in the page, per run after a reload:
 * - call: from the start of GET /v3/patient_distribution to the end of its answer (the server's
 *   answer cache holds it after the first run);
 * - drawn: from the end of that answer to the map idle with its patient markers drawn (the
 *   map's data-drawn-patients set from its rendered features), the "within 1 s";
 * and the answer's size. Prints the first run and the medians of `--runs`.
 *
 *   npx tsx bench/distribution-map.ts [--url http://127.0.0.1:3000] [--runs 5]
 */
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { presetRange, routePath, todayInJapan } from '../packages/domain/src/index.ts';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    runs: { type: 'string', default: '5' },
    email: { type: 'string', default: 'admin@example.com' },
  },
});
const RUNS = Number(args.runs);
const TWELVE_MONTHS = presetRange('last12Months', todayInJapan());

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

// Run in the page as text: the TypeScript runner would wrap named functions in helpers the
// page lacks. Resolves, in epoch milliseconds, when the map has written what it has drawn after
// `after` (its idle handler sets data-drawn-patients from its rendered features).
const DRAWN_AFTER = (after: number) => `
  new Promise((resolve) => {
    const poll = () => {
      const drawnAt = window.drawnAt === undefined ? 0 : performance.timeOrigin + window.drawnAt;
      const drawn = Number(document.querySelector('[data-drawn-patients]')?.getAttribute('data-drawn-patients') ?? 0);
      if (drawnAt <= ${after} || drawn === 0) return requestAnimationFrame(poll);
      resolve(drawnAt);
    };
    poll();
  })`;

const RECORD_DRAWN = `
  window.drawnAt = undefined;
  new MutationObserver(() => (window.drawnAt = performance.now())).observe(document.body, {
    subtree: true, attributes: true, attributeFilter: ['data-drawn-patients'],
  });`;

async function applyPeriod(page: Page, preset: string, axis: string): Promise<void> {
  await page.getByRole('button', { name: /^期間:/ }).click();
  const menu = page.getByRole('dialog', { name: '期間の設定' });
  await menu.getByRole('combobox', { name: '期間' }).click();
  await page.getByRole('option', { name: preset, exact: true }).click();
  await menu.getByRole('radio', { name: axis, exact: true }).check();
  await menu.getByRole('button', { name: '適用' }).click();
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const page = await browser.newPage({
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    viewport: { width: 1440, height: 1000 },
  });
  page.on('crash', () => console.error('page crashed'));
  await page.route(/cyberjapandata\.gsi\.go\.jp/, (route) => route.abort());
  await page.goto(`${args.url}${routePath('Login')}`);
  await page.getByLabel('メールアドレス').fill(args.email);
  await page.getByLabel('パスワード', { exact: true }).fill('Pharmalytics-demo1');
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));

  const runs: { call: number; drawn: number; bytes: number }[] = [];
  for (let run = 0; run <= RUNS; run++) {
    // Each run opens on the default condition (過去7日間, daily), nothing kept in the page.
    await page.evaluate(`
      for (const key of Object.keys(localStorage)) {
        if (key.startsWith('pharmalytics.search-condition')) localStorage.removeItem(key);
      }`);
    await page.goto(`${args.url}${routePath('PatientDistribution')}`);
    await page.getByRole('button', { name: /^期間:/ }).waitFor();
    await page.waitForSelector('[data-testid="analysis-map"][aria-busy="false"]');
    await page.evaluate(RECORD_DRAWN);
    const answered = page.waitForEvent('requestfinished', (request) =>
      request.url().includes(`/v3/patient_distribution?from=${TWELVE_MONTHS.from}`),
    );
    await applyPeriod(page, '過去12ヶ月', '月次');
    const request = await answered;
    const timing = request.timing();
    const answerEnd = timing.startTime + timing.responseEnd;
    const drawnAt = (await page.evaluate(DRAWN_AFTER(answerEnd))) as number;
    const sizes = await request.sizes();
    runs.push({
      call: timing.responseEnd,
      drawn: drawnAt - answerEnd,
      bytes: sizes.responseBodySize,
    });
  }
  const [first, ...rest] = runs;
  console.log(`過去12ヶ月 (${TWELVE_MONTHS.from}〜${TWELVE_MONTHS.to}), 月次, every store`);
  console.log(`answer: ${(first!.bytes / 1024).toFixed(0)} KB`);
  console.log('run | request → whole answer ms | answer → markers drawn ms');
  console.log(`first | ${first!.call.toFixed(0)} | ${first!.drawn.toFixed(0)}`);
  console.log(
    `median of ${rest.length} | ${median(rest.map((r) => r.call)).toFixed(0)} | ${median(rest.map((r) => r.drawn)).toFixed(0)}`,
  );
} finally {
  await browser.close();
}
