import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { DISTRIBUTION_COLUMN, TABLE_PLACEMENT, TENANT_VIEWS } from './distribution.ts';

// The migrated schema against the placement list: what Citus would refuse, found without Citus.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
}, 180_000);
afterAll(() => t.close());

const tenant = new Set<string>(TABLE_PLACEMENT.tenant);
const globalKeys = new Set<string>(TABLE_PLACEMENT.globalKeys);
const reference = new Set<string>([...TABLE_PLACEMENT.reference, ...globalKeys]);
const coordinator = new Set<string>(TABLE_PLACEMENT.coordinator);

async function tables(): Promise<{ name: string; has_tenant_column: boolean }[]> {
  const { rows } = await sql<{ name: string; has_tenant_column: boolean }>`
    select c.relname as name,
      exists (select 1 from pg_attribute a where a.attrelid = c.oid and not a.attisdropped
        and a.attname = ${DISTRIBUTION_COLUMN}) as has_tenant_column
    from pg_class c
    where c.relkind in ('r', 'p') and c.relnamespace = current_schema()::regnamespace
    order by 1`.execute(t.db);
  return rows;
}

/** Every primary key, unique constraint and unique index, with its columns. */
async function uniqueKeys(): Promise<{ table: string; key: string; columns: string[] }[]> {
  const { rows } = await sql<{ table: string; key: string; columns: string[] }>`
    select c.relname as table, i.relname as key,
      array(select a.attname from unnest(x.indkey) k join pg_attribute a
        on a.attrelid = c.oid and a.attnum = k)::text[] as columns
    from pg_index x
    join pg_class c on c.oid = x.indrelid
    join pg_class i on i.oid = x.indexrelid
    where x.indisunique and c.relnamespace = current_schema()::regnamespace
    order by 1, 2`.execute(t.db);
  return rows;
}

/** Every foreign key, with its columns on both sides. */
async function foreignKeys() {
  const { rows } = await sql<{
    table: string;
    key: string;
    columns: string[];
    referenced: string;
    referenced_columns: string[];
  }>`
    select c.relname as table, k.conname as key,
      array(select a.attname from unnest(k.conkey) n join pg_attribute a
        on a.attrelid = k.conrelid and a.attnum = n)::text[] as columns,
      r.relname as referenced,
      array(select a.attname from unnest(k.confkey) n join pg_attribute a
        on a.attrelid = k.confrelid and a.attnum = n)::text[] as referenced_columns
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_class r on r.oid = k.confrelid
    where k.contype = 'f' and c.relnamespace = current_schema()::regnamespace
    order by 1, 2`.execute(t.db);
  return rows;
}

describe('the placement list (db/distribution.ts) and the migrated schema', () => {
  it('lists every table once, and only tables that exist', async () => {
    const names = (await tables()).map((r) => r.name);
    const listed = [...tenant, ...reference, ...coordinator];
    expect(
      listed.filter((n, i) => listed.indexOf(n) !== i),
      'listed twice',
    ).toEqual([]);
    expect(
      names.filter((n) => !listed.includes(n)),
      'tables missing from the list',
    ).toEqual([]);
    expect(
      listed.filter((n) => !names.includes(n)),
      'listed tables the schema lacks',
    ).toEqual([]);
  });

  it('names in TENANT_VIEWS only views of the schema that carry corporation_id', async () => {
    const { rows } = await sql<{ name: string }>`
      select c.relname as name from pg_class c
      where c.relkind = 'v' and c.relnamespace = current_schema()::regnamespace
        and exists (select 1 from pg_attribute a where a.attrelid = c.oid
          and a.attname = ${DISTRIBUTION_COLUMN})`.execute(t.db);
    const views = rows.map((r) => r.name);
    expect(TENANT_VIEWS.filter((v) => !views.includes(v))).toEqual([]);
  });

  it('distributes every table that carries corporation_id, global keys and members excepted', async () => {
    const carrying = (await tables()).filter((r) => r.has_tenant_column).map((r) => r.name);
    expect(
      carrying.filter((n) => !tenant.has(n) && !globalKeys.has(n) && n !== 'members'),
      `tables with ${DISTRIBUTION_COLUMN} that are not tenant tables`,
    ).toEqual([]);
    const lacking = (await tables())
      .filter((r) => tenant.has(r.name) && !r.has_tenant_column)
      .map((r) => r.name);
    expect(lacking, `tenant tables without ${DISTRIBUTION_COLUMN}`).toEqual([]);
  });

  it('puts corporation_id in every primary and unique key of a tenant table', async () => {
    const breaches = (await uniqueKeys())
      .filter((k) => tenant.has(k.table) && !k.columns.includes(DISTRIBUTION_COLUMN))
      .map((k) => `${k.table}.${k.key} (${k.columns.join(', ')})`);
    expect(breaches).toEqual([]);
  });

  it('joins tenant tables on corporation_id and names no coordinator table from a shared one', async () => {
    const breaches: string[] = [];
    for (const fk of await foreignKeys()) {
      const shown = `${fk.table}.${fk.key} → ${fk.referenced}`;
      if (tenant.has(fk.table)) {
        if (coordinator.has(fk.referenced)) breaches.push(`${shown}: a coordinator-only table`);
        if (tenant.has(fk.referenced)) {
          const at = fk.columns.indexOf(DISTRIBUTION_COLUMN);
          if (at < 0 || fk.referenced_columns[at] !== DISTRIBUTION_COLUMN) {
            breaches.push(`${shown}: not on ${DISTRIBUTION_COLUMN}`);
          }
        }
      }
      if (reference.has(fk.table) && !reference.has(fk.referenced)) {
        breaches.push(`${shown}: a reference table naming a table that is not one`);
      }
    }
    expect(breaches).toEqual([]);
  });
});
