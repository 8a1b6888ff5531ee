import type { Database } from '../db/connection.ts';

/** The corporation's name, for the conditions block of an exported file. */
export async function corporationName(db: Database, corporationId: number): Promise<string> {
  const row = await db
    .selectFrom('corporations')
    .select('name')
    .where('id', '=', corporationId)
    .executeTakeFirstOrThrow();
  return row.name;
}

/** The price (薬価, yen) of each medicine code in the master, for the medicine exports. */
export async function drugPrices(
  db: Database,
  codes: readonly string[],
): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .selectFrom('medicine_master')
    .select(['code', 'price'])
    .where('code', 'in', [...codes])
    .execute();
  return new Map(rows.map((r) => [r.code, Number(r.price)]));
}
