/**
 * Analytics benchmark: a generated corporation of 30 stores with two years of history goes
 * through the real ingestion path into the embedded database (PGlite, in a temporary directory)
 * and into a fresh schema on a PostgreSQL server; the 11 dashboard metrics are then timed through
 * the engine (computeMetric) on both, for the last 30 days (daily axis) and the last 12 months
 * (monthly axis). The same raw facts are exported to CSV files and loaded into DuckDB, which
 * computes the same metrics with its own SQL; its values are checked against the engine's.
 *
 * The analytics replica (a DuckDB file kept from the change log) is then built over the
 * PostgreSQL server's schema (or PGlite's when only it is loaded) and timed beside them: the
 * dashboard metrics and one call of every analysis page, its series checked equal to the system
 * of record's, and R1 = replica ÷ plain DuckDB. Finally the real server is started on that
 * database and replica and timed through HTTP: the whole dashboard (its 11 calls, 6 at a time),
 * every /v3 chart call with 4 callers at once, and 20 uploads until /v3 shows them. A summary
 * of every target closes the output.
 *
 *   npx tsx bench/analytics.ts                          # bench-M: 30 stores, 24 months (15+ minutes)
 *   npx tsx bench/analytics.ts --stores 100 --months 36 --engines server   # bench-L
 *   npx tsx bench/analytics.ts --stores 3 --months 2    # a quick run
 *
 * Other flags: --runs N (timed runs, 15; also the timed rounds through HTTP), --warmups N (2),
 * --engines lite,server (the systems of record to load, both by default; loading bench-L
 * into PGlite too would take too long), --url URL (the PostgreSQL server,
 * postgres://postgres@127.0.0.1:5432/test), --in-flight K (files loaded at once, 4, as the
 * stores' uploaders send them), --keep (keep the temporary directory).
 * Both PostgreSQL databases are analyzed after loading. Exits with 1 when a value differs or a
 * call fails; targets missed are printed, not failed.
 */
import { Readable } from 'node:stream';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { createDemoWorld, generateStoreMonth, toDispensingCsv } from '@pharmalytics/datagen';
import {
  ANALYSIS_PAGES,
  comparisonRange,
  DASHBOARD_METRIC_SLUGS,
  presetRange,
  timeAxis,
  type AnalysisFamily,
  type DashboardMetricSlug,
  type DateRange,
  type MetricSlug,
  type TimeAxisValue,
} from '@pharmalytics/domain';
import { sql } from 'kysely';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { allBrowsableScope } from '../packages/server/src/access/analysis-scope.ts';
import { buildApp, type App } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { dataVersion, recordFactsChange } from '../packages/server/src/analytics/data-version.ts';
import {
  computeMetric,
  type MetricQuery,
  type MetricSeries,
} from '../packages/server/src/analytics/engine.ts';
import { AnalyticsReplica } from '../packages/server/src/analytics/replica/analytics-replica.ts';
import { adminOf } from '../packages/server/src/testing/auth.ts';
import { HttpClient } from '../packages/server/src/testing/http-client.ts';
import { factsFingerprint, replicaCaughtUp } from '../packages/server/src/testing/replica.ts';
import type { TestApp } from '../packages/server/src/testing/test-app.ts';
import { uploadFile } from '../packages/server/src/testing/upload.ts';
import { openDatabase, type Database } from '../packages/server/src/db/connection.ts';
import { copyOut } from '../packages/server/src/db/copy.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { seedDemoIfEmpty } from '../packages/server/src/demo/seed.ts';
import { townGeocoder } from '../packages/server/src/geocoding/town-geocoder.ts';
import { ingestFile } from '../packages/server/src/ingestion/ingest-file.ts';
import { seedDemoMasters } from '../packages/server/src/demo/demo-data.ts';
import { loadSecrets } from '../packages/server/src/secrets.ts';
import { createDeviceUser } from '../packages/server/src/stores/device-users.ts';
import { SecretBox } from '../packages/server/src/tokens/secret-box.ts';
import { benchCorporation, insertBenchStores } from './bench-corporation.ts';

