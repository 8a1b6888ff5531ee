/**
 * Ingestion benchmark: one generated month of a 30-store corporation goes through the real
 * ingestion path (parse, dimensions, facts, one transaction per file); the same rows are then
 * loaded with a plain COPY into copies of the fact tables, as the floor to compare with.
 *
 *   npx tsx bench/ingest.ts            # embedded database (PGlite) in memory
 */
import { Readable } from 'node:stream';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

const STORES = 30;
const MONTH = '2026-10';

// Opened as the server opens it: PGlite on its worker thread, the same type parsers.
const db = await openDatabase({});
await migrateToLatest(db);
await seedDemoIfEmpty(db, new SecretBox((await loadSecrets(undefined)).dataKey));

// A corporation of 30 stores modelled on the advanced demo one; its stores exist in the database.
const corporation = benchCorporation(STORES);
const { corporationId, storeIds } = await insertBenchStores(db, corporation);

const world = createDemoWorld({
  seed: 1,
  endDate: `${MONTH}-31`,
  years: 1,
  corporations: [corporation],
  towns: townGeocoder().townsOf('福岡県'),
});
const files = corporation.stores.map((s) => ({
  store: s,
  records: generateStoreMonth(world, s.storeCode, MONTH),
}));
const rowsOf = (records: DispensingRecord[]) =>
  records.reduce((n, p) => n + 1 + p.fees.length + p.medicines.length + p.materials.length, 0);
const totalRows = files.reduce((n, f) => n + rowsOf(f.records), 0);
const sheets = files.reduce((n, f) => n + f.records.length, 0);

let started = performance.now();
for (const { store, records } of files) {
  const csv = toDispensingCsv(records, store.insuranceInstitutionCode);
  const result = await ingestFile(
    db,
    mkdtempSync(join(tmpdir(), 'bench-ingest-')),
    {
      corporationId,
      storeId: storeIds.get(store.storeCode)!,
      storeCode: store.storeCode,
      storeName: store.name,
      insuranceInstitutionCode: store.insuranceInstitutionCode,
      userName: 'bench',
    },
    `dispensing_${MONTH}.csv`,
    Readable.from(Buffer.from(csv)),
  );
  // Every generated row must load, or the rate below would count rows that never went in.
  if (result.status !== 'loaded' || result.rowsRefused > 0) {
    throw new Error(
      `store ${store.storeCode}: ${result.status}, ${result.rowsRefused} rows refused`,
    );
  }
}
const ingestSeconds = (performance.now() - started) / 1000;

// The same rows by COPY into copies of the fact tables (no parsing, no dimensions, no upsert): the
// rows the ingestion path wrote, read back in column order, so the floor follows the schema.
const FACT_TABLES = [
  'prescriptions',
  'prescription_fees',
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
const baseline: { table: string; columns: string[]; rows: CopyValue[][] }[] = [];
for (const table of FACT_TABLES) {
  await sql.raw(`create table copy_${table} (like ${table})`).execute(db);
  const columns = await columnsOf(table);
  const written = await sql<Record<string, unknown>>`select * from ${sql.table(table)}
    where corporation_id = ${corporationId}`.execute(db);
  baseline.push({
    table: `copy_${table}`,
    columns,
    rows: written.rows.map((row) => columns.map((column) => copyValue(row[column]))),
  });
}
started = performance.now();
for (const { table, columns, rows } of baseline) await copyRows(db, table, columns, rows);
const copySeconds = (performance.now() - started) / 1000;

console.log(
  `stores: ${STORES}, month: ${MONTH}, prescriptions: ${sheets}, rows (sheets + lines): ${totalRows}`,
);
console.log(
  `ingestion path: ${ingestSeconds.toFixed(1)} s, ${Math.round(totalRows / ingestSeconds)} rows/s`,
);
const copiedRows = baseline.reduce((n, b) => n + b.rows.length, 0);
console.log(
  `plain COPY:     ${copySeconds.toFixed(1)} s, ${Math.round(copiedRows / copySeconds)} rows/s ` +
    `(${copiedRows} rows as written)`,
);
console.log(`ingestion / COPY: ${(copySeconds / ingestSeconds).toFixed(2)}×`);
await db.destroy();
