import type { Database } from '../db/connection.ts';

/** The name of a prefecture, by its number. */
export async function prefectureName(db: Database, id: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('prefectures')
    .select('name')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.name;
}
