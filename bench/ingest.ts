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

// The same rows by COPY into copies of the fact tables (no parsing, no dimensions, no upsert).
for (const table of [
  'prescriptions',
  'prescription_fees',
  'prescription_medicines',
  'prescription_materials',
]) {
  await sql.raw(`create table copy_${table} (like ${table})`).execute(db);
}
const columnsOf = async (table: string) =>
  (
    await sql<{ column_name: string }>`select column_name from information_schema.columns
      where table_name = ${table} order by ordinal_position`.execute(db)
  ).rows.map((r) => r.column_name);
const sheetRows: unknown[][] = [];
const feeRows: unknown[][] = [];
const medicineRows: unknown[][] = [];
const materialRows: unknown[][] = [];
let id = 0;
for (const { store, records } of files) {
  for (const p of records) {
    id += 1;
    sheetRows.push([
      corporationId,
      storeIds.get(store.storeCode),
      id,
      p.dispensingDate,
      p.receptionTime,
      p.receptionId,
      p.prescriptionNo,
      1,
      1,
      null,
      null,
      null,
      p.insuranceType,
      p.receptionType,
      p.visitType,
      p.medicineNotebook,
      0,
      0,
      0,
      0,
      0,
      null,
    ]);
    p.fees.forEach((f, i) =>
      feeRows.push([corporationId, id, i + 1, f.code, f.name, f.category, f.points, f.count]),
    );
    p.medicines.forEach((m, i) =>
      medicineRows.push([
        corporationId,
        id,
        i + 1,
        m.code,
        m.name,
        m.points,
        m.count,
        m.quantity,
        m.unit,
        m.amountYen,
        null,
        null,
      ]),
    );
    p.materials.forEach((m, i) =>
      materialRows.push([
        corporationId,
        id,
        i + 1,
        m.code,
        m.name,
        m.points,
        m.count,
        m.quantity,
        m.unit,
        m.amountYen,
      ]),
    );
  }
}
started = performance.now();
for (const [table, rows] of [
  ['copy_prescriptions', sheetRows],
  ['copy_prescription_fees', feeRows],
  ['copy_prescription_medicines', medicineRows],
  ['copy_prescription_materials', materialRows],
] as const) {
  const values = rows.map((r) => r.map((v) => (v ?? null) as CopyValue));
  await copyRows(db, table, await columnsOf(table), values);
}
const copySeconds = (performance.now() - started) / 1000;

console.log(
  `stores: ${STORES}, month: ${MONTH}, prescriptions: ${sheets}, rows (sheets + lines): ${totalRows}`,
);
console.log(
  `ingestion path: ${ingestSeconds.toFixed(1)} s, ${Math.round(totalRows / ingestSeconds)} rows/s`,
);
console.log(
  `plain COPY:     ${copySeconds.toFixed(1)} s, ${Math.round(totalRows / copySeconds)} rows/s`,
);
await db.destroy();
