import {
  analysisPageByFamily,
  DASHBOARD_METRIC_SLUGS,
  type AnalysisFamily,
  type MetricSlug,
} from '@pharmalytics/domain';
import { memberScope, type AnalysisScope } from '../access/analysis-scope.ts';
import { adminOf } from '../testing/auth.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { generatedWorld, uploadGeneratedMonths } from '../testing/generated-history.ts';
import { recordFactsChange } from './data-version.ts';
import { computeMetric, type MetricQuery } from './engine.ts';
import { MetricCache } from './metric-cache.ts';
import type { AnalyticsReplica } from './replica/analytics-replica.ts';
import { AnalyticsBusy, StatementQueue } from './statement-queue.ts';

let t: TestApp;
let corporationId: number;
let both: AnalysisScope;
let firstStore: AnalysisScope;
const scopeOf = (storeCodes: string[]) => memberScope(t.db, adminOf(corporationId), { storeCodes });
beforeAll(async () => {
  t = await startTestApp();
  // A month of generated history for two stores, sent as their uploaders would.
  await uploadGeneratedMonths(t, generatedWorld(11), ['1001', '1002'], ['2026-10']);
  const stores = await t.db
    .selectFrom('stores')
    .select(['id', 'corporation_id'])
    .where('store_code', 'in', ['1001', '1002'])
    .execute();
  corporationId = stores[0]!.corporation_id;
  both = await scopeOf(['1001', '1002']);
  firstStore = await scopeOf(['1001']);
}, 120_000);
afterAll(() => t.close());

const page = (family: AnalysisFamily) => analysisPageByFamily(family)!;
const query = (fields: Partial<MetricQuery> = {}): MetricQuery => ({
  scope: both,
  from: '2026-10-01',
  to: '2026-10-31',
  axis: 3,
  ...fields,
});

/** The engine, counting its runs; `gate` holds every run until it resolves. */
function countingEngine(gate?: Promise<void>) {
  const counter = {
    runs: 0,
    compute: (async (db, slug, q) => {
      counter.runs += 1;
      await gate;
      return computeMetric(db, slug, q);
    }) as typeof computeMetric,
  };
  return counter;
}

