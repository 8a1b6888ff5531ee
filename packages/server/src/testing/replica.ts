import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ANALYSIS_PAGES,
  DASHBOARD_METRIC_SLUGS,
  TIME_AXES,
  type MetricSlug,
} from '@pharmalytics/domain';
import { sql } from 'kysely';
import { memberScope } from '../access/analysis-scope.ts';
import { computeMetric, type MetricQuery, type MetricSeries } from '../analytics/engine.ts';
import type { App } from '../app.ts';
import type { Database } from '../db/connection.ts';
import { lastLoggedChange } from '../analytics/data-version.ts';
import { executorOf, type AnalyticsExecutor } from '../analytics/executors.ts';
import { loadSecrets } from '../secrets.ts';
import { adminOf } from './auth.ts';
import { HttpClient } from './http-client.ts';
import { listeningApp, testConfig, type TestApp } from './test-app.ts';

/** Waits until the app's replica is built and has applied every change committed now. */
export async function replicaCaughtUp(app: App, db: Database, timeoutMs = 60_000): Promise<void> {
  const replica = app.services.replica;
  if (!replica) throw new Error('the app has no analytics replica');
  await replica.whenBuilt();
  const target = await lastLoggedChange(db);
  const deadline = Date.now() + timeoutMs;
  while (!replica.ready || replica.appliedChange < target) {
    if (Date.now() > deadline) {
      throw new Error(`replica at change ${replica.appliedChange}, log at ${target}`);
    }
    await replica.sync();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Another server process's worth of app on the same database, with its own DATA_DIR. */
export async function secondServer(
  t: TestApp,
  options: { dataDir?: string; env?: Record<string, string> } = {},
) {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'pharmalytics-second-'));
  const config = testConfig(dataDir, options.env);
  const { app, baseUrl } = await listeningApp(config, t.db, await loadSecrets(undefined));
  return { app, dataDir, baseUrl, client: () => new HttpClient(baseUrl), close: () => app.close() };
}

const FINGERPRINTS = {
  prescriptions: `select count(*) as n, sum(id) as ids, sum(sales_yen) as yen,
    sum(technical_points) as points, count(distinct patient_id) as patients from prescriptions`,
  prescription_fees: `select count(*) as n, sum(prescription_id) as ids, sum(points * count) as points
    from prescription_fees`,
  prescription_medicines: `select count(*) as n, sum(prescription_id) as ids, sum(amount_yen) as yen,
    sum(quantity) as quantity, sum(generic_class) as classes from prescription_medicines`,
  prescription_materials: `select count(*) as n, sum(prescription_id) as ids, sum(amount_yen) as yen
    from prescription_materials`,
  patients: `select count(*) as n, sum(id) as ids, count(city) as cities from patients
    where id in (select patient_id from prescriptions)`,
  stores: `select count(*) as n, sum(id) as ids, string_agg(name, ',' order by id) as names
    from stores where id in (select store_id from prescriptions)`,
};

/**
 * Counts and sums of the replicated facts, by the same SQL on either side: equal on the system
 * of record and the replica when nothing was lost or doubled. `where` narrows prescriptions.
 */
export async function factsFingerprint(
  on: Database | AnalyticsExecutor,
): Promise<Record<string, string>> {
  const executor = executorOf(on);
  const entries = await Promise.all(
    Object.entries(FINGERPRINTS).map(async ([table, query]) => {
      const [row] = await executor.rows(sql.raw(query));
      const text = Object.entries(row!)
        .map(([k, v]) => `${k}=${v === null ? 'null' : Number(v)}`)
        .join(' ');
      return [table, text] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** A corporation's stores, scoped as its administrator sees them. */
export async function wholeScope(db: Database, storeCodes: readonly string[]) {
  const { corporation_id } = await db
    .selectFrom('stores')
    .select('corporation_id')
    .where('store_code', '=', storeCodes[0]!)
    .executeTakeFirstOrThrow();
  return memberScope(db, adminOf(corporation_id), { storeCodes });
}

const byKey = (series: MetricSeries[]) =>
  [...series].sort((a, b) => String(a.key).localeCompare(String(b.key)));

/**
 * Every metric of every analysis page (monthly) and of the dashboard (on every time axis, the
 * one expression written per dialect) over a period, on the system of record and on the
 * replica: the series that differ (none when the two engines agree).
 */
export async function enginesDisagree(
  t: TestApp,
  storeCodes: readonly string[],
  range: { from: string; to: string },
): Promise<string[]> {
  await replicaCaughtUp(t.app, t.db);
  const scope = await wholeScope(t.db, storeCodes);
  const replica = t.app.services.replica!.executor();
  const queries: [MetricSlug, MetricQuery][] = [
    ...DASHBOARD_METRIC_SLUGS.flatMap((slug) =>
      TIME_AXES.map(
        ({ value: axis }) => [slug, { scope, ...range, axis }] as [MetricSlug, MetricQuery],
      ),
    ),
    ...ANALYSIS_PAGES.flatMap((page) =>
      page.metrics.map(
        (slug) => [slug, { scope, ...range, axis: 2, page }] as [MetricSlug, MetricQuery],
      ),
    ),
  ];
  const differing: string[] = [];
  for (const [slug, query] of queries) {
    const [records, replicated] = await Promise.all([
      computeMetric(t.db, slug, query),
      computeMetric(replica, slug, query),
    ]);
    if (JSON.stringify(byKey(records)) !== JSON.stringify(byKey(replicated))) {
      differing.push(`${query.page?.family ?? 'dashboard'} ${slug} axis ${query.axis}`);
    }
  }
  return differing;
}
