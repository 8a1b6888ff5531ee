import { get } from 'node:http';
import { MESSAGES } from '@pharmalytics/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedFile, generatedWorld } from '../testing/generated-history.ts';
import { SESSION_COOKIE } from '../session/session-store.ts';
import { HttpClient } from '../testing/http-client.ts';
import { replicaCaughtUp } from '../testing/replica.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { uploadFile } from '../testing/upload.ts';

// One statement at a time on the replica and a few waiting: a burst of uncached calls fills it.
let t: TestApp;
const world = generatedWorld(5);

beforeAll(async () => {
  t = await startTestApp({ env: { ANALYTICS_CONCURRENCY: '1', ANALYTICS_QUEUE_LIMIT: '3' } });
  const reply = await uploadFile(t, '1001', generatedFile(world, '1001', ['2026-08']).file);
  expect(reply.body).toMatchObject({ status: 'loaded', rowsRefused: 0 });
  await replicaCaughtUp(t.app, t.db);
}, 120_000);
afterAll(() => t?.close());

/** A daily sales window of store 1001 ending on `day` of August: each day a call of its own. */
const sales = (day: number) =>
  `/v3/pharmacy/dispensing_sales?from=2026-08-01&to=2026-08-${String(day).padStart(2, '0')}&periodCode=1&storeCodes=1001`;

const statements = () => t.app.services.replica!.statements;

/**
 * Four calls of the windows of August starting on `from`, each on a socket of its own that the
 * test destroys as a browser leaving the page does; other windows than the other tests ask, so
 * that none is answered from the cache.
 */
async function leavingCalls(from: string) {
  const admin = new HttpClient(t.baseUrl);
  await admin.login('admin@example.com');
  const cookie = `${SESSION_COOKIE}=${admin.cookie(SESSION_COOKIE)}`;
  return Array.from({ length: 4 }, (_, i) => {
    const call = get(t.baseUrl + sales(i + 4).replace('from=2026-08-01', `from=${from}`), {
      headers: { cookie },
      agent: false,
    });
    call.on('error', () => {});
    return call;
  });
}

async function settled(timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (statements().running + statements().waiting > 0) {
    if (Date.now() > deadline) throw new Error(`still busy: ${JSON.stringify(statements())}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the analytics queue of the replica', () => {
  it('answers a call past its bound 503 with Retry-After at once, and the others as before', async () => {
    const admin = new HttpClient(t.baseUrl);
    await admin.login('admin@example.com');
    const replies = await Promise.all(
      Array.from({ length: 24 }, (_, i) => admin.get(sales(i + 2))),
    );
    const busy = replies.filter((r) => r.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const reply of busy) {
      expect(reply.body).toEqual({ statusCode: 503, message: MESSAGES.analyticsBusy });
      expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(replies.every((r) => r.status === 200 || r.status === 503)).toBe(true);
    await settled(5_000);

    // Asked again one at a time, every window answers, with the figures of the system of record.
    const sysadmin = new HttpClient(t.baseUrl);
    await sysadmin.login('sysadmin@example.com');
    for (const day of [2, 13, 25]) {
      const v3 = await admin.get(sales(day));
      expect(v3.status).toBe(200);
      const v2 = await sysadmin.get(sales(day).replace('/v3/', '/v2/'));
      expect(v3.body).toEqual(v2.body);
    }
    const answered = replies.findIndex((r) => r.status === 200);
    if (answered >= 0)
      expect((await admin.get(sales(answered + 2))).body).toEqual(replies[answered]!.body);
  });

  it('drops the statements of calls whose client has gone', async () => {
    const before = statements().dropped;
    const calls = await leavingCalls('2026-08-02');
    const deadline = Date.now() + 5_000;
    while (statements().waiting === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(statements().waiting).toBeGreaterThan(0);
    for (const call of calls) call.destroy();
    await settled(2_000);
    expect(statements().dropped).toBeGreaterThan(before);
    expect(statements()).toMatchObject({ running: 0, waiting: 0 });
  });

  it('starts nothing for a call whose client left while its sign-in was being checked', async () => {
    // The sign-in check is held until the clients have gone, as a busy database holds it.
    const { sessions, metrics } = t.app.services;
    const authContextOf = sessions.authContextOf.bind(sessions);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let checking = 0;
    sessions.authContextOf = async (id) => {
      checking += 1;
      await gate;
      return authContextOf(id);
    };
    try {
      const before = metrics.stats();
      const calls = await leavingCalls('2026-08-03');
      const deadline = Date.now() + 5_000;
      while (checking < calls.length && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect(checking).toBe(calls.length);
      for (const call of calls) call.destroy();
      await new Promise((resolve) => setTimeout(resolve, 100));
      release();
      // Each call reaches the answers and is turned away there, its client gone.
      while (metrics.stats().abandoned - before.abandoned < calls.length) {
        if (Date.now() > deadline + 5_000) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect(metrics.stats().abandoned - before.abandoned).toBe(calls.length);
      expect(metrics.stats().computed).toBe(before.computed);
      expect(statements()).toMatchObject({ running: 0, waiting: 0 });
    } finally {
      sessions.authContextOf = authContextOf;
    }
  });
});
