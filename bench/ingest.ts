/**
 * Ingestion benchmark: one generated month of a 30-store corporation goes through the real
 * ingestion path (store the raw file, parse, dimensions, facts, one transaction per file), the
 * stores' files arriving together as their uploaders send them (`--in-flight` at a time); the
 * same rows are then loaded with a plain COPY into copies of the fact tables, bare and with the
 * same keys and indexes, as the floors to compare with. The files are generated before the clock
 * starts.
 *
 *   npx tsx bench/ingest.ts            # embedded database (PGlite) in memory
 *   npx tsx bench/ingest.ts --stores 100 --months 3 --url postgres://postgres@127.0.0.1:5432/test
 *
 * Flags: --stores N (30), --months M (1; the months ending 2026-10, a file per store-month),
 * --in-flight K (4), --data-dir DIR (the embedded database in DIR, as the service keeps it,
 * instead of memory), --url URL (a fresh schema of that PostgreSQL server instead, dropped at
 * the end). Prints wall and CPU seconds of this process (all its threads) and the load average.
 */
import { Readable } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createDemoWorld, generateStoreMonth, toDispensingCsv } from '@pharmalytics/datagen';
import type { DispensingRecord } from '@pharmalytics/domain';
import { sql } from 'kysely';
import { openDatabase } from '../packages/server/src/db/connection.ts';
import { copyRows, type CopyValue } from '../packages/server/src/db/copy.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { seedDemoIfEmpty } from '../packages/server/src/demo/seed.ts';
import { townGeocoder } from '../packages/server/src/geocoding/town-geocoder.ts';
import { ingestFile } from '../packages/server/src/ingestion/ingest-file.ts';
import { loadSecrets } from '../packages/server/src/secrets.ts';
import { SecretBox } from '../packages/server/src/tokens/secret-box.ts';
import { benchCorporation, insertBenchStores } from './bench-corporation.ts';

const { values: flags } = parseArgs({
  options: {
    stores: { type: 'string', default: '30' },
    months: { type: 'string', default: '1' },
    'in-flight': { type: 'string', default: '4' },
    'data-dir': { type: 'string' },
    url: { type: 'string' },
  },
});
const STORES = Number(flags.stores);
const LAST_MONTH = '2026-10';
const MONTHS = Array.from({ length: Number(flags.months) }, (_, i) => {
  const d = new Date(Date.UTC(2026, 9 - i, 1));
  return d.toISOString().slice(0, 7);
}).reverse();
const IN_FLIGHT = Number(flags['in-flight']);

// Opened as the server opens it: PGlite on its worker thread, the same type parsers.
const schema = flags.url ? `bench_ingest_${process.pid}` : undefined;
const db = await openDatabase(
  flags.url ? { url: flags.url, schema } : { dataDir: flags['data-dir'] },
);
await migrateToLatest(db, schema);
await seedDemoIfEmpty(db, new SecretBox((await loadSecrets(undefined)).dataKey));

// A corporation of 30 stores modelled on the advanced demo one; its stores exist in the database.
const corporation = benchCorporation(STORES);
const { corporationId, storeIds } = await insertBenchStores(db, corporation);

const world = createDemoWorld({
  seed: 1,
  endDate: `${LAST_MONTH}-31`,
  years: Math.ceil(MONTHS.length / 12),
  corporations: [corporation],
  towns: townGeocoder().townsOf('福岡県'),
});
const rowsOf = (records: DispensingRecord[]) =>
  records.reduce((n, p) => n + 1 + p.fees.length + p.medicines.length + p.materials.length, 0);
let totalRows = 0;
let sheets = 0;
let bytes = 0;
const files = MONTHS.flatMap((month) =>
  corporation.stores.map((store) => {
    const records = generateStoreMonth(world, store.storeCode, month);
    totalRows += rowsOf(records);
    sheets += records.length;
    const csv = Buffer.from(toDispensingCsv(records, store.insuranceInstitutionCode));
    bytes += csv.length;
    return { store, month, csv };
  }),
);
const uploadsDir = mkdtempSync(join(tmpdir(), 'bench-ingest-'));

