/**
 * What a new visitor downloads and waits for, in Chromium against a running server (`npm start`,
 * demo history loaded), each run in a fresh browser context (empty cache):
 * - the login route's JavaScript: bytes over the wire (as the server sent them, compressed or
 *   not) and decoded;
 * - every byte over the wire from opening the login page to the dashboard's eleven cards drawn;
 * - the time from pressing ログイン to the eleven cards drawn (each card answered: figures or
 *   データがありません, none still loading).
 * Prints each run and the medians.
 *
 *   npx tsx bench/login-dashboard.ts [--url http://127.0.0.1:3000] [--runs 5]
 */
import { parseArgs } from 'node:util';
import { chromium, type Page, type Response } from '@playwright/test';
import { DASHBOARD_METRICS, routePath } from '../packages/domain/src/index.ts';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    runs: { type: 'string', default: '5' },
    email: { type: 'string', default: 'admin@example.com' },
  },
});

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface Transfer {
  url: string;
  wire: number;
  decoded: number;
}

/**
 * Records every finished response of the page: its bytes over the wire and decoded. `settled()`
 * answers them once every response seen so far has been read.
 */
function recordTransfers(page: Page) {
  const transfers: Transfer[] = [];
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    const read = Promise.all([request.sizes(), request.response()]).then(
      async ([sizes, response]: [
        { responseBodySize: number; responseHeadersSize: number },
        Response | null,
      ]) => {
        const body = await response?.body().catch(() => undefined);
        transfers.push({
          url: request.url(),
          wire: sizes.responseBodySize + sizes.responseHeadersSize,
          decoded: body?.length ?? 0,
        });
      },
    );
    pending.push(read);
  });
  return { settled: () => Promise.all(pending).then(() => [...transfers]) };
}

const sum = (transfers: Transfer[], key: 'wire' | 'decoded') =>
  transfers.reduce((total, t) => total + t[key], 0);
const scripts = (transfers: Transfer[]) => transfers.filter((t) => /\.m?js(\?|$)/.test(t.url));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const CARDS = DASHBOARD_METRICS.length;
const runs: { loginJsWire: number; loginJsDecoded: number; wire: number; ms: number }[] = [];
try {
  for (let run = 0; run < Number(args.runs); run++) {
    // The wait below is a string the page evaluates, which the app's CSP (no eval) would refuse.
    const context = await browser.newContext({
      locale: 'ja-JP',
      timezoneId: 'Asia/Tokyo',
      bypassCSP: true,
    });
    const page = await context.newPage();
    await page.route(/cyberjapandata\.gsi\.go\.jp/, (route) => route.abort());
    const transfers = recordTransfers(page);
    await page.goto(`${args.url}${routePath('Login')}`, { waitUntil: 'networkidle' });
    const loginScripts = scripts(await transfers.settled());
    const loginJsWire = sum(loginScripts, 'wire');
    const loginJsDecoded = sum(loginScripts, 'decoded');

    await page.getByLabel('メールアドレス').fill(args.email);
    await page.getByLabel('パスワード', { exact: true }).fill('Pharmalytics-demo1');
    const pressed = Date.now();
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    const cards = page.getByRole('region', { name: '指標' }).getByRole('article');
    await cards.nth(CARDS - 1).waitFor();
    // As text: the page has no TypeScript helpers.
    await page.waitForFunction(
      `(() => {
        const cards = document.querySelectorAll('section[aria-label="指標"] article');
        return cards.length >= ${CARDS} &&
          [...cards].every((card) => card.getAttribute('aria-busy') === 'false');
      })()`,
      undefined,
      { polling: 'raf', timeout: 60_000 },
    );
    const ms = Date.now() - pressed;
    await page.waitForLoadState('networkidle');
    const wire = sum(await transfers.settled(), 'wire');
    runs.push({ loginJsWire, loginJsDecoded, wire, ms });
    console.log(
      `run ${run + 1}: login JS ${kb(loginJsWire)} over the wire (${kb(loginJsDecoded)} decoded), ` +
        `login → dashboard ${kb(wire)} over the wire, ${ms} ms to ${CARDS} cards`,
    );
    await context.close();
  }
} finally {
  await browser.close();
}
console.log(
  `median of ${runs.length}: login JS ${kb(median(runs.map((r) => r.loginJsWire)))} over the wire ` +
    `(${kb(median(runs.map((r) => r.loginJsDecoded)))} decoded); ` +
    `login → dashboard ${kb(median(runs.map((r) => r.wire)))}; ` +
    `${median(runs.map((r) => r.ms))} ms from ログイン to ${CARDS} cards drawn`,
);
