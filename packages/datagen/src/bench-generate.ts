/**
 * Measures how long the demo data takes to generate: the world, then every month of every
 * connected store (and the CSV text of each). Run from the repository root:
 *
 *   npx tsx packages/datagen/src/bench-generate.ts [seed] [endDate] [years] [months]
 *
 * `months` keeps only each store's last months (all by default): `npm test` runs it with one, as
 * a smoke check that the generator still runs end to end.
 */
import { cpus } from 'node:os';
import { DEMO_CORPORATIONS } from './demo-accounts.ts';
import { monthIndexOf, monthOfIndex } from './calendar.ts';
import { toDispensingCsv } from './csv.ts';
import { generateStoreMonth } from './generate.ts';
import { fukuokaTowns } from './testing/towns.ts';
import { createDemoWorld } from './world.ts';

const seed = Number(process.argv[2] ?? 20240601);
const endDate = process.argv[3] ?? '2026-11-20';
const years = Number(process.argv[4] ?? 2);
const monthsPerStore = Number(process.argv[5] ?? Number.POSITIVE_INFINITY);

const towns = fukuokaTowns();

function timed<T>(run: () => T): { value: T; wallMs: number; cpuMs: number } {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = run();
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { value, wallMs, cpuMs: (used.user + used.system) / 1000 };
}

const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const world = timed(() =>
  createDemoWorld({ seed, endDate, years, corporations: DEMO_CORPORATIONS, towns }),
);
console.log(`machine: ${cpus().length} cores, node ${process.version}`);
console.log(
  `world (${world.value.stores.length} stores, ${world.value.stores.reduce((n, s) => n + s.patients.length, 0)} patients): ${fmt(world.wallMs)} wall, ${fmt(world.cpuMs)} cpu`,
);

let totalRecords = 0;
let totalGenerate = 0;
let totalCsv = 0;
let totalBytes = 0;
for (const corporation of DEMO_CORPORATIONS) {
  const stores = world.value.stores.filter(
    (s) => s.corporationCode === corporation.corporationCode,
  );
  if (stores.length === 0) continue;
  let records = 0;
  let generateMs = 0;
  let csvMs = 0;
  let months = 0;
  for (const store of stores) {
    const first = monthIndexOf(store.dataFrom.slice(0, 7));
    const last = monthIndexOf(store.dataTo.slice(0, 7));
    for (let m = Math.max(first, last - monthsPerStore + 1); m <= last; m++) {
      const month = monthOfIndex(m);
      const generated = timed(() => generateStoreMonth(world.value, store.storeCode, month));
      const csv = timed(() => toDispensingCsv(generated.value, store.pharmacyCode));
      records += generated.value.length;
      generateMs += generated.wallMs;
      csvMs += csv.wallMs;
      totalBytes += Buffer.byteLength(csv.value);
      months++;
    }
  }
  totalRecords += records;
  totalGenerate += generateMs;
  totalCsv += csvMs;
  console.log(
    `${corporation.name} (${corporation.plan}): ${stores.length} stores × months = ${months}, ${records} prescriptions: generate ${fmt(generateMs)}, CSV ${fmt(csvMs)}`,
  );
}
console.log(
  `total: ${totalRecords} prescriptions, generate ${fmt(totalGenerate)}, CSV ${fmt(totalCsv)} (${(totalBytes / 1e6).toFixed(0)} MB)`,
);
