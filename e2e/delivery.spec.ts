import { readdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { routePath, type RouteName } from '@pharmalytics/domain';
import { DEMO, login, SETTINGS_AND_PROFILE_ROUTES } from './helpers.ts';

/** What the sign-in page, the first every visitor opens, may download in JavaScript, compressed. */
const LOGIN_JS_BUDGET_KB = 200;

const CHART_LIBRARY = /\/assets\/echarts-[^/]+\.js$/;
const MAP_LIBRARY = /\/assets\/maplibre-gl[^/]*\.m?js$/;

interface Script {
  url: string;
  /** Bytes of the body as sent, before the browser decoded it. */
  bytes: number;
  encoding: string | undefined;
}

/** Records the scripts the page downloads; the answer waits for every response seen to be read. */
function recordScripts(page: Page): () => Promise<Script[]> {
  const scripts: Script[] = [];
  const reads: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    if (!/\.m?js$/.test(new URL(request.url()).pathname)) return;
    reads.push(
      Promise.all([request.sizes(), request.response()]).then(([sizes, response]) => {
        scripts.push({
          url: request.url(),
          bytes: sizes.responseBodySize,
          encoding: response?.headers()['content-encoding'],
        });
      }),
    );
  });
  return () => Promise.all(reads).then(() => scripts);
}

const kilobytes = (scripts: Script[]) => scripts.reduce((sum, s) => sum + s.bytes, 0) / 1024;

test('the login route downloads its JavaScript compressed and within its budget', async ({
  page,
}) => {
  const scripts = recordScripts(page);
  await page.goto(routePath('Login'), { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'ログイン', exact: true })).toBeEnabled();
  const loaded = await scripts();
  const measured = kilobytes(loaded);

  console.log(
    `login route JavaScript: ${measured.toFixed(1)} KB compressed in ${loaded.length} files ` +
      `(budget ${LOGIN_JS_BUDGET_KB} KB)`,
  );
  expect(loaded.filter((s) => s.encoding !== 'br').map((s) => s.url)).toEqual([]);
  expect(loaded.filter((s) => CHART_LIBRARY.test(s.url) || MAP_LIBRARY.test(s.url))).toEqual([]);
  expect(
    measured,
    `login route JavaScript ${measured.toFixed(1)} KB > budget ${LOGIN_JS_BUDGET_KB} KB`,
  ).toBeLessThanOrEqual(LOGIN_JS_BUDGET_KB);
});

test('assets are sent precompressed as the browser accepts and cached for good; pages are revalidated', async ({
  request,
}) => {
  const html = await request.get(routePath('Login'), { headers: { 'accept-encoding': 'br' } });
  expect(html.headers()['content-encoding']).toBe('br');
  expect(html.headers()['cache-control']).toBe('no-cache');
  const entry = /<script[^>]+src="([^"]+\.js)"/.exec(await html.text())?.[1];
  expect(entry).toBeDefined();

  for (const [accepted, sent] of [
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined],
  ] as const) {
    const asset = await request.get(entry!, { headers: { 'accept-encoding': accepted } });
    expect(asset.status()).toBe(200);
    expect(asset.headers()['content-encoding'], `Accept-Encoding: ${accepted}`).toBe(sent);
    expect(asset.headers()['vary']).toContain('accept-encoding');
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  }
});

/** Pages that draw neither a chart nor a map when they open. */
const PLAIN_ROUTES: RouteName[] = [
  'Dashboard', // its charts open over a card on hover or focus
  ...SETTINGS_AND_PROFILE_ROUTES,
];

test('the chart and map libraries are files of their own that plain pages never download', async ({
  page,
}) => {
  // The patterns below name real files of the build, so that their absence below means something.
  const built = readdirSync(new URL('../packages/web/dist/assets/', import.meta.url)).map(
    (file) => `/assets/${file}`,
  );
  expect(built.filter((file) => CHART_LIBRARY.test(file))).toHaveLength(1);
  expect(built.filter((file) => MAP_LIBRARY.test(file)).length).toBeGreaterThan(0);

  const scripts = recordScripts(page);
  await login(page, DEMO.admin, 'Dashboard');
  for (const name of PLAIN_ROUTES) {
    await page.goto(routePath(name), { waitUntil: 'networkidle' });
    await expect(page.locator('h1')).toBeVisible();
  }
  const libraries = (await scripts()).filter(
    (s) => CHART_LIBRARY.test(s.url) || MAP_LIBRARY.test(s.url),
  );
  expect(libraries.map((s) => s.url)).toEqual([]);
});
