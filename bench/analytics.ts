/**
 * Analytics benchmark: a generated corporation of 30 stores with two years of history goes
 * through the real ingestion path into the embedded database (PGlite, in a temporary directory)
 * and into a fresh schema on a PostgreSQL server; the 11 dashboard metrics are then timed through
 * the engine (computeMetric) on both, for the last 30 days (daily axis) and the last 12 months
 * (monthly axis). The same raw facts are exported to CSV files and loaded into DuckDB, which
 * computes the same metrics with its own SQL; its values are checked against the engine's.
 *
 *   npx tsx bench/analytics.ts                          # 30 stores, 24 months (10+ minutes)
 *   npx tsx bench/analytics.ts --stores 3 --months 2    # a quick run
 *
 * Other flags: --runs N (timed runs, 15), --warmups N (2), --url URL (the PostgreSQL server,
 * postgres://postgres@127.0.0.1:5432/test), --keep (keep the temporary directory).
 * Both PostgreSQL databases are analyzed after loading. Exits with 1 when a value differs.
 */
import { Readable } from 'node:stream';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { createDemoWorld, generateStoreMonth, toDispensingCsv } from '@pharmalytics/datagen';
import {
  DASHBOARD_METRIC_SLUGS,
  presetRange,
  timeAxis,
  type DashboardMetricSlug,
  type DateRange,
  type TimeAxisValue,
} from '@pharmalytics/domain';
import { sql } from 'kysely';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { allBrowsableScope } from '../packages/server/src/access/analysis-scope.ts';
import { computeMetric, type MetricSeries } from '../packages/server/src/analytics/engine.ts';
import { adminOf } from '../packages/server/src/testing/auth.ts';
import { openDatabase, type Database } from '../packages/server/src/db/connection.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { seedDemoIfEmpty } from '../packages/server/src/demo/seed.ts';
import { townGeocoder } from '../packages/server/src/geocoding/town-geocoder.ts';
import { ingestFile } from '../packages/server/src/ingestion/ingest-file.ts';
import { seedDemoMasters } from '../packages/server/src/demo/demo-data.ts';
import { loadSecrets } from '../packages/server/src/secrets.ts';
import { SecretBox } from '../packages/server/src/tokens/secret-box.ts';
import { benchCorporation, insertBenchStores } from './bench-corporation.ts';

const { values: flags } = parseArgs({
  options: {
    stores: { type: 'string', default: '30' },
    months: { type: 'string', default: '24' },
    runs: { type: 'string', default: '15' },
    warmups: { type: 'string', default: '2' },
    url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
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
const SERVER_URL = flags.url;

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
  samples.sort((a, b) => a - b);
  const middle = Math.floor(samples.length / 2);
  const median =
    samples.length % 2 === 1 ? samples[middle]! : (samples[middle - 1]! + samples[middle]!) / 2;
  const p95 = samples[Math.ceil(samples.length * 0.95) - 1]!;
  return { timing: { median, p95 }, value };
}

// ---------------------------------------------------------------------------------------------
// The corporation and its generated history

// A corporation of STORES stores modelled on the advanced demo one (as bench/ingest.ts builds it).
// Each store is in a district of its own (digits 4-5 of its code): the generator numbers the
// clinics of a district in sequence, and 30 stores in one district run past the four digits of a
// 医療機関コード, whose lines the ingestion then refuses.
const corporation = benchCorporation(STORES);
const world = createDemoWorld({
  seed: SEED,
  endDate: END_DATE,
  years: Math.ceil(MONTHS / 12),
  corporations: [corporation],
  towns: townGeocoder().townsOf('福岡県'),
});
const months = monthsEndingWith(LAST_MONTH, MONTHS);

// ---------------------------------------------------------------------------------------------
// The two PostgreSQL databases

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
  await seedDemoIfEmpty(db, new SecretBox((await loadSecrets(undefined)).dataKey));
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

/** A reception (受付): one patient's visit with the sheets of one institution. */
const RECEPTION = '(store_id, dispensing_date, reception_id, institution_id)';
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
    value: percent('max(n)', 'sum(n)'),
    empty: null,
  },
  prescription_concentration_rates_top3: {
    grain: 'institution',
    value: percent("list_sum(list_slice(list_sort(list(n), 'DESC'), 1, 3))", 'sum(n)'),
    empty: null,
  },
  generic_dispensing_rates: {
    grain: 'medicine',
    value: percent(
      'coalesce(sum(quantity) filter (where generic_class = 3), 0)',
      'coalesce(sum(quantity) filter (where generic_class in (2, 3)), 0)',
    ),
    empty: null,
  },
  medicine_note_rates: {
    grain: 'prescription',
    value: percent(
      `count(distinct ${RECEPTION}) filter (where medicine_notebook)`,
      `count(distinct ${RECEPTION}) filter (where medicine_notebook is not null)`,
    ),
    empty: null,
  },
  new_reception_counts: {
    grain: 'prescription',
    value: `count(distinct ${RECEPTION}) filter (where visit_type = '新規')`,
    empty: 0,
  },
  re_reception_counts: {
    grain: 'prescription',
    value: `count(distinct ${RECEPTION}) filter (where visit_type = '再来')`,
    empty: 0,
  },
};