const { values: flags } = parseArgs({
  options: {
    stores: { type: 'string', default: '30' },
    months: { type: 'string', default: '24' },
    runs: { type: 'string', default: '15' },
    warmups: { type: 'string', default: '2' },
    engines: { type: 'string', default: 'lite,server' },
    url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    'in-flight': { type: 'string', default: '4' },
    keep: { type: 'boolean', default: false },
  },
});
const positive = (name: string, text: string) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer`);
  return n;
};
const STORES = positive('stores', flags.stores);
const MONTHS = positive('months', flags.months);
const RUNS = positive('runs', flags.runs);
const WARMUPS = Number(flags.warmups);
const IN_FLIGHT = positive('in-flight', flags['in-flight']);
const SERVER_URL = flags.url;
const ENGINES = new Set(
  flags.engines
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean),
);
if (ENGINES.size === 0 || [...ENGINES].some((e) => e !== 'lite' && e !== 'server')) {
  throw new Error('--engines takes lite, server or both (lite,server)');
}

/** The server's defaults for DuckDB (threads, memory), given to the replica and plain DuckDB. */
const DUCKDB_SETTINGS = loadConfig({}).analytics;

const SEED = 1;
/** Last day with data; "today" is the day after it, so the windows end on it. */
const END_DATE = '2026-10-31';
const TODAY = '2026-11-01';
const LAST_MONTH = END_DATE.slice(0, 7);

interface Window {
  label: string;
  range: DateRange;
  axis: TimeAxisValue;
}
const WINDOWS: Window[] = [
  {
    label: '30d daily',
    range: presetRange('last30Days', TODAY),
    axis: timeAxis('daily').value,
  },
  {
    label: '12m monthly',
    range: presetRange('last12Months', TODAY),
    axis: timeAxis('monthly').value,
  },
];

// ---------------------------------------------------------------------------------------------
// Small helpers

/** The query of a dashboard call: a period against the previous year's (comparison type 2). */
function dashboardQuery(base: DateRange, axis: 'monthly' | 'daily', storeCodes: string) {
  const comparison = comparisonRange(base, 2);
  return new URLSearchParams({
    baseFrom: base.from,
    baseTo: base.to,
    comparisonTargetFrom: comparison.from,
    comparisonTargetTo: comparison.to,
    periodCode: String(timeAxis(axis).value),
    storeCodes,
  });
}

const tmp = mkdtempSync(join(tmpdir(), 'bench-analytics-'));
const schema = `bench_analytics_${process.pid}`;
const startedAt = performance.now();
const elapsed = () => {
  const s = Math.round((performance.now() - startedAt) / 1000);
  return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
};
const log = (message: string) => console.log(`[${elapsed()}] ${message}`);
const int = (n: number) => n.toLocaleString('en-US');

/** The months ending with LAST_MONTH, oldest first (yyyy-MM). */
function monthsEndingWith(last: string, count: number): string[] {
  const [year, month] = last.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const index = year * 12 + (month - 1) - (count - 1 - i);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

interface Timing {
  median: number;
  p95: number;
}
/** Median and p95 (nearest rank) of samples in ms. */
function timingOf(samples: readonly number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  if (sorted.length === 0) return { median: NaN, p95: NaN };
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  const p95 = sorted[Math.ceil(sorted.length * 0.95) - 1]!;
  return { median, p95 };
}
/** Median and p95 (nearest rank) in ms of `runs` calls after `warmups` untimed ones. */
async function timed<T>(run: () => Promise<T>): Promise<{ timing: Timing; value: T }> {
  let value = undefined as T;
  for (let i = 0; i < WARMUPS; i++) value = await run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    value = await run();
    samples.push(performance.now() - start);
  }
  return { timing: timingOf(samples), value };
}

/** Runs the tasks with at most `width` of them at once; answers their results in order. */
async function inParallel<T>(tasks: readonly (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, tasks.length) }, worker));
  return results;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A small deterministic generator (the same order of calls on every run). */
function random(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % n;
  };
}
function shuffled<T>(items: readonly T[], pick: (n: number) => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The corporation and its generated history

// A corporation of STORES stores modelled on the advanced demo one (as bench/ingest.ts builds it).
// Each store is in a district of its own (digits 4-5 of its code): the generator numbers the
// clinics of a district in sequence, and 30 stores in one district run past the four digits of a
// 医療機関コード, whose lines the ingestion then refuses.
const corporation = benchCorporation(STORES);
const towns = townGeocoder().townsOf('福岡県');
const world = createDemoWorld({
  seed: SEED,
  endDate: END_DATE,
  years: Math.ceil(MONTHS / 12),
  corporations: [corporation],
  towns,
});
const months = monthsEndingWith(LAST_MONTH, MONTHS);

/**
 * The days the freshness phase uploads: after END_DATE, from a world of the first bench store
 * that runs two months further (the history's world stops at END_DATE).
 */
const FRESH_UPLOADS = 20;
function freshDays() {
  const store = corporation.stores[0]!;
  const later = createDemoWorld({
    seed: SEED,
    endDate: '2026-12-31',
    years: 1,
    corporations: [{ ...corporation, stores: [store] }],
    towns,
  });
  const records = ['2026-11', '2026-12'].flatMap((m) =>
    generateStoreMonth(later, store.storeCode, m),
  );
  const days = [...new Set(records.map((r) => r.dispensingDate))].sort().slice(0, FRESH_UPLOADS);
  return days.map((day) => ({
    day,
    csv: toDispensingCsv(
      records.filter((r) => r.dispensingDate === day),
      store.insuranceInstitutionCode,
    ),
  }));
}

/** The server's secrets (the uploader keys are sealed with its data key). */
const secrets = await loadSecrets(undefined);
const box = new SecretBox(secrets.dataKey);

// ---------------------------------------------------------------------------------------------
// The PostgreSQL databases (the systems of record)

interface Target {
  name: string;
  db: Database;
  uploadsDir: string;
  corporationId: number;
  storeIds: Map<string, number>;
  ingestSeconds: number;
}

/** Migrations, the demo seed, the demo medicines (generic classes) and the benchmark's stores. */
async function prepare(name: string, db: Database, dbSchema?: string): Promise<Target> {
  await migrateToLatest(db, dbSchema);
  await seedDemoIfEmpty(db, box);
  await seedDemoMasters(db);
  const { corporationId, storeIds } = await insertBenchStores(db, corporation);
  const uploadsDir = join(tmp, `uploads-${name.toLowerCase()}`);
  mkdirSync(uploadsDir);
  return { name, db, uploadsDir, corporationId, storeIds, ingestSeconds: 0 };
}

async function ingest(target: Target, store: (typeof corporation.stores)[number], csv: string) {
  const start = performance.now();
  const result = await ingestFile(
    target.db,
    target.uploadsDir,
    {
      corporationId: target.corporationId,
      storeId: target.storeIds.get(store.storeCode)!,
      storeCode: store.storeCode,
      storeName: store.name,
      insuranceInstitutionCode: store.insuranceInstitutionCode,
      userName: 'bench',
    },
    `dispensing_${store.storeCode}.csv`,
    Readable.from([csv]),
  );
  target.ingestSeconds += (performance.now() - start) / 1000;
  if (result.status !== 'loaded' || result.rowsRefused > 0) {
    throw new Error(`${target.name}: ${store.storeCode} ${result.status} ${result.message ?? ''}`);
  }
  return result.prescriptionsLoaded;
}

async function rowCounts(target: Target) {
  const { rows } = await sql<{ prescriptions: number; medicines: number; classified: number }>`
    select (select count(*) from prescriptions where corporation_id = ${target.corporationId})
        as prescriptions,
      (select count(*) from prescription_medicines where corporation_id = ${target.corporationId})
        as medicines,
      (select count(*) from prescription_medicines where corporation_id = ${target.corporationId}
        and generic_class is not null) as classified`.execute(target.db);
  return rows[0]!;
}

// ---------------------------------------------------------------------------------------------
// DuckDB: the same metrics over the exported facts

/**
 * Receptions (受付: one patient's visit with the sheets of one institution) with a sheet meeting a
 * condition, as the replica's layout marks them on each reception's first sheet (plain DuckDB
 * reads the replica's sheets, see below): bits 1 手帳, 2 手帳 known, 4 新規, 8 再来.
 */
const receptionsWith = (bit: number) => `count(*) filter (where (reception_flags & ${bit}) <> 0)`;
const percent = (numerator: string, denominator: string) =>
  `case when (${denominator}) > 0 then round((${numerator})::double * 1000 / (${denominator})::double) / 10 end`;
const perUnit = (amount: string, units: string) =>
  `case when (${units}) > 0 then round((${amount})::double / (${units})::double) end`;

interface DuckMetric {
  grain: 'prescription' | 'medicine' | 'institution';
  /** The value of a bucket and of the total (over the prescriptions, or their medicine lines). */
  value: string;
  /** The engine's value of a bucket without data. */
  empty: 0 | null;
}
const SALES = 'sum(sales_yen)';
const PATIENTS = 'count(distinct patient_id)';
const DUCK_METRICS: Record<DashboardMetricSlug, DuckMetric> = {
  dispensing_sales: { grain: 'prescription', value: SALES, empty: 0 },
  prescription_counts: { grain: 'prescription', value: 'count(*)', empty: 0 },
  prescription_unit_price: {
    grain: 'prescription',
    value: perUnit(SALES, 'count(*)'),
    empty: null,
  },
  patient_counts: { grain: 'prescription', value: PATIENTS, empty: 0 },
  patient_unit_price: { grain: 'prescription', value: perUnit(SALES, PATIENTS), empty: null },
  prescription_concentration_rates: {
    grain: 'institution',
    value: percent('sum(top1)', 'sum(receptions)'),
    empty: null,
  },
  prescription_concentration_rates_top3: {
    grain: 'institution',
    value: percent('sum(top3)', 'sum(receptions)'),
    empty: null,
  },
  generic_dispensing_rates: {
    grain: 'prescription',
    value: percent('coalesce(sum(generic_quantity), 0)', 'coalesce(sum(eligible_quantity), 0)'),
    empty: null,
  },
  medicine_note_rates: {
    grain: 'prescription',
    value: percent(receptionsWith(1), receptionsWith(2)),
    empty: null,
  },
  new_reception_counts: {
    grain: 'prescription',
    value: receptionsWith(4),
    empty: 0,
  },
  re_reception_counts: {
    grain: 'prescription',
    value: receptionsWith(8),
    empty: 0,
  },
};

/**
 * Plain SQL's bucket of a sheet `p` on a window's axis, as the engine groups it on the replica (a
 * number: the day, or year × 100 + month), and its label in periodBuckets' format from `b`.
 */
function plainBucket(window: Window): { key: string; label: string } {
  return window.axis === timeAxis('daily').value
    ? { key: 'p.dispensing_date', label: `strftime(b, '%Y-%m-%d')` }
    : {
        key: 'year(p.dispensing_date) * 100 + month(p.dispensing_date)',
        label: `printf('%04d-%02d', b // 100, b % 100)`,
      };
}