describe('MetricCache', () => {
  it('refuses a new question at once while the queue is full, and still serves kept answers', async () => {
    // A replica that is never ready, whose queue is as full as `full` says; `reaches` reads the
    // change log.
    let full = false;
    let logReads = 0;
    const replica = {
      admit: () => {
        if (full) throw new AnalyticsBusy(5);
      },
      reaches: () => {
        logReads += 1;
        return Promise.resolve(false);
      },
      recordsExecutor: () => t.db,
    } as unknown as AnalyticsReplica;
    const engine = countingEngine();
    const cache = new MetricCache(t.db, { compute: engine.compute, replica });
    const kept = await cache.metric('dispensing_sales', query());
    full = true;
    expect(await cache.metric('dispensing_sales', query())).toEqual(kept);
    await expect(
      cache.metric('dispensing_sales', query({ to: '2026-10-30' })),
    ).rejects.toBeInstanceOf(AnalyticsBusy);
    expect({ runs: engine.runs, logReads }).toEqual({ runs: 1, logReads: 1 });
    full = false;
    expect(await cache.metric('dispensing_sales', query({ to: '2026-10-30' }))).toEqual(
      await computeMetric(t.db, 'dispensing_sales', query({ to: '2026-10-30' })),
    );
  });

  it('the statement queue is full once every place runs and its waiting room is taken', async () => {
    const queue = new StatementQueue({ concurrency: 1, maxWaiting: 1 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const running = queue.run(() => gate);
    expect(queue.full).toBe(false);
    const waiting = queue.run(() => Promise.resolve());
    expect(queue.full).toBe(true);
    expect(() => queue.admit()).toThrow(AnalyticsBusy);
    await expect(queue.run(() => Promise.resolve())).rejects.toBeInstanceOf(AnalyticsBusy);
    release();
    await Promise.all([running, waiting]);
    expect(queue.full).toBe(false);
    expect(() => queue.admit()).not.toThrow();
  });

  it('under load, turns a new call away when it would wait too long, but not the work let in', async () => {
    const queue = new StatementQueue({ concurrency: 1, maxWaiting: 100, maxWaitMs: 100 });
    // Statements of 20 ms: a wait of 100 ms is five statements ahead.
    await queue.run(() => new Promise((resolve) => setTimeout(resolve, 20)));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const work = [queue.run(() => gate)];
    while (queue.counts.waiting < 20) work.push(queue.run(() => Promise.resolve()));
    expect(queue.expectedWaitMs).toBeGreaterThan(100);
    // A member's pages (up to 15 calls computing) are let in, however long the wait.
    expect(() => queue.admit(15)).not.toThrow();
    // Past that, a new call is refused, while a statement of a call already let in still waits.
    expect(() => queue.admit(16)).toThrow(AnalyticsBusy);
    work.push(queue.run(() => Promise.resolve()));
    expect(queue.counts.waiting).toBe(21);
    release();
    await Promise.all(work);
    expect(queue.expectedWaitMs).toBe(0);
    expect(() => queue.admit(16)).not.toThrow();
  });

  it('answers exactly what the engine computes, computed once and then kept', async () => {
    const cache = new MetricCache(t.db);
    const conditions: [MetricSlug, MetricQuery][] = [
      ...DASHBOARD_METRIC_SLUGS.map((slug) => [slug, query()] as [MetricSlug, MetricQuery]),
      ...DASHBOARD_METRIC_SLUGS.map(
        (slug) => [slug, query({ axis: 4, scope: firstStore })] as [MetricSlug, MetricQuery],
      ),
      ['dispensing_sales', query({ axis: 2, page: page('clinic') })],
      ['counts', query({ page: page('medicine_fee'), filters: { genericMedicine: [1] } })],
      ['patient_counts', query({ page: page('age'), filters: { receptionTypes: ['外来'] } })],
    ];
    for (const [slug, q] of conditions) {
      const uncached = await computeMetric(t.db, slug, q);
      expect(uncached.length, slug).toBeGreaterThan(0);
      if (!q.page) expect(uncached, slug).toHaveLength(1);
      expect(await cache.metric(slug, q), slug).toEqual(uncached);
      expect(await cache.metric(slug, q), slug).toEqual(uncached);
    }
    expect(cache.stats()).toMatchObject({
      computed: conditions.length,
      hits: conditions.length,
      entries: conditions.length,
    });
  });

  it('takes a query with its sets in another order for the same query', async () => {
    const cache = new MetricCache(t.db);
    const filters = { genericMedicine: [3, 2], receptionTypes: ['在宅', '外来'] } as const;
    const first = await cache.metric('counts', query({ page: page('medicine_fee'), filters }));
    const again = await cache.metric(
      'counts',
      query({
        page: page('medicine_fee'),
        scope: await scopeOf(['1002', '1001']),
        filters: { genericMedicine: [2, 3, 3] as const, receptionTypes: ['外来', '在宅'] },
      }),
    );
    expect(again).toBe(first);
    expect(cache.stats()).toMatchObject({ computed: 1, hits: 1 });
    // A different set is a different query.
    await cache.metric(
      'counts',
      query({ page: page('medicine_fee'), filters: { genericMedicine: [3] } }),
    );
    expect(cache.stats()).toMatchObject({ computed: 2, hits: 1 });
  });

  it('runs identical queries that arrive together once', async () => {
    let open!: () => void;
    const engine = countingEngine(new Promise<void>((resolve) => (open = resolve)));
    const cache = new MetricCache(t.db, { compute: engine.compute });
    const same = Array.from({ length: 25 }, () => cache.metric('patient_counts', query()));
    const other = cache.metric('patient_counts', query({ axis: 4 }));
    open();
    const answers = await Promise.all(same);
    await other;
    expect(engine.runs).toBe(2);
    expect(cache.stats()).toMatchObject({ computed: 2, joined: 24, hits: 0 });
    for (const answer of answers) expect(answer).toBe(answers[0]);
    expect(answers[0]).toEqual(await computeMetric(t.db, 'patient_counts', query()));
  });

  it('keeps no failed answer: the next call runs the query again', async () => {
    let fail = true;
    const cache = new MetricCache(t.db, {
      compute: async (db, slug, q) => {
        if (fail) throw new Error('the database went away');
        return computeMetric(db, slug, q);
      },
    });
    const joined = [
      cache.metric('dispensing_sales', query()),
      cache.metric('dispensing_sales', query()),
    ];
    for (const call of joined) await expect(call).rejects.toThrow('the database went away');
    fail = false;
    expect(await cache.metric('dispensing_sales', query())).toEqual(
      await computeMetric(t.db, 'dispensing_sales', query()),
    );
    expect(cache.stats()).toMatchObject({ computed: 2, joined: 1, entries: 1 });
  });

  it('stays within its size, dropping the least recently used answers', async () => {
    const engine = countingEngine();
    const maxSize = 8_000;
    const cache = new MetricCache(t.db, { maxSize, compute: engine.compute });
    // A hundred periods on the day-of-week axis: a few hundred characters each, together far more
    // than the room.
    const periods = Array.from({ length: 100 }, (_, i) =>
      query({
        axis: 4,
        from: `2026-10-${String(1 + (i % 10)).padStart(2, '0')}`,
        to: `2026-10-${String(12 + Math.floor(i / 10)).padStart(2, '0')}`,
      }),
    );
    let total = 0;
    for (const q of periods) {
      total += JSON.stringify(await cache.metric('dispensing_sales', q)).length;
      expect(cache.stats().size).toBeLessThanOrEqual(maxSize);
    }
    expect(total).toBeGreaterThan(2 * maxSize);
    expect(cache.stats().entries).toBeGreaterThan(0);
    expect(cache.stats().entries).toBeLessThan(periods.length);
    // The newest is kept; the oldest was dropped and runs again.
    await cache.metric('dispensing_sales', periods.at(-1)!);
    expect(engine.runs).toBe(periods.length);
    await cache.metric('dispensing_sales', periods[0]!);
    expect(engine.runs).toBe(periods.length + 1);
  });

  it('does not keep an answer larger than its share of the room', async () => {
    const cache = new MetricCache(t.db, { maxSize: 16_000 });
    const large = await cache.metric('dispensing_sales', query({ page: page('clinic') }));
    expect(JSON.stringify(large).length).toBeGreaterThan(16_000 / 16);
    expect(cache.stats()).toMatchObject({ computed: 1, entries: 0, size: 0 });
  });

  it('answers from the new facts once the data version has risen', async () => {
    const engine = countingEngine();
    const cache = new MetricCache(t.db, { compute: engine.compute });
    await cache.metric('prescription_counts', query());
    await cache.metric('prescription_counts', query({ scope: await scopeOf(['1001', '1002']) }));
    expect(engine.runs).toBe(1);
    await t.db.transaction().execute((trx) => recordFactsChange(trx, { corporationId }));
    await cache.metric('prescription_counts', query({ scope: await scopeOf(['1001', '1002']) }));
    expect(engine.runs).toBe(2);
  });
});
