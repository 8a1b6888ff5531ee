/**
 * The patient distribution map in Chromium against a running server with the demo history
 * (`npm start`, history loaded), tiles unreachable: 過去12ヶ月 on the monthly axis, every store,
 * default category (医療機関). Measured in the page, per run after a reload:
 * - call: from pressing 適用 to the end of the GET /v3/patient_distribution answer (resource
 *   timing; the server's answer cache holds it after the first run);
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
// page lacks. Resolves once the map shows patients drawn after the twelve months' answer.
const WAIT_DRAWN = (from: string) => `
  new Promise((resolve) => {
    const clickedAt = window.clickedAt;
    const poll = () => {
      const answer = performance
        .getEntriesByType('resource')
        .find((e) => e.name.includes('/v3/patient_distribution') && e.name.includes('from=${from}') && e.startTime >= clickedAt);
      const drawn = Number(document.querySelector('[data-drawn-patients]')?.getAttribute('data-drawn-patients') ?? 0);
      const busy = document.querySelector('[data-testid="analysis-map"]')?.getAttribute('aria-busy') === 'true';
      if (!answer || answer.responseEnd === 0 || busy || drawn === 0 || window.drawnAt === undefined || window.drawnAt < answer.responseEnd) {
        return requestAnimationFrame(poll);
      }
      resolve({ call: answer.responseEnd - clickedAt, drawn: window.drawnAt - answer.responseEnd, bytes: answer.encodedBodySize });
    };
    poll();
  })`;

// When the map last wrote what it has drawn (its idle handler sets the attribute).
const RECORD = `
  window.clickedAt = undefined;
  window.drawnAt = undefined;
  document.addEventListener('click', () => (window.clickedAt = performance.now()), true);
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
  await page.route(/cyberjapandata\.gsi\.go\.jp/, (route) => route.abort());
  await page.goto(`${args.url}${routePath('Login')}`);
  await page.getByLabel('メールアドレス').fill(args.email);
  await page.getByLabel('パスワード', { exact: true }).fill('Pharmalytics-demo1');
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));

  const runs: { call: number; drawn: number; bytes: number }[] = [];
  for (let run = 0; run <= RUNS; run++) {
    await page.goto(`${args.url}${routePath('PatientDistribution')}`);
    await page.getByRole('button', { name: /^期間:/ }).waitFor();
    await applyPeriod(page, '過去7日間', '日次');
    await page.waitForSelector('[data-testid="analysis-map"][aria-busy="false"]');
    await page.evaluate(RECORD);
    await applyPeriod(page, '過去12ヶ月', '月次');
    runs.push((await page.evaluate(WAIT_DRAWN(TWELVE_MONTHS.from))) as (typeof runs)[number]);
  }
  const [first, ...rest] = runs;
  console.log(`過去12ヶ月 (${TWELVE_MONTHS.from}〜${TWELVE_MONTHS.to}), 月次, every store`);
  console.log(`answer: ${(first!.bytes / 1024).toFixed(0)} KB`);
  console.log('run | 適用 → answer ms | answer → markers drawn ms');
  console.log(`first | ${first!.call.toFixed(0)} | ${first!.drawn.toFixed(0)}`);
  console.log(
    `median of ${rest.length} | ${median(rest.map((r) => r.call)).toFixed(0)} | ${median(rest.map((r) => r.drawn)).toFixed(0)}`,
  );
} finally {
  await browser.close();
}