function duckQuery(slug: DashboardMetricSlug, window: Window, storeIds: number[]): string {
  const metric = DUCK_METRICS[slug];
  const bucket = plainBucket(window);
  const where = `p.store_id in (${storeIds.join(', ')})
    and p.dispensing_date between date '${window.range.from}' and date '${window.range.to}'`;
  const facts =
    metric.grain === 'medicine'
      ? `prescription_medicines l join prescriptions p on p.id = l.prescription_id`
      : 'prescriptions p';
  if (metric.grain === 'institution') {
    // Each store's receptions by institution, per bucket and over the period; then each store's
    // top one(s), summed over the stores (集中率 over stores weighs each store's own rate).
    return `
      with f as (select p.*, ${bucket.key} as b from ${facts} where ${where}),
      r as (select grouping(b) = 1 as is_total, b, store_id, institution_id,
          count(distinct store_reception_key) as n
        from f group by grouping sets ((b, store_id, institution_id), (store_id, institution_id))),
      s as (select is_total, b, max(n) as top1,
          list_sum(list_slice(list_sort(list(n), 'DESC'), 1, 3)) as top3, sum(n) as receptions
        from r group by is_total, b, store_id)
      select is_total, ${bucket.label} as bucket, ${metric.value} as value
      from s group by is_total, b`;
  }
  return `
    with f as (select ${metric.grain === 'medicine' ? 'p.*, l.quantity, l.generic_class' : 'p.*'},
        ${bucket.key} as b from ${facts} where ${where})
    select grouping(b) = 1 as is_total, ${bucket.label} as bucket, ${metric.value} as value
    from f group by grouping sets ((b), ())`;
}

interface Values {
  total: number | null;
  buckets: Map<string, number | null>;
}

async function duckValues(duck: DuckDBConnection, query: string): Promise<Values> {
  const reader = await duck.runAndReadAll(query);
  const values: Values = { total: null, buckets: new Map() };
  for (const row of reader.getRowObjectsJS()) {
    const value = row.value === null ? null : Number(row.value);
    if (row.is_total === true) values.total = value;
    else values.buckets.set(String(row.bucket), value);
  }
  return values;
}

/** R1 (replica ÷ plain DuckDB over the same layout) target, per metric and per page. */
const R1_TARGET = 1.2;
const r1Target = (_slug: DashboardMetricSlug) => R1_TARGET;

/**
 * Analysis pages whose default metric plain DuckDB SQL computes simply (a sum or a count of
 * sheets by one column); the other pages' items (time slots, fee sections and lines, medicines,
 * doctors, ages, addresses, visits) need what the export leaves out, and have no R1.
 */
interface FamilyPlain {
  metric: MetricSlug;
  key: string;
  joins: string;
  value: string;
}
const FAMILY_PLAIN: Partial<Record<AnalysisFamily, FamilyPlain>> = {
  pharmacy: {
    metric: 'dispensing_sales',
    key: 's.store_code',
    joins: 'join stores s on s.id = p.store_id',
    value: SALES,
  },
  clinic: {
    metric: 'prescription_counts',
    key: 'm.code',
    joins: 'join medical_institutions m on m.id = p.institution_id',
    value: 'count(*)',
  },
  reception_type: {
    metric: 'prescription_counts',
    key: 'p.reception_type',
    joins: '',
    value: 'count(*)',
  },
  insurance_type: {
    metric: 'prescription_counts',
    key: 'p.insurance_type',
    joins: '',
    value: 'count(*)',
  },
};

function familyQuery(plain: FamilyPlain, window: Window, storeIds: number[]): string {
  const bucket = plainBucket(window);
  return `
    with f as (select ${plain.key} as key, ${bucket.key} as b, p.sales_yen
      from prescriptions p ${plain.joins}
      where p.store_id in (${storeIds.join(', ')})
        and p.dispensing_date between date '${window.range.from}' and date '${window.range.to}')
    select grouping(b) = 1 as is_total, key, ${bucket.label} as bucket, ${plain.value} as value
    from f group by grouping sets ((key, b), (key))`;
}

async function familyValues(duck: DuckDBConnection, query: string): Promise<Map<string, Values>> {
  const reader = await duck.runAndReadAll(query);
  const byKey = new Map<string, Values>();
  for (const row of reader.getRowObjectsJS()) {
    const key = String(row.key);
    let values = byKey.get(key);
    if (!values) byKey.set(key, (values = { total: null, buckets: new Map() }));
    const value = row.value === null ? null : Number(row.value);
    if (row.is_total === true) values.total = value;
    else values.buckets.set(String(row.bucket), value);
  }
  return byKey;
}

/** Series in one order (by key), so that two engines' answers compare as text. */
const seriesText = (series: MetricSeries[]) =>
  JSON.stringify([...series].sort((a, b) => String(a.key).localeCompare(String(b.key))));

// ---------------------------------------------------------------------------------------------
// Main

const mismatches: string[] = [];
const mismatch = (message: string) => {
  mismatches.push(message);
  console.log(`!!!!! MISMATCH: ${message}`);
};
/** Calls through HTTP that failed (a status other than 200, a time-out). */
const failures: string[] = [];
const failure = (message: string) => {
  failures.push(message);
  console.log(`!!!!! FAILED: ${message}`);
};

let server: Database | undefined;
let duckInstance: DuckDBInstance | undefined;
let duck: DuckDBConnection | undefined;
let lite: Database | undefined;
let replica: AnalyticsReplica | undefined;
let app: App | undefined;
let cleanedUp = false;
async function cleanUp() {
  if (cleanedUp) return;
  cleanedUp = true;
  await app?.close();
  await replica?.close();
  duck?.closeSync();
  duckInstance?.closeSync();
  if (server) {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(server);
    await server.destroy();
  }
  await lite?.destroy();
  if (!flags.keep) rmSync(tmp, { recursive: true, force: true });
}
process.once('SIGINT', () => {
  console.log('\ninterrupted: dropping the schema and the temporary directory');
  void cleanUp().finally(() => process.exit(130));
});

/** A target of the summary: what was measured against its bound. */
interface Goal {
  name: string;
  measured: string;
  bound: string;
  met: boolean;
}
const goals: Goal[] = [];
const goal = (name: string, measured: string, bound: string, met: boolean) =>
  goals.push({ name, measured, bound, met });

const fmt = (ms: number) =>
  !Number.isFinite(ms) ? '—' : ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : ms.toFixed(0);
const ratio = (a: number, b: number) => (b > 0 ? a / b : NaN);
const times = (r: number) => (Number.isFinite(r) ? `${r.toFixed(2)}×` : '—');

