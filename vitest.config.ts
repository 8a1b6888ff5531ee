import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.{ts,tsx}'],
    // Each server test file starts its own database (the embedded one takes about 1 GB).
    maxWorkers: 2,
    // Makes the migrated embedded database every test server starts from, once per run.
    globalSetup: ['packages/server/src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