function duckQuery(slug: DashboardMetricSlug, window: Window, storeIds: number[]): string {
  const metric = DUCK_METRICS[slug];
  const format = window.axis === timeAxis('daily').value ? '%Y-%m-%d' : '%Y-%m';
  const where = `p.store_id in (${storeIds.join(', ')})
    and p.dispensing_date between date '${window.range.from}' and date '${window.range.to}'`;
  const facts =
    metric.grain === 'medicine'
      ? `prescription_medicines l join prescriptions p on p.id = l.prescription_id`
      : 'prescriptions p';
  if (metric.grain === 'institution') {
    // Receptions by institution, per bucket and over the period; then the top one(s) of each.
    return `
      with f as (select p.*, strftime(p.dispensing_date, '${format}') as bucket from ${facts}
        where ${where}),
      r as (select grouping(bucket) = 1 as is_total, bucket, institution_id,
          count(distinct (store_id, dispensing_date, reception_id)) as n
        from f group by grouping sets ((bucket, institution_id), (institution_id)))
      select is_total, bucket, ${metric.value} as value from r group by is_total, bucket`;
  }
  return `
    with f as (select ${metric.grain === 'medicine' ? 'p.*, l.quantity, l.generic_class' : 'p.*'},
        strftime(p.dispensing_date, '${format}') as bucket from ${facts} where ${where})
    select grouping(bucket) = 1 as is_total, bucket, ${metric.value} as value
    from f group by grouping sets ((bucket), ())`;
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

// ---------------------------------------------------------------------------------------------
// Main

const mismatches: string[] = [];
const mismatch = (message: string) => {
  mismatches.push(message);
  console.log(`!!!!! MISMATCH: ${message}`);
};

let server: Database | undefined;
let duckInstance: DuckDBInstance | undefined;
let duck: DuckDBConnection | undefined;
let lite: Database | undefined;
let cleanedUp = false;
async function cleanUp() {
  if (cleanedUp) return;
  cleanedUp = true;
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

try {
  console.log(
    `machine: ${cpus().length} cores, node ${process.version}; ${STORES} stores × ${MONTHS} months ` +
      `(${months[0]}〜${LAST_MONTH}), seed ${SEED}; ${WARMUPS} warm-ups + ${RUNS} timed runs`,
  );
  console.log(`temporary directory: ${tmp}; server schema: ${schema}`);

  // Opened as the server opens it: PGlite on its worker thread, the same type parsers.
  lite = await openDatabase({ dataDir: join(tmp, 'pglite') });
  server = await openDatabase({ url: SERVER_URL, schema });
  const targets = [await prepare('PGlite', lite), await prepare('PostgreSQL', server, schema)];
  log('databases migrated and seeded');

  // 1. Load the history through the ingestion path, one file per store-month, oldest first.
  let generateSeconds = 0;
  let sheets = 0;
  const files = STORES * MONTHS;
  for (const [m, month] of months.entries()) {
    let monthSheets = 0;
    for (const store of corporation.stores) {
      const start = performance.now();
      const records = generateStoreMonth(world, store.storeCode, month);
      const csv = toDispensingCsv(records, store.insuranceInstitutionCode);
      generateSeconds += (performance.now() - start) / 1000;
      for (const target of targets) {
        const loaded = await ingest(target, store, csv);
        if (target === targets[0]) monthSheets += loaded;
      }
    }
    sheets += monthSheets;
    const done = (m + 1) * STORES;
    const loadSeconds = targets.reduce((s, t) => s + t.ingestSeconds, 0) + generateSeconds;
    const eta = Math.round((loadSeconds / done) * (files - done));
    log(
      `loaded ${month} (${m + 1}/${MONTHS}): ${int(monthSheets)} prescriptions; files ${done}/${files}; ` +
        targets.map((t) => `${t.name} ${t.ingestSeconds.toFixed(1)} s`).join(', ') +
        `, generating ${generateSeconds.toFixed(1)} s; ETA ${Math.floor(eta / 60)}m${String(eta % 60).padStart(2, '0')}s`,
    );
  }
  for (const target of targets) await sql`analyze`.execute(target.db);
  log(`loaded ${int(sheets)} prescriptions; both databases analyzed`);

  // 2. Export the raw facts of the corporation from the PostgreSQL server (checked equal to
  // PGlite's below, series by series) and load them into DuckDB.
  const [liteTarget, serverTarget] = targets as [Target, Target];
  let start = performance.now();
  const exports = {
    prescriptions: `select id, store_id, dispensing_date, reception_id, institution_id, patient_id,
        sales_yen, medicine_notebook, visit_type
      from prescriptions where corporation_id = ${serverTarget.corporationId} order by id`,
    prescription_medicines: `select prescription_id, quantity, generic_class
      from prescription_medicines where corporation_id = ${serverTarget.corporationId}
      order by prescription_id, line_no`,
  };
  const csvPaths: Record<string, string> = {};
  const exporter = new pg.Client({
    connectionString: SERVER_URL,
    options: `-c search_path=${schema}`,
  });
  await exporter.connect();
  try {
    for (const [table, query] of Object.entries(exports)) {
      const path = join(tmp, `${table}.csv`);
      const csv = exporter.query(copyTo(`copy (${query}) to stdout with (format csv, header)`));
      await pipeline(csv, createWriteStream(path));
      csvPaths[table] = path;
    }
  } finally {
    await exporter.end();
  }
  const exportSeconds = (performance.now() - start) / 1000;
  start = performance.now();
  duckInstance = await DuckDBInstance.create(join(tmp, 'facts.duckdb'));
  duck = await duckInstance.connect();
  const csvColumns = {
    prescriptions: `{'id': 'BIGINT', 'store_id': 'INTEGER', 'dispensing_date': 'DATE',
      'reception_id': 'VARCHAR', 'institution_id': 'INTEGER', 'patient_id': 'BIGINT',
      'sales_yen': 'BIGINT', 'medicine_notebook': 'BOOLEAN', 'visit_type': 'VARCHAR'}`,
    prescription_medicines: `{'prescription_id': 'BIGINT', 'quantity': 'DECIMAL(14, 3)',
      'generic_class': 'SMALLINT'}`,
  };
  for (const [table, columns] of Object.entries(csvColumns)) {
    await duck.run(`create table ${table} as select * from read_csv('${csvPaths[table]}',
      header = true, columns = ${columns})`);
  }
  const duckLoadSeconds = (performance.now() - start) / 1000;
  const duckCounts = (
    await duck.runAndReadAll(`select (select count(*) from prescriptions) as prescriptions,
      (select count(*) from prescription_medicines) as medicines,
      (select count(*) from prescription_medicines where generic_class is not null) as classified`)
  ).getRowObjectsJS()[0]!;

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
    `ingestion: ${targets.map((t) => `${t.name} ${t.ingestSeconds.toFixed(1)} s`).join(', ')}` +
      ` (generating the files ${generateSeconds.toFixed(1)} s)`,
  );
  console.log(
    `export to CSV (${(csvBytes / 1e6).toFixed(1)} MB): ${exportSeconds.toFixed(1)} s; ` +
      `DuckDB load: ${duckLoadSeconds.toFixed(1)} s`,
  );
  console.log('');

  // 3. Time every metric on each engine, window by window.
  type Row = {
    slug: DashboardMetricSlug;
    window: Window;
    timings: Timing[];
    total: number | null;
  };
  const rows: Row[] = [];
  for (const window of WINDOWS) {
    for (const slug of DASHBOARD_METRIC_SLUGS) {
      const results: MetricSeries[][] = [];
      const timings: Timing[] = [];
      for (const target of [liteTarget, serverTarget]) {
        const scope = await allBrowsableScope(target.db, adminOf(target.corporationId));
        const query = { scope, ...window.range, axis: window.axis };
        const { timing, value } = await timed(() => computeMetric(target.db, slug, query));
        timings.push(timing);
        results.push(value);
      }
      const duckSql = duckQuery(slug, window, [...serverTarget.storeIds.values()]);
      const { timing: duckTiming, value: duckResult } = await timed(() =>
        duckValues(duck!, duckSql),
      );
      timings.push(duckTiming);
      rows.push({ slug, window, timings, total: results[0]?.[0]?.total ?? null });
      log(
        `${slug} ${window.label}: ` +
          timings.map((t) => `${t.median.toFixed(1)}/${t.p95.toFixed(1)} ms`).join(', '),
      );

      // Checks: PGlite = PostgreSQL (every value), DuckDB = engine (total and every bucket).
      const [liteSeries, serverSeries] = results as [MetricSeries[], MetricSeries[]];
      if (JSON.stringify(liteSeries) !== JSON.stringify(serverSeries)) {
        mismatch(`${slug} ${window.label}: PGlite and PostgreSQL give different series`);
      }
      const engine = liteSeries[0];
      if (liteSeries.length !== 1 || !engine) {
        mismatch(`${slug} ${window.label}: ${liteSeries.length} series from the engine`);
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

  // 4. The table.
  const fmt = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : ms.toFixed(0));
  const header = [
    'metric'.padEnd(38),
    'window'.padEnd(12),
    'PGlite med'.padStart(11),
    'p95'.padStart(8),
    'PG med'.padStart(9),
    'p95'.padStart(8),
    'DuckDB med'.padStart(11),
    'p95'.padStart(8),
    'PGlite/Duck'.padStart(12),
    'PG/Duck'.padStart(8),
  ].join(' ');
  console.log('');
  console.log('Median and p95 in ms; ratios of the medians.');
  console.log(header);
  console.log('-'.repeat(header.length));
  for (const window of WINDOWS) {
    for (const { slug, timings } of rows.filter((r) => r.window === window)) {
      const [l, s, d] = timings as [Timing, Timing, Timing];
      console.log(
        [
          slug.padEnd(38),
          window.label.padEnd(12),
          fmt(l.median).padStart(11),
          fmt(l.p95).padStart(8),
          fmt(s.median).padStart(9),
          fmt(s.p95).padStart(8),
          fmt(d.median).padStart(11),
          fmt(d.p95).padStart(8),
          `${(l.median / d.median).toFixed(1)}×`.padStart(12),
          `${(s.median / d.median).toFixed(1)}×`.padStart(8),
        ].join(' '),
      );
    }
    const sum = (i: number) =>
      rows.filter((r) => r.window === window).reduce((n, r) => n + r.timings[i]!.median, 0);
    console.log(
      [
        'all 11 (sum of medians)'.padEnd(38),
        window.label.padEnd(12),
        fmt(sum(0)).padStart(11),
        ''.padStart(8),
        fmt(sum(1)).padStart(9),
        ''.padStart(8),
        fmt(sum(2)).padStart(11),
        ''.padStart(8),
        `${(sum(0) / sum(2)).toFixed(1)}×`.padStart(12),
        `${(sum(1) / sum(2)).toFixed(1)}×`.padStart(8),
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
  if (mismatches.length > 0) {
    console.log(`!!!!! ${mismatches.length} MISMATCHES between the engines (see above) !!!!!`);
    process.exitCode = 1;
  } else {
    console.log(
      'checks: PGlite = PostgreSQL for every series; DuckDB = engine for every total and bucket.',
    );
  }
  log('done');
} finally {
  await cleanUp();
}