try {
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(
        ' ',
      )} at start; machine: ${cpus().length} cores, node ${process.version}; ${STORES} stores × ${MONTHS} months ` +
      `(${months[0]}〜${LAST_MONTH}), seed ${SEED}; ${WARMUPS} warm-ups + ${RUNS} timed runs; ` +
      `systems of record: ${[...ENGINES].join(', ')}; DuckDB (plain and replica): ` +
      `${DUCKDB_SETTINGS.threads} thread(s), ${DUCKDB_SETTINGS.memoryLimit}`,
  );
  console.log(
    `temporary directory: ${tmp}${ENGINES.has('server') ? `; server schema: ${schema}` : ''}`,
  );

  // Opened as the server opens it: PGlite on its worker thread, the same type parsers.
  const targets: Target[] = [];
  if (ENGINES.has('lite')) {
    lite = await openDatabase({ dataDir: join(tmp, 'pglite') });
    targets.push(await prepare('PGlite', lite));
  }
  if (ENGINES.has('server')) {
    server = await openDatabase({ url: SERVER_URL, schema });
    targets.push(await prepare('PostgreSQL', server, schema));
  }
  /** The system of record the replica follows and the server runs on. */
  const primary = targets.find((t) => t.name === 'PostgreSQL') ?? targets[0]!;
  const storeIdList = [...primary.storeIds.values()];
  log(`database${targets.length > 1 ? 's' : ''} migrated and seeded`);

  // 1. Load the history through the ingestion path, one file per store-month, a month after
  // another, IN_FLIGHT files at once (generated on this thread while others load).
  let generateSeconds = 0;
  let sheets = 0;
  const files = STORES * MONTHS;
  const loadStart = performance.now();
  let loadWallSeconds = 0;
  for (const [m, month] of months.entries()) {
    const loaded = await inParallel(
      corporation.stores.map((store) => async () => {
        const start = performance.now();
        const records = generateStoreMonth(world, store.storeCode, month);
        const csv = toDispensingCsv(records, store.insuranceInstitutionCode);
        generateSeconds += (performance.now() - start) / 1000;
        let sheetsLoaded = 0;
        for (const [i, target] of targets.entries()) {
          const loaded = await ingest(target, store, csv);
          if (i === 0) sheetsLoaded = loaded;
        }
        return sheetsLoaded;
      }),
      IN_FLIGHT,
    );
    const monthSheets = loaded.reduce((n, count) => n + count, 0);
    sheets += monthSheets;
    const done = (m + 1) * STORES;
    loadWallSeconds = (performance.now() - loadStart) / 1000;
    const eta = Math.round((loadWallSeconds / done) * (files - done));
    log(
      `loaded ${month} (${m + 1}/${MONTHS}): ${int(monthSheets)} prescriptions; files ${done}/${files}; ` +
        `${loadWallSeconds.toFixed(1)} s; ETA ${Math.floor(eta / 60)}m${String(eta % 60).padStart(2, '0')}s`,
    );
  }
  for (const target of targets) await sql`analyze`.execute(target.db);
  log(`loaded ${int(sheets)} prescriptions; ${targets.map((t) => t.name).join(' and ')} analyzed`);

  // 2. Export the raw facts of the corporation from the PostgreSQL server (or PGlite when it is
  // the only one; checked equal to the other's below, series by series) and load them into
  // DuckDB.
  let start = performance.now();
  const exports = {
    prescriptions: `select id, store_id, dispensing_date, reception_id, institution_id, patient_id,
        sales_yen, medicine_notebook, visit_type, reception_type, insurance_type
      from prescriptions where corporation_id = ${primary.corporationId} order by id`,
    prescription_medicines: `select prescription_id, quantity, generic_class
      from prescription_medicines where corporation_id = ${primary.corporationId}
      order by prescription_id, line_no`,
    stores: `select id, store_code from stores where corporation_id = ${primary.corporationId}`,
    medical_institutions: `select id, code from medical_institutions
      where corporation_id = ${primary.corporationId}`,
  };
  const csvPaths: Record<string, string> = {};
  if (server) {
    const exporter = new pg.Client({
      connectionString: SERVER_URL,
      options: `-c search_path=${schema}`,
    });
    await exporter.connect();
    try {
      for (const [table, query] of Object.entries(exports)) {
        const path = join(tmp, `${table}.csv`);
        const csv = exporter.query(copyTo(`copy (${query}) to stdout with (format csv)`));
        await pipeline(csv, createWriteStream(path));
        csvPaths[table] = path;
      }
    } finally {
      await exporter.end();
    }
  } else {
    for (const [table, query] of Object.entries(exports)) {
      const path = join(tmp, `${table}.csv`);
      writeFileSync(path, await copyOut(primary.db, query));
      csvPaths[table] = path;
    }
  }
  const exportSeconds = (performance.now() - start) / 1000;
  start = performance.now();
  duckInstance = await DuckDBInstance.create(join(tmp, 'facts.duckdb'), {
    threads: String(DUCKDB_SETTINGS.threads),
    memory_limit: DUCKDB_SETTINGS.memoryLimit,
  });
  duck = await duckInstance.connect();
  const csvColumns = {
    prescriptions: `{'id': 'BIGINT', 'store_id': 'INTEGER', 'dispensing_date': 'DATE',
      'reception_id': 'VARCHAR', 'institution_id': 'INTEGER', 'patient_id': 'BIGINT',
      'sales_yen': 'BIGINT', 'medicine_notebook': 'BOOLEAN', 'visit_type': 'VARCHAR',
      'reception_type': 'VARCHAR', 'insurance_type': 'VARCHAR'}`,
    prescription_medicines: `{'prescription_id': 'BIGINT', 'quantity': 'DECIMAL(14, 3)',
      'generic_class': 'SMALLINT'}`,
    stores: `{'id': 'INTEGER', 'store_code': 'VARCHAR'}`,
    medical_institutions: `{'id': 'INTEGER', 'code': 'VARCHAR'}`,
  };
  for (const [table, columns] of Object.entries(csvColumns)) {
    await duck.run(`create table ${table} as select * from read_csv('${csvPaths[table]}',
      header = false, columns = ${columns})`);
  }
  const duckLoadSeconds = (performance.now() - start) / 1000;
  const duckCounts = (
    await duck.runAndReadAll(`select (select count(*) from prescriptions) as prescriptions,
      (select count(*) from prescription_medicines) as medicines,
      (select count(*) from prescription_medicines where generic_class is not null) as classified`)
  ).getRowObjectsJS()[0]!;

  // 3. The analytics replica over the system of record, built as a server builds it at start.
  const replicaDir = join(tmp, 'replica');
  mkdirSync(replicaDir);
  start = performance.now();
  replica = await AnalyticsReplica.open({
    db: primary.db,
    dataDir: replicaDir,
    memoryLimit: DUCKDB_SETTINGS.memoryLimit,
    threads: DUCKDB_SETTINGS.threads,
    pollMs: DUCKDB_SETTINGS.pollMs,
    log: {
      info: (message) => log(message),
      warn: (message) => log(`warning: ${message}`),
      error: (message) => log(`error: ${message}`),
    },
  });
  await replica.whenBuilt();
  if (!replica.ready) throw new Error('the analytics replica could not be built');
  const replicaBuildSeconds = (performance.now() - start) / 1000;
  const replicaBytes = ['analytics.duckdb', 'analytics.duckdb.wal']
    .map((name) => join(replicaDir, name))
    .filter((path) => existsSync(path))
    .reduce((n, path) => n + statSync(path).size, 0);
  const replicaExecutor = replica.executor();
  // Plain DuckDB reads the same layout as the replica: its sheets, with their keys and measures
  // as the sync shaped them, copied into plain DuckDB's own file.
  const shapedSheets = join(tmp, 'sheets.parquet');
  await replicaExecutor.rows(
    sql.raw(`copy (select id, store_id, dispensing_date, reception_id, institution_id, patient_id,
        sales_yen, medicine_notebook, visit_type, reception_type, insurance_type, reception_key,
        store_reception_key, reception_flags, generic_quantity, eligible_quantity
      from prescriptions where corporation_id = ${primary.corporationId} order by store_id, dispensing_date)
      to '${shapedSheets}' (format parquet)`),
  );
  await duck.run(
    `create or replace table prescriptions as select * from read_parquet('${shapedSheets}')`,
  );
  const [recordPrints, replicaPrints] = await Promise.all([
    factsFingerprint(primary.db),
    factsFingerprint(replicaExecutor),
  ]);
  for (const [table, text] of Object.entries(recordPrints)) {
    if (replicaPrints[table] !== text) {
      mismatch(`replica ${table}: ${replicaPrints[table]}; ${primary.name} ${text}`);
    }
  }

  // Row counts.
  console.log('');
  console.log('rows                         prescriptions  medicine lines  (with a generic class)');
  for (const target of targets) {
    const c = await rowCounts(target);
    console.log(
      `${target.name.padEnd(28)} ${int(c.prescriptions).padStart(13)} ${int(c.medicines).padStart(15)}  ${int(c.classified).padStart(22)}`,
    );
  }
  console.log(
    `${'DuckDB'.padEnd(28)} ${int(Number(duckCounts.prescriptions)).padStart(13)} ${int(Number(duckCounts.medicines)).padStart(15)}  ${int(Number(duckCounts.classified)).padStart(22)}`,
  );
  for (const window of WINDOWS) {
    const inWindow = (
      await duck.runAndReadAll(`select count(*) as n from prescriptions
        where dispensing_date between date '${window.range.from}' and date '${window.range.to}'`)
    ).getRowObjectsJS()[0]!;
    console.log(
      `window ${window.label.padEnd(12)} ${window.range.from}〜${window.range.to}: ${int(Number(inWindow.n))} prescriptions`,
    );
  }
  const csvBytes = Object.values(csvPaths).reduce((n, path) => n + statSync(path).size, 0);
  console.log(
    `ingestion: ${STORES * MONTHS} files in ${loadWallSeconds.toFixed(1)} s, ${IN_FLIGHT} in flight ` +
      `(${((STORES * MONTHS) / loadWallSeconds).toFixed(1)} files a second; the files' load times ` +
      `added up: ${targets.map((t) => `${t.name} ${t.ingestSeconds.toFixed(1)} s`).join(', ')}; ` +
      `generating the files ${generateSeconds.toFixed(1)} s)`,
  );
  console.log(
    `export to CSV (${(csvBytes / 1e6).toFixed(1)} MB): ${exportSeconds.toFixed(1)} s; ` +
      `DuckDB load: ${duckLoadSeconds.toFixed(1)} s`,
  );
  console.log(
    `analytics replica over ${primary.name}: built in ${replicaBuildSeconds.toFixed(1)} s ` +
      `(${(replicaBytes / 1e6).toFixed(1)} MB with its write-ahead log; facts ` +
      `checked equal by counts and sums)`,
  );
  console.log('');

  // 4. Time every metric on each engine, window by window: the systems of record, the replica
  // and plain DuckDB.
  const columns = [...targets.map((t) => (t.name === 'PostgreSQL' ? 'PG' : t.name)), 'Replica'];
  const REPLICA = columns.length - 1;
  const DUCK = columns.length;
  type Row = {
    slug: DashboardMetricSlug;
    window: Window;
    /** One per system of record, then the replica, then plain DuckDB. */
    timings: Timing[];
    total: number | null;
  };
  const rows: Row[] = [];
  const scopes = new Map<Target, Awaited<ReturnType<typeof allBrowsableScope>>>();
  for (const target of targets) {
    scopes.set(target, await allBrowsableScope(target.db, adminOf(target.corporationId)));
  }
  for (const window of WINDOWS) {
    for (const slug of DASHBOARD_METRIC_SLUGS) {
      const results: MetricSeries[][] = [];
      const timings: Timing[] = [];
      for (const target of targets) {
        const query = { scope: scopes.get(target)!, ...window.range, axis: window.axis };
        const { timing, value } = await timed(() => computeMetric(target.db, slug, query));
        timings.push(timing);
        results.push(value);
      }
      const replicaQuery = { scope: scopes.get(primary)!, ...window.range, axis: window.axis };
      const { timing: replicaTiming, value: replicaSeries } = await timed(() =>
        computeMetric(replicaExecutor, slug, replicaQuery),
      );
      timings.push(replicaTiming);
      const duckSql = duckQuery(slug, window, storeIdList);
      const { timing: duckTiming, value: duckResult } = await timed(() =>
        duckValues(duck!, duckSql),
      );
      timings.push(duckTiming);
      rows.push({ slug, window, timings, total: results[0]?.[0]?.total ?? null });
      log(
        `${slug} ${window.label}: ` +
          timings.map((t) => `${t.median.toFixed(1)}/${t.p95.toFixed(1)} ms`).join(', '),
      );

      // Checks: PGlite = PostgreSQL and replica = system of record (every value), DuckDB =
      // engine (total and every bucket).
      if (results.length > 1 && JSON.stringify(results[0]) !== JSON.stringify(results[1])) {
        mismatch(`${slug} ${window.label}: PGlite and PostgreSQL give different series`);
      }
      const primarySeries = results[targets.indexOf(primary)]!;
      if (JSON.stringify(replicaSeries) !== JSON.stringify(primarySeries)) {
        mismatch(`${slug} ${window.label}: the replica and ${primary.name} give different series`);
      }
      const engineSeries = results[0]!;
      const engine = engineSeries[0];
      if (engineSeries.length !== 1 || !engine) {
        mismatch(`${slug} ${window.label}: ${engineSeries.length} series from the engine`);
        continue;
      }
      if (engine.total !== duckResult.total) {
        mismatch(
          `${slug} ${window.label} total: engine ${engine.total}, DuckDB ${duckResult.total}`,
        );
      }
      const empty = DUCK_METRICS[slug].empty;
      const differing = engine.rows.filter((r) => {
        const duckValue = duckResult.buckets.has(r.date) ? duckResult.buckets.get(r.date) : empty;
        return duckValue !== r.value;
      });
      if (differing.length > 0) {
        const r = differing[0]!;
        mismatch(
          `${slug} ${window.label}: ${differing.length} buckets differ, e.g. ${r.date} engine ` +
            `${r.value}, DuckDB ${duckResult.buckets.get(r.date)}`,
        );
      }
      const unknown = [...duckResult.buckets.keys()].filter(
        (b) => !engine.rows.some((r) => r.date === b),
      );
      if (unknown.length > 0) mismatch(`${slug} ${window.label}: DuckDB buckets ${unknown}`);
    }
  }

  // 5. One call of every analysis page (its default metric, 12 months monthly, every store) on
  // the systems of record and the replica; plain DuckDB where its SQL is simple.
  const familyWindow = WINDOWS.find((w) => w.axis === timeAxis('monthly').value)!;
  type FamilyRow = {
    family: AnalysisFamily;
    metric: MetricSlug;
    series: number;
    /** One per system of record, then the replica, then plain DuckDB when it has the SQL. */
    timings: Timing[];
    plain: Timing | null;
  };
  const familyRows: FamilyRow[] = [];
  for (const page of ANALYSIS_PAGES) {
    const slug = page.defaultMetric;
    const queryOf = (target: Target): MetricQuery => ({
      scope: scopes.get(target)!,
      ...familyWindow.range,
      axis: familyWindow.axis,
      page,
      address: { mode: 'zipCode', text: '' },
      filters: {},
    });
    const results: MetricSeries[][] = [];
    const timings: Timing[] = [];
    for (const target of targets) {
      const query = queryOf(target);
      const { timing, value } = await timed(() => computeMetric(target.db, slug, query));
      timings.push(timing);
      results.push(value);
    }
    const replicaQuery = queryOf(primary);
    const { timing: replicaTiming, value: replicaSeries } = await timed(() =>
      computeMetric(replicaExecutor, slug, replicaQuery),
    );
    timings.push(replicaTiming);
    const label = `${page.family}/${slug}`;
    if (results.length > 1 && seriesText(results[0]!) !== seriesText(results[1]!)) {
      mismatch(`${label}: PGlite and PostgreSQL give different series`);
    }
    const primarySeries = results[targets.indexOf(primary)]!;
    if (seriesText(replicaSeries) !== seriesText(primarySeries)) {
      mismatch(`${label}: the replica and ${primary.name} give different series`);
    }
    let plainTiming: Timing | null = null;
    const plain = FAMILY_PLAIN[page.family];
    if (plain && plain.metric === slug) {
      const plainSql = familyQuery(plain, familyWindow, storeIdList);
      const { timing, value: byKey } = await timed(() => familyValues(duck!, plainSql));
      plainTiming = timing;
      for (const series of primarySeries) {
        const values = byKey.get(String(series.key));
        const differing = series.rows.filter((r) => (values?.buckets.get(r.date) ?? 0) !== r.value);
        if (!values || values.total !== series.total || differing.length > 0) {
          mismatch(
            `${label} ${series.key}: engine total ${series.total}, DuckDB ${values?.total}; ` +
              `${differing.length} buckets differ`,
          );
        }
      }
      const keys = new Set(primarySeries.map((s) => String(s.key)));
      const unknown = [...byKey.keys()].filter((k) => !keys.has(k));
      if (unknown.length > 0) mismatch(`${label}: DuckDB items the engine lacks: ${unknown}`);
    }
    familyRows.push({
      family: page.family,
      metric: slug,
      series: primarySeries.length,
      timings,
      plain: plainTiming,
    });
    log(
      `${label} ${familyWindow.label}: ${primarySeries.length} series; ` +
        [...timings, ...(plainTiming ? [plainTiming] : [])]
          .map((t) => `${t.median.toFixed(1)}/${t.p95.toFixed(1)} ms`)
          .join(', '),
    );
  }

  // 6. The tables.
  const header = [
    'metric'.padEnd(38),
    'window'.padEnd(12),
    ...[...columns, 'DuckDB'].flatMap((c) => [`${c} med`.padStart(11), 'p95'.padStart(8)]),
    ...targets.map((_, i) => `${columns[i]}/Duck`.padStart(12)),
    'R1'.padStart(7),
    'target'.padStart(7),
  ].join(' ');
  console.log('');
  console.log(
    'Median and p95 in ms; ratios of the medians. R1 = replica ÷ plain DuckDB over the same ' +
      `layout (target ≤ ${R1_TARGET} per metric); the sum row’s target weighs each metric’s ` +
      'by its DuckDB time.',
  );
  console.log(header);
  console.log('-'.repeat(header.length));
  const mark = (met: boolean) => (met ? '✓' : '✗');
  for (const window of WINDOWS) {
    const windowRows = rows.filter((r) => r.window === window);
    for (const { slug, timings } of windowRows) {
      const d = timings[DUCK]!;
      const r1 = ratio(timings[REPLICA]!.median, d.median);
      const target = r1Target(slug);
      goal(`R1 ${slug} ${window.label}`, times(r1), `≤ ${target.toFixed(1)}`, r1 <= target);
      console.log(
        [
          slug.padEnd(38),
          window.label.padEnd(12),
          ...timings.flatMap((t) => [fmt(t.median).padStart(11), fmt(t.p95).padStart(8)]),
          ...targets.map((_, i) => times(ratio(timings[i]!.median, d.median)).padStart(12)),
          times(r1).padStart(7),
          `${target.toFixed(1)} ${mark(r1 <= target)}`.padStart(7),
        ].join(' '),
      );
    }
    const sum = (i: number) => windowRows.reduce((n, r) => n + r.timings[i]!.median, 0);
    const r1 = ratio(sum(REPLICA), sum(DUCK));
    const target = ratio(
      windowRows.reduce((n, r) => n + r1Target(r.slug) * r.timings[DUCK]!.median, 0),
      sum(DUCK),
    );
    goal(`R1 all 11 (sums) ${window.label}`, times(r1), `≤ ${target.toFixed(2)}`, r1 <= target);
    console.log(
      [
        'all 11 (sum of medians)'.padEnd(38),
        window.label.padEnd(12),
        ...[...columns, 'DuckDB'].flatMap((_, i) => [fmt(sum(i)).padStart(11), ''.padStart(8)]),
        ...targets.map((_, i) => times(ratio(sum(i), sum(DUCK))).padStart(12)),
        times(r1).padStart(7),
        `${target.toFixed(2)} ${mark(r1 <= target)}`.padStart(7),
      ].join(' '),
    );
    console.log('-'.repeat(header.length));
  }
  console.log('');
  console.log('Totals over each window (engine; DuckDB checked equal):');
  console.log(['metric'.padEnd(38), ...WINDOWS.map((w) => w.label.padStart(14))].join(' '));
  for (const slug of DASHBOARD_METRIC_SLUGS) {
    const totals = WINDOWS.map((w) => rows.find((r) => r.slug === slug && r.window === w)?.total);
    const text = (t: number | null | undefined) =>
      typeof t === 'number' ? t.toLocaleString('en-US', { maximumFractionDigits: 1 }) : '—';
    console.log([slug.padEnd(38), ...totals.map((t) => text(t).padStart(14))].join(' '));
  }

  console.log('');
  console.log(
    `Analysis pages, default metric, ${familyWindow.label} (${familyWindow.range.from}〜` +
      `${familyWindow.range.to}), every store: median and p95 in ms; each page's series checked ` +
      `equal on the replica and ${primary.name}.`,
  );
  const plainFamilies = familyRows.filter((r) => r.plain).map((r) => r.family);
  console.log(
    `R1 against plain DuckDB SQL for ${plainFamilies.join(', ')} (a sum or count of sheets by ` +
      `one column, values checked); the other pages have no plain SQL here (—).`,
  );
  const familyHeader = [
    'page/metric'.padEnd(50),
    'series'.padStart(6),
    ...columns.flatMap((c) => [`${c} med`.padStart(11), 'p95'.padStart(8)]),
    'Duck med'.padStart(9),
    'R1'.padStart(7),
  ].join(' ');
  console.log(familyHeader);
  console.log('-'.repeat(familyHeader.length));
  for (const r of familyRows) {
    const r1 = r.plain ? ratio(r.timings[REPLICA]!.median, r.plain.median) : NaN;
    if (r.plain) {
      goal(`R1 page ${r.family}/${r.metric}`, times(r1), `≤ ${R1_TARGET}`, r1 <= R1_TARGET);
    }
    console.log(
      [
        `${r.family}/${r.metric}`.padEnd(50),
        String(r.series).padStart(6),
        ...r.timings.flatMap((t) => [fmt(t.median).padStart(11), fmt(t.p95).padStart(8)]),
        (r.plain ? fmt(r.plain.median) : '—').padStart(9),
        (r.plain ? `${times(r1)} ${mark(r1 <= R1_TARGET)}` : '—').padStart(7),
      ].join(' '),
    );
  }
  const familySum = (i: number) => familyRows.reduce((n, r) => n + r.timings[i]!.median, 0);
  console.log(
    [
      `all ${familyRows.length} (sum of medians)`.padEnd(50),
      ''.padStart(6),
      ...columns.flatMap((_, i) => [fmt(familySum(i)).padStart(11), ''.padStart(8)]),
    ].join(' '),
  );
  console.log('');

  // 7. Through HTTP: the real server on the same system of record, reopening the same replica.
  await replica.close();
  replica = undefined;
  duck.closeSync();
  duck = undefined;
  duckInstance.closeSync();
  duckInstance = undefined;
  const config = loadConfig({
    DATA_DIR: replicaDir,
    PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://127.0.0.1',
    WEB_DIST: '/nonexistent',
  });
  start = performance.now();
  app = await buildApp({ config, db: primary.db, secrets });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const appReplica = app.services.replica;
  if (!appReplica) throw new Error('the server opened no analytics replica');
  const { metrics } = app.services;
  await replicaCaughtUp(app, primary.db);
  log(
    `server on ${baseUrl} over ${primary.name}; its replica reopened and caught up in ` +
      `${((performance.now() - start) / 1000).toFixed(1)} s (change ${appReplica.appliedChange})`,
  );
  const signedIn = async (email: string) => {
    const client = new HttpClient(baseUrl);
    const reply = await client.login(email);
    if (reply.status !== 200) throw new Error(`${email} cannot sign in: ${reply.status}`);
    return client;
  };
  const CALLERS = 4;
  const callers = [];
  for (let i = 0; i < CALLERS; i++) callers.push(await signedIn('admin@example.com'));
  const browser = callers[0]!;
  const corporationId = primary.corporationId;

  /** Raises the corporation's data version (nothing kept answers) and waits for the replica. */
  const freshVersion = async () => {
    await primary.db.transaction().execute((trx) => recordFactsChange(trx, { corporationId }));
    const version = await dataVersion(primary.db, corporationId);
    if (!(await appReplica.reaches(corporationId, version, 10_000))) {
      failure(`the replica did not reach data version ${version} within 10 s`);
    }
  };
  /** One call: its time in ms and its body (null when it failed). */
  const call = async (client: HttpClient, path: string) => {
    const begun = performance.now();
    const reply = await client.get(path);
    const ms = performance.now() - begun;
    if (reply.status !== 200) {
      failure(`GET ${path}: ${reply.status} ${JSON.stringify(reply.body).slice(0, 200)}`);
      return { ms, body: null };
    }
    return { ms, body: reply.body };
  };

  const benchCodes = corporation.stores.map((s) => s.storeCode).join(',');
  const base = familyWindow.range;
  const comparison = comparisonRange(base, 2);
  const dashboardParams = dashboardQuery(base, 'monthly', benchCodes);
  const analysisParams = new URLSearchParams({
    from: base.from,
    to: base.to,
    periodCode: String(timeAxis('monthly').value),
    storeCodes: benchCodes,
  });
  const dashboardCalls = DASHBOARD_METRIC_SLUGS.map((slug) => ({
    kind: `dashboard/${slug}`,
    slug,
    path: `/v3/dashboard/${slug}?${dashboardParams}`,
  }));
  const familyCalls = ANALYSIS_PAGES.map((page) => ({
    kind: `${page.family}/${page.defaultMetric}`,
    path: `/v3/${page.family}/${page.defaultMetric}?${analysisParams}`,
  }));

  // 7a. The whole dashboard, 6 calls at a time, after a new data version each round.
  const BROWSER_CONNECTIONS = 6;
  const dashboardWalls: number[] = [];
  let replicaAnswers = 0;
  let computed = 0;
  for (let round = 0; round < WARMUPS + RUNS; round++) {
    await freshVersion();
    const before = metrics.stats();
    const begun = performance.now();
    const answers = await inParallel(
      dashboardCalls.map((c) => () => call(browser, c.path)),
      BROWSER_CONNECTIONS,
    );
    const wall = performance.now() - begun;
    const after = metrics.stats();
    if (round === 0) {
      // The answers are the engine's: the totals of the table above.
      for (const [i, c] of dashboardCalls.entries()) {
        const expected = rows.find((r) => r.slug === c.slug && r.window === familyWindow)?.total;
        const body = answers[i]!.body as { source: { total: number | null } } | null;
        if (body && body.source.total !== expected) {
          mismatch(`${c.kind} through HTTP: total ${body.source.total}, engine ${expected}`);
        }
      }
    }
    if (round < WARMUPS) continue;
    dashboardWalls.push(wall);
    computed += after.computed - before.computed;
    replicaAnswers += after.onReplica - before.onReplica;
  }
  const dashboard = timingOf(dashboardWalls);
  log(
    `dashboard through HTTP: ${dashboardCalls.length} calls (${dashboardCalls.length * 2} ` +
      `periods), ${BROWSER_CONNECTIONS} at a time, ${RUNS} rounds: median ${fmt(dashboard.median)} ` +
      `ms, p95 ${fmt(dashboard.p95)} ms; ${replicaAnswers} of ${computed} queries on the replica`,
  );

  // 7b. Every /v3 chart call, 4 callers at once, after a new data version each round.
  const chartCalls = [...dashboardCalls, ...familyCalls];
  const chartSamples = new Map<string, number[]>(chartCalls.map((c) => [c.kind, []]));
  const pick = random(20261201);
  let chartReplicaAnswers = 0;
  let chartComputed = 0;
  for (let round = 0; round < WARMUPS + RUNS; round++) {
    await freshVersion();
    const before = metrics.stats();
    const order = shuffled(chartCalls, pick);
    let next = 0;
    await Promise.all(
      callers.map(async (client) => {
        while (next < order.length) {
          const c = order[next++]!;
          const { ms } = await call(client, c.path);
          if (round >= WARMUPS) chartSamples.get(c.kind)!.push(ms);
        }
      }),
    );
    const after = metrics.stats();
    if (round < WARMUPS) continue;
    chartComputed += after.computed - before.computed;
    chartReplicaAnswers += after.onReplica - before.onReplica;
  }
  const chartTimings = chartCalls.map((c) => ({
    kind: c.kind,
    timing: timingOf(chartSamples.get(c.kind)!),
  }));
  const allChart = timingOf([...chartSamples.values()].flat());
  const worstChart = chartTimings.reduce((w, c) => (c.timing.p95 > w.timing.p95 ? c : w));
  log(
    `chart calls through HTTP: ${chartCalls.length} kinds, ${CALLERS} callers, ${RUNS} rounds: ` +
      `p95 ${fmt(allChart.p95)} ms over all, worst ${worstChart.kind} ${fmt(worstChart.timing.p95)} ms; ` +
      `${chartReplicaAnswers} of ${chartComputed} queries on the replica`,
  );

  // 7c. Freshness: uploads of new days of one store, until /v3 shows each new total.
  const freshStore = corporation.stores[0]!;
  const freshStoreId = primary.storeIds.get(freshStore.storeCode)!;
  await createDeviceUser(primary.db, box, {
    corporationId,
    id: freshStoreId,
    storeCode: freshStore.storeCode,
  });
  const uploader: TestApp = {
    app,
    db: primary.db,
    baseUrl,
    dataDir: replicaDir,
    box,
    client: () => new HttpClient(baseUrl),
    close: async () => {},
  };
  const uploads = freshDays();
  const freshRange = { from: uploads[0]!.day, to: uploads.at(-1)!.day };
  const freshParams = dashboardQuery(freshRange, 'daily', freshStore.storeCode);
  const freshPath = `/v3/dashboard/dispensing_sales?${freshParams}`;
  const committedTotal = async () => {
    const { rows: sums } = await sql<{ total: string | number | null }>`
      select sum(sales_yen) as total from prescriptions
      where corporation_id = ${corporationId} and store_id = ${freshStoreId}
        and dispensing_date between ${freshRange.from} and ${freshRange.to}`.execute(primary.db);
    return Number(sums[0]?.total ?? 0);
  };
  const FRESH_TIMEOUT_MS = 10_000;
  const freshSamples: number[] = [];
  const freshBefore = metrics.stats();
  for (const { day, csv } of uploads) {
    const reply = await uploadFile(
      uploader,
      freshStore.storeCode,
      Buffer.from(csv),
      `dispensing_${freshStore.storeCode}_${day}.csv`,
    );
    const answered = performance.now();
    if (reply.status !== 200 || reply.body.status !== 'loaded' || reply.body.rowsRefused > 0) {
      failure(`upload of ${day}: ${reply.status} ${JSON.stringify(reply.body).slice(0, 200)}`);
      continue;
    }
    const expected = committedTotal();
    for (;;) {
      const { body } = await call(browser, freshPath);
      const total = (body as { source: { total: number | null } } | null)?.source.total;
      if (total === (await expected)) {
        freshSamples.push(performance.now() - answered);
        break;
      }
      if (performance.now() - answered > FRESH_TIMEOUT_MS) {
        failure(`${day}: /v3 did not show the new total ${await expected} within 10 s`);
        freshSamples.push(Infinity);
        break;
      }
      await sleep(5);
    }
  }
  const freshAfter = metrics.stats();
  const freshness = timingOf(freshSamples);
  log(
    `freshness: ${uploads.length} uploads of a day of store ${freshStore.storeCode} ` +
      `(${freshRange.from}〜${freshRange.to}): median ${fmt(freshness.median)} ms, p95 ` +
      `${fmt(freshness.p95)} ms, slowest ${fmt(Math.max(...freshSamples))} ms; ` +
      `${freshAfter.onReplica - freshBefore.onReplica} of ` +
      `${freshAfter.computed - freshBefore.computed} queries on the replica`,
  );

  // After the last upload, the development twin (/v2, the raw facts) answers as /v3, for every
  // dashboard metric and every page over the uploaded days of that store.
  const sysadmin = await signedIn('sysadmin@example.com');
  const freshAnalysis = new URLSearchParams({
    from: freshRange.from,
    to: freshRange.to,
    periodCode: String(timeAxis('daily').value),
    storeCodes: freshStore.storeCode,
  });
  const twinPaths = [
    ...DASHBOARD_METRIC_SLUGS.map((slug) => `/dashboard/${slug}?${freshParams}`),
    ...ANALYSIS_PAGES.map((p) => `/${p.family}/${p.defaultMetric}?${freshAnalysis}`),
  ];
  let twinsEqual = 0;
  for (const path of twinPaths) {
    const [v2, v3] = await Promise.all([
      call(sysadmin, `/v2${path}`),
      call(sysadmin, `/v3${path}`),
    ]);
    if (v2.body === null || v3.body === null) continue;
    if (JSON.stringify(v2.body) === JSON.stringify(v3.body)) twinsEqual += 1;
    else mismatch(`/v2${path} and /v3${path} differ`);
  }
  log(`after the uploads: /v2 = /v3 for ${twinsEqual} of ${twinPaths.length} calls`);

  console.log('');
  console.log(`Through HTTP (server over ${primary.name} and its replica), times in ms:`);
  console.log(
    `dashboard (${dashboardCalls.length} calls, base ${base.from}〜${base.to} against ` +
      `${comparison.from}〜${comparison.to}, monthly, ${STORES} stores; ${BROWSER_CONNECTIONS} at ` +
      `a time; a new data version before each of ${RUNS} rounds): wall median ` +
      `${fmt(dashboard.median)}, p95 ${fmt(dashboard.p95)}`,
  );
  console.log(
    `chart calls (${CALLERS} callers at once, the ${chartCalls.length} kinds in a shuffled order ` +
      `each round, a new data version before each of ${RUNS} rounds):`,
  );
  const chartHeader = ['call'.padEnd(50), 'median'.padStart(9), 'p95'.padStart(9)].join(' ');
  console.log(chartHeader);
  console.log('-'.repeat(chartHeader.length));
  for (const { kind, timing } of chartTimings) {
    console.log(
      [kind.padEnd(50), fmt(timing.median).padStart(9), fmt(timing.p95).padStart(9)].join(' '),
    );
  }
  console.log(
    ['all calls'.padEnd(50), fmt(allChart.median).padStart(9), fmt(allChart.p95).padStart(9)].join(
      ' ',
    ),
  );
  console.log(
    `freshness (${uploads.length} uploads, from the upload's answer until /v3 shows the new ` +
      `total): median ${fmt(freshness.median)}, p95 ${fmt(freshness.p95)}; /v2 = /v3 after the ` +
      `last for ${twinsEqual} of ${twinPaths.length} calls`,
  );

  // 8. Every target.
  const size = `${STORES} stores × ${MONTHS} months`;
  goal(
    `dashboard wall p95 (target at bench-M; this run ${size})`,
    `${fmt(dashboard.p95)} ms (median ${fmt(dashboard.median)})`,
    '≤ 1000 ms',
    dashboard.p95 <= 1000,
  );
  const chartWithin = chartTimings.filter((c) => c.timing.p95 <= 150).length;
  goal(
    `chart calls p95, every kind (target at bench-L; this run ${size})`,
    `worst ${fmt(worstChart.timing.p95)} ms (${worstChart.kind}); ${chartWithin} of ` +
      `${chartTimings.length} kinds within; all calls ${fmt(allChart.p95)} ms`,
    '≤ 150 ms',
    chartWithin === chartTimings.length,
  );
  goal(
    'freshness p95, upload to /v3',
    `${fmt(freshness.p95)} ms (median ${fmt(freshness.median)})`,
    '≤ 2000 ms',
    freshness.p95 <= 2000,
  );
  goal(
    '/v2 = /v3 after the uploads',
    `${twinsEqual} of ${twinPaths.length}`,
    'all',
    twinsEqual === twinPaths.length,
  );
  goal(
    'values equal between engines',
    `${mismatches.length} mismatches`,
    '0',
    mismatches.length === 0,
  );
  goal('calls through HTTP', `${failures.length} failed`, '0', failures.length === 0);

  console.log('');
  console.log(
    `Summary of the targets (${size}; printed, not asserted; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} at the end):`,
  );
  const nameWidth = Math.max(...goals.map((g) => g.name.length));
  for (const g of goals) {
    console.log(`${g.met ? '✓' : '✗'} ${g.name.padEnd(nameWidth)}  ${g.measured}  (${g.bound})`);
  }
  const met = goals.filter((g) => g.met).length;
  console.log(`${met} of ${goals.length} targets met`);

  console.log('');
  if (mismatches.length > 0 || failures.length > 0) {
    console.log(
      `!!!!! ${mismatches.length} MISMATCHES, ${failures.length} FAILED CALLS (see above) !!!!!`,
    );
    process.exitCode = 1;
  } else {
    console.log(
      `checks: ${targets.length > 1 ? 'PGlite = PostgreSQL for every series; ' : ''}replica = ` +
        `${primary.name} for every series; DuckDB = engine for every total and bucket; /v2 = /v3.`,
    );
  }
  log('done');
} finally {
  await cleanUp();
}
