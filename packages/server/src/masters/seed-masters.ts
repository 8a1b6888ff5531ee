import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { Database } from '../db/connection.ts';
import { parseEstatMesh } from './estat-mesh.ts';
import { type MedicineMasterRow, parseMedicineMaster } from './medicine-master.ts';

const ASSETS = new URL('../../assets/masters/', import.meta.url);
const CHUNK = 2000;

/** Replaces medicines by receipt code (the latest row of a code wins). */
export async function importMedicines(db: Database, rows: readonly MedicineMasterRow[]) {
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const unique = [...byCode.values()];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const part = unique.slice(i, i + CHUNK);
    await sql`
      insert into medicine_master (code, yj_code, name, unit, price, is_generic, generic_class, valid_from, valid_to)
      select * from unnest(
        ${part.map((r) => r.code)}::text[], ${part.map((r) => r.yjCode)}::text[],
        ${part.map((r) => r.name)}::text[], ${part.map((r) => r.unit)}::text[],
        ${part.map((r) => r.price)}::numeric[], ${part.map((r) => r.isGeneric)}::boolean[],
        ${part.map((r) => r.genericClass ?? null)}::smallint[],
        ${part.map((r) => r.validFrom)}::date[], ${part.map((r) => r.validTo)}::date[])
      on conflict (code) do update set yj_code = excluded.yj_code, name = excluded.name,
        unit = excluded.unit, price = excluded.price, is_generic = excluded.is_generic,
        generic_class = coalesce(excluded.generic_class, medicine_master.generic_class),
        valid_from = excluded.valid_from, valid_to = excluded.valid_to`.execute(db);
  }
  return unique.length;
}

/** Loads a census mesh population file as e-Stat distributes it. */
export async function importMeshPopulation(db: Database, bytes: Uint8Array) {
  const { rows } = parseEstatMesh(bytes);
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    const column = <K extends keyof (typeof part)[number]>(key: K) => part.map((r) => r[key]);
    await sql`
      insert into mesh_population (mesh_code, total, male, female, age0to14, age15to64, age65plus,
        age75plus, age85plus, age95plus, secrecy, merged_into)
      select * from unnest(
        ${column('meshCode')}::text[], ${column('total')}::int[], ${column('male')}::int[],
        ${column('female')}::int[], ${column('age0to14')}::int[], ${column('age15to64')}::int[],
        ${column('age65plus')}::int[], ${column('age75plus')}::int[], ${column('age85plus')}::int[],
        ${column('age95plus')}::int[], ${column('secrecy')}::smallint[], ${column('mergedInto')}::text[])
      on conflict (mesh_code) do update set total = excluded.total, male = excluded.male,
        female = excluded.female, age0to14 = excluded.age0to14, age15to64 = excluded.age15to64,
        age65plus = excluded.age65plus, age75plus = excluded.age75plus, age85plus = excluded.age85plus,
        age95plus = excluded.age95plus, secrecy = excluded.secrecy, merged_into = excluded.merged_into`.execute(
      db,
    );
  }
  return rows.length;
}

/** The masters shipped with the product, loaded into an empty database. */
export async function seedMastersIfEmpty(db: Database): Promise<boolean> {
  const existing = await db
    .selectFrom('mesh_population')
    .select('mesh_code')
    .limit(1)
    .executeTakeFirst();
  if (existing) return false;
  await importMeshPopulation(db, readFileSync(new URL('estat-mesh/tblT001101H5030.txt', ASSETS)));
  await importMedicines(
    db,
    parseMedicineMaster(readFileSync(new URL('medicine-master/y_ALL_sample.csv', ASSETS))),
  );
  return true;
}
