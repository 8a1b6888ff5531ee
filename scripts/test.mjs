// `npm test`: lint, type check, unit and server tests on the embedded database, the server tests
// again on the PostgreSQL server, then the browser tests in Chromium. Nothing is skipped: a
// missing PostgreSQL server or Chromium fails the run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import pg from 'pg';

const root = new URL('..', import.meta.url).pathname;
const results = `${root}test-results`;
const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const counts = { passed: 0, failed: 0 };

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    cwd: root,
    env: { ...process.env, ...env },
  });
  console.log(
    `◀ ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return result.status === 0;
}

function countVitest(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += report.numPassedTests;
  counts.failed += report.numFailedTests + (report.numTotalTests === 0 ? 1 : 0);
}

function countPlaywright(file) {
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += stats.expected + stats.flaky;
  counts.failed += stats.unexpected + (stats.expected + stats.unexpected === 0 ? 1 : 0);
}

async function postgresReachable() {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (error) {
    console.error(`PostgreSQL at ${databaseUrl} is not reachable: ${error.message}`);
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
let ok = true;
// A failed step that is not itself a test (lint, type check, build) counts as one failure.
const step = (passed) => {
  ok = passed && ok;
  return passed;
};
const check = (passed) => {
  if (!step(passed)) counts.failed += 1;
};

check(run('lint', 'npx', ['eslint', '.']) && run('format', 'npx', ['prettier', '--check', '.']));
check(run('type check', 'npm', ['run', 'typecheck', '--silent']));

const vitestJson = (name) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${results}/${name}.json`,
];
step(
  run('unit and server tests (embedded PostgreSQL)', 'npx', [
    'vitest',
    'run',
    ...vitestJson('vitest-pglite'),
  ]),
);
if (existsSync(`${results}/vitest-pglite.json`)) countVitest(`${results}/vitest-pglite.json`);

if (await postgresReachable()) {
  step(
    run(
      'server tests (PostgreSQL server)',
      'npx',
      [
        'vitest',
        'run',
        'packages/server',
        // The embedded database's own host thread: the same test whatever the server.
        '--exclude',
        'packages/server/src/db/pglite-host.test.ts',
        ...vitestJson('vitest-postgres'),
      ],
      {
        TEST_DATABASE_URL: databaseUrl,
      },
    ),
  );
  if (existsSync(`${results}/vitest-postgres.json`)) countVitest(`${results}/vitest-postgres.json`);
} else {
  check(false);
}

if (existsSync(chromium)) {
  check(run('build web app', 'npm', ['run', 'build', '-w', '@pharmalytics/web', '--silent']));
  step(
    run('browser tests (Chromium)', 'npx', ['playwright', 'test'], {
      CI: 'true',
      CHROMIUM_PATH: chromium,
    }),
  );
  if (existsSync(`${results}/e2e.json`)) countPlaywright(`${results}/e2e.json`);
} else {
  console.error(`Chromium not found at ${chromium}: install it (apt-get install chromium).`);
  check(false);
}

console.log(`\n${counts.passed} passed, ${counts.failed} failed`);
process.exit(ok && counts.failed === 0 ? 0 : 1);
