import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;
// Workers inherit this, so tests can read the server's mail outbox (DATA_DIR/mail).
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'pharmalytics-e2e-'));

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Flows of several screens on a two-core machine running the server, two browsers and the
  // embedded database at once: a minute each, twenty seconds for one expectation.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : 'list',
  use: {
    baseURL,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    // A failed test keeps its trace: every action with the page's DOM before and after it. The
    // screencast that traces also record by default is left out: encoding its frames cost about
    // a third of the run's CPU on two cores (the failure screenshot below stays).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Data the specs need made before any of them runs (see each setup file).
    { name: 'setup', testMatch: /\.setup\.ts$/ },
    { name: 'chromium', dependencies: ['setup'] },
  ],
  webServer: {
    // A fresh embedded database with the demo world for every run.
    command: 'node scripts/start.mjs',
    // The app's page, not /readyz: `npm start` may still be building the web app.
    url: `${baseURL}/service/login`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      IDENTITY_RATE_LIMIT: '10000',
      LOG_LEVEL: 'warn',
      // The browser tests bring their own data; the two-year demo history would only slow them.
      DEMO_HISTORY: 'false',
    },
  },
});