const clock = () => ({ wall: performance.now(), cpu: process.cpuUsage() });
const seconds = (since: ReturnType<typeof clock>) => {
  const cpu = process.cpuUsage(since.cpu);
  return { wall: (performance.now() - since.wall) / 1000, cpu: (cpu.user + cpu.system) / 1e6 };
};
const loadBefore = loadavg()[0]!;
const started = clock();
let next = 0;
const ingestNext = async (): Promise<void> => {
  const file = files[next++];
  if (!file) return;
  const { store, month, csv } = file;
  const result = await ingestFile(
    db,
    uploadsDir,
    {
      corporationId,
      storeId: storeIds.get(store.storeCode)!,
      storeCode: store.storeCode,
      storeName: store.name,
      insuranceInstitutionCode: store.insuranceInstitutionCode,
      userName: 'bench',
    },
    `dispensing_${month}.csv`,
    Readable.from([csv]),
  );
  // Every generated row must load, or the rate below would count rows that never went in.
  if (result.status !== 'loaded' || result.rowsRefused > 0) {
    throw new Error(
      `store ${store.storeCode} ${month}: ${result.status}, ${result.rowsRefused} rows refused`,
    );
  }
  return ingestNext();
};
await Promise.all(Array.from({ length: IN_FLIGHT }, ingestNext));
const ingestion = seconds(started);

// The same rows by COPY (no parsing, no dimensions, no upsert): the rows the ingestion path wrote,
// read back in column order, so the floor follows the schema. Twice: into bare copies of the fact
// tables (columns only), and into copies with the same keys and indexes, which any loader that
// keeps them must maintain.
const FACT_TABLES = [
  'prescriptions',
  'prescription_fee_lines',
  'prescription_medicines',
  'prescription_materials',
] as const;
const columnsOf = async (table: string) =>
  (
    await sql<{ column_name: string }>`select column_name from information_schema.columns
      where table_name = ${table} and table_schema = current_schema()
      order by ordinal_position`.execute(db)
  ).rows.map((r) => r.column_name);
const copyValue = (value: unknown): CopyValue =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value.toISOString()
      : typeof value === 'object'
        ? JSON.stringify(value)
        : (value as CopyValue);
const written: { table: string; columns: string[]; rows: CopyValue[][] }[] = [];
for (const table of FACT_TABLES) {
  const columns = await columnsOf(table);
  const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}
    where corporation_id = ${corporationId}`.execute(db);
  written.push({
    table,
    columns,
    rows: rows.rows.map((row) => columns.map((column) => copyValue(row[column]))),
  });
}
const copyInto = async (prefix: string, like: string) => {
  for (const { table } of written) {
    await sql.raw(`create table ${prefix}_${table} (like ${table} ${like})`).execute(db);
  }
  const since = clock();
  for (const { table, columns, rows } of written) {
    await copyRows(db, `${prefix}_${table}`, columns, rows);
  }
  return seconds(since);
};
const copy = await copyInto('copy', '');
const indexedCopy = await copyInto('indexed_copy', 'including indexes');
const loadAfter = loadavg()[0]!;

const where = flags.url
  ? 'PostgreSQL server'
  : flags['data-dir']
    ? 'embedded, on disk'
    : 'embedded, in memory';
console.log(
  `${where}; stores: ${STORES}, months: ${MONTHS[0]}…${MONTHS.at(-1)}, files: ${files.length} ` +
    `(${(bytes / 1e6).toFixed(0)} MB), ${IN_FLIGHT} in flight; prescriptions: ${sheets}, ` +
    `rows (sheets + lines): ${totalRows}`,
);
const copiedRows = written.reduce((n, b) => n + b.rows.length, 0);
const line = (name: string, s: { wall: number; cpu: number }, rows: number) =>
  `${name} ${s.wall.toFixed(1)} s (CPU ${s.cpu.toFixed(1)} s), ${Math.round(rows / s.wall)} rows/s`;
console.log(line('ingestion path:', ingestion, totalRows));
console.log(`${line('plain COPY:    ', copy, copiedRows)} (${copiedRows} rows as written)`);
console.log(`${line('COPY, indexed: ', indexedCopy, copiedRows)} (the same keys and indexes)`);
const ratio = (floor: { wall: number; cpu: number }) =>
  `${(floor.wall / ingestion.wall).toFixed(2)}× by wall time, ` +
  `${(floor.cpu / ingestion.cpu).toFixed(2)}× by CPU time`;
console.log(`ingestion / COPY: ${ratio(copy)}; / indexed COPY: ${ratio(indexedCopy)}`);
console.log(`load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after`);
rmSync(uploadsDir, { recursive: true, force: true });
if (schema) await sql.raw(`drop schema "${schema}" cascade`).execute(db);
await db.destroy();
