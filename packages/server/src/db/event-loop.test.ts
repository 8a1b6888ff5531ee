import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchEventLoop } from '../testing/event-loop.ts';
import { generatedFile, generatedWorld } from '../testing/generated-history.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { uploadFile } from '../testing/upload.ts';

/**
 * The most the event loop may be held by one stretch of work, in ms. A parse or a statement held
 * it for seconds before; the bound leaves room for the scheduler and the garbage collector of a
 * busy two-core machine, where other test files share the cores (a quiet run measures 40–50 ms,
 * a loaded one up to 260 ms).
 */
const BOUND_MS = 600;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(() => t?.close());

/**
 * Runs `work` while /healthz is asked every 25 ms, watching the event loop of this process (the
 * server runs in it): the answers' times, the loop's delay and its longest stretch of work.
 */
async function whileProbing(work: () => Promise<unknown>) {
  const answers: number[] = [];
  let done = false;
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      const reply = await fetch(`${t.baseUrl}/healthz`);
      expect(reply.status).toBe(200);
      answers.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  const started = performance.now();
  const loop = await watchEventLoop(async () => {
    try {
      await work();
    } finally {
      done = true;
      await probing;
    }
  });
  const seconds = (performance.now() - started) / 1000;
  answers.sort((a, b) => a - b);
  const report = {
    ...loop,
    seconds,
    probes: answers.length,
    medianHealthzMs: answers[Math.floor(answers.length / 2)] ?? Infinity,
    slowestHealthzMs: answers.at(-1) ?? Infinity,
  };
  console.log(
    `${seconds.toFixed(1)} s: /healthz ${report.probes} answers, median ` +
      `${report.medianHealthzMs.toFixed(0)} ms, slowest ${report.slowestHealthzMs.toFixed(0)} ms; ` +
      `event loop delay at most ${loop.maxDelayMs.toFixed(0)} ms, ` +
      `longest stretch of work ${loop.longestTaskMs} ms`,
  );
  return report;
}

/** Asked every 25 ms and answered within the bound, /healthz answers several times a second. */
function expectResponsive(report: Awaited<ReturnType<typeof whileProbing>>) {
  expect(report.longestTaskMs).toBeLessThan(BOUND_MS);
  expect(report.medianHealthzMs).toBeLessThan(BOUND_MS);
  expect(report.probes).toBeGreaterThan(report.seconds * 4);
}

describe('the server answers while the database works', () => {
  it('during a slow query', async () => {
    const report = await whileProbing(() =>
      Promise.all([
        sql`select pg_sleep(1.5)`.execute(t.db),
        sql`select count(*) from generate_series(1, 3000000)`.execute(t.db),
      ]),
    );
    expectResponsive(report);
  }, 60_000);

  it('during dashboard calls over the longest periods', async () => {
    const sysadmin = t.client(); // may call the /v2 twin as well
    await sysadmin.login('sysadmin@example.com');
    const calls = [
      // Twenty years by year, and 730 days by day.
      { axis: 1, base: ['2006-04-01', '2026-03-31'], comparison: ['1986-04-01', '2006-03-31'] },
      { axis: 3, base: ['2024-10-01', '2026-09-30'], comparison: ['2022-10-02', '2024-09-30'] },
    ];
    const report = await whileProbing(async () => {
      for (const { axis, base, comparison } of calls) {
        const query = new URLSearchParams({
          baseFrom: base[0]!,
          baseTo: base[1]!,
          comparisonTargetFrom: comparison[0]!,
          comparisonTargetTo: comparison[1]!,
          periodCode: String(axis),
          storeCodes: '1001,1002',
        });
        for (const version of ['v2', 'v3']) {
          const reply = await sysadmin.get(`/${version}/dashboard/patient_counts?${query}`);
          expect(reply.status).toBe(200);
          expect(reply.body.source.rows).toHaveLength(axis === 1 ? 21 : 730);
        }
      }
    });
    expectResponsive(report);
  }, 60_000);

  it('during the load of a large file', async () => {
    const world = generatedWorld(5);
    const { records, file } = generatedFile(world, '1001', [
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
    ]);
    console.log(`${(file.length / 1e6).toFixed(1)} MB, ${records.length} prescriptions`);
    const report = await whileProbing(async () => {
      const reply = await uploadFile(t, '1001', file, 'four-months.csv');
      expect(reply.body).toMatchObject({ status: 'loaded', prescriptionsLoaded: records.length });
    });
    expectResponsive(report);
  }, 180_000);
});
