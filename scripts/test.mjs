// `npm test`: lint, type check, unit and server tests on the embedded database, the server tests
// again on the PostgreSQL server, then the browser tests in Chromium. Nothing is skipped: a
// missing PostgreSQL server or Chromium fails the run.
import { spawn, spawnSync } from 'node:child_process';
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

/**
 * Runs steps side by side (each is one process on one core, mostly), their output held back and
 * printed whole as each ends, so that it does not interleave. Answers whether each passed.
 */
function runTogether(steps) {
  const started = Date.now();
  console.log(`\n▶ ${steps.map((s) => s.title).join(', ')} (side by side)`);
  return Promise.all(
    steps.map(
      ({ title, command, args }) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (code) => {
            process.stdout.write(Buffer.concat(output));
            console.log(
              `◀ ${title}: ${code === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
            );
            resolve(code === 0);
          });
        }),
    ),
  );
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

// The checks that need no test and the web app's build (for the browser tests) share the cores.
const browsers = existsSync(chromium);
const [linted, formatted, typed, schemaCurrent, built] = await runTogether([
  { title: 'lint', command: 'npx', args: ['eslint', '.'] },
  { title: 'format', command: 'npx', args: ['prettier', '--check', '.'] },
  { title: 'type check', command: 'npm', args: ['run', 'typecheck', '--silent'] },
  // packages/server/src/db/schema.ts against a fresh embedded database migrated from the files.
  { title: 'database types', command: 'npm', args: ['run', 'db:types:check', '--silent'] },
  ...(browsers
    ? [
        {
          title: 'build web app',
          command: 'npm',
          args: ['run', 'build', '-w', '@pharmalytics/web', '--silent'],
        },
      ]
    : []),
]);
check(linted && formatted);
check(typed);
check(schemaCurrent);

// Every benchmark at a tiny size, so that a schema or API change that breaks one fails here and
// not on the day somebody measures. The benches needing a server with the demo history
// (bench/analysis-page.ts and the other browser and HTTP ones) are not covered yet.
const benchSmoke = await runTogether([
  {
    title: 'bench smoke: ingestion against COPY (2 stores, 1 month)',
    command: 'npx',
    args: ['tsx', 'bench/ingest.ts', '--stores', '2'],
  },
  {
    title: 'bench smoke: demo data generation (1 month per store)',
    command: 'npx',
    args: ['tsx', 'packages/datagen/src/bench-generate.ts', '20240601', '2026-11-20', '1', '1'],
  },
]);
check(benchSmoke.every(Boolean));

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

/**
 * The server test files that run on the PostgreSQL server as well: those whose behaviour can differ
 * between it and the embedded database, which runs every file above. The rule: a file runs here
 * when it tests SQL of its own beyond single-row reads and writes, transactions, locks, COPY,
 * statement timeouts, or requests raced against each other (one connection on the embedded
 * database, a pool of them on the server). Left to the embedded database: the access rules, input
 * checks and route fuzz (http/, access/), the one-request-at-a-time CRUD of corporations, members,
 * profile, stores and manuals, the demo history (its loads are the ingestion path, which runs
 * here), the table digest (used only by the fuzz) and the tests that open no database. A new test
 * of a listed kind belongs in a listed folder or in this list.
 */
const ON_THE_SERVER_TOO = [
  'packages/server/src/db/', // the connection itself: statement timeout, event loop
  'packages/server/src/ingestion/', // COPY, loads in one transaction, a server killed mid-load
  'packages/server/src/analytics/', // the engine's SQL over every metric and page
  'packages/server/src/maps/', // the maps' statements, the viewport index, the census import
  'packages/server/src/identity/', // lockouts under parallel sign-in attempts
  'packages/server/src/session/', // one ID token used by parallel logins
  'packages/server/src/invitations/', // one invitation used by parallel requests
  'packages/server/src/sign-up/', // one sign-up link used by parallel requests
  'packages/server/src/password-reset/', // one reset link used by parallel requests
  'packages/server/src/reports/', // two servers sending the monthly reports at once
  'packages/server/src/stores/insurance-code.test.ts', // two corporations, one code, at once
  'packages/server/src/masters/seed-masters.test.ts', // COPY of the shipped master files
  'packages/server/src/access/route-gating.test.ts', // tells that this run is on the server
];

if (await postgresReachable()) {
  step(
    run(
      'server tests (PostgreSQL server)',
      'npx',
      [
        'vitest',
        'run',
        ...ON_THE_SERVER_TOO,
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

if (browsers) {
  check(built);
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
