import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each server test file starts its own database (the embedded one takes about 1 GB).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['packages/{server,uploader}/src/**/*.test.ts'],
          // Makes the migrated embedded database every test server starts from, once per run.
          globalSetup: ['packages/server/src/testing/global-setup.ts'],
          // The files of a worker share one module graph instead of importing the server anew
          // (about 3 s a file). Each file still builds its own app and database, closes them,
          // and replaces no global; the server keeps no state in its modules beyond caches of
          // fixed data (town geocoder, demo world, a dummy password hash).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/{domain,datagen,web}/src/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
