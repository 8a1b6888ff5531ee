import { UPLOAD_MESSAGES } from '@pharmalytics/domain';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/connection.ts';
import type { DB } from '../db/types.ts';
import { removeRawFile } from './upload-store.ts';

/** Loads of this process under way: never taken for interrupted ones. */
const ownLoads = new Set<number>();

interface LoadedFile {
  corporation_id: number;
  store_id: number;
  file_name: string;
  content_hash: string;
  size_bytes: number;
}

/**
 * Notes, committed, that a file's load starts (before it is parsed): if the process dies before
 * the end, the note stays and recoverInterruptedLoads turns it into a failed upload.
 */
export async function beginLoad(db: Database, file: LoadedFile): Promise<number> {
  const { id } = await db
    .insertInto('upload_loads')
    .values(file)
    .returning('id')
    .executeTakeFirstOrThrow();
  ownLoads.add(id);
  return id;
}

/**
 * Holds the note for the load's transaction, so that no other process takes the load for an
 * interrupted one while it runs; deleted there, the note goes with the load's commit.
 */
export async function holdLoad(trx: Transaction<DB>, corporationId: number, id: number) {
  await trx
    .deleteFrom('upload_loads')
    .where('corporation_id', '=', corporationId)
    .where('id', '=', id)
    .execute();
}

/** Ends the note of a load that did not commit (failed, duplicate, unreadable). */
export async function endLoad(db: Database, corporationId: number, id: number): Promise<void> {
  try {
    await db
      .deleteFrom('upload_loads')
      .where('corporation_id', '=', corporationId)
      .where('id', '=', id)
      .execute();
  } finally {
    ownLoads.delete(id);
  }
}

/**
 * Turns the loads that a stopped process left under way into failed uploads (with the message
 * of a server failure, as the uploader's reply would have had) and removes their raw files,
 * unless another upload of the store has the same content. Loads of this process, loads whose
 * transaction runs (their note is locked) and notes younger than `olderThanMs` are left alone:
 * at start every other note is one of a stopped process (or, with several processes, of one
 * still parsing its file, which a later call would wait for with `olderThanMs`).
 */
export async function recoverInterruptedLoads(
  db: Database,
  dataDir: string,
  olderThanMs = 0,
): Promise<number> {
  const stale = (on: Database | Transaction<DB>) => {
    let notes = on
      .selectFrom('upload_loads')
      .where('started_at', '<=', sql<Date>`now() - make_interval(secs => ${olderThanMs / 1000})`);
    if (ownLoads.size > 0) notes = notes.where('id', 'not in', [...ownLoads]);
    return notes;
  };
  /** One corporation's stale notes, locked, turned into failed uploads in one transaction. */
  const recoverCorporation = (corporationId: number) =>
    db.transaction().execute(async (trx) => {
      const loads = await stale(trx)
        .selectAll()
        .where('corporation_id', '=', corporationId)
        .forUpdate()
        .skipLocked()
        .execute();
      for (const load of loads) {
        await trx
          .insertInto('uploads')
          .values({
            corporation_id: load.corporation_id,
            store_id: load.store_id,
            file_name: load.file_name,
            content_hash: load.content_hash,
            size_bytes: load.size_bytes,
            status: 'failed',
            message: UPLOAD_MESSAGES.failed,
            received_at: load.started_at,
          })
          .execute();
        await trx
          .deleteFrom('upload_loads')
          .where('corporation_id', '=', load.corporation_id)
          .where('id', '=', load.id)
          .execute();
      }
      return loads;
    });
  // Citus locks rows only in a statement on one shard group (docs/scaling.md): the corporations
  // with stale notes are found without a lock, then each one's notes are locked on their own.
  const corporations = await stale(db).select('corporation_id').distinct().execute();
  const recovered = [];
  for (const { corporation_id } of corporations) {
    recovered.push(...(await recoverCorporation(corporation_id)));
  }
  for (const load of recovered) {
    const same = (table: 'uploads' | 'upload_loads') =>
      db
        .selectFrom(table)
        .select('id')
        .where('corporation_id', '=', load.corporation_id)
        .where('store_id', '=', load.store_id)
        .where('content_hash', '=', load.content_hash);
    // The failed row just written is one upload of that content; the file stays for any other.
    const uploads = await same('uploads').limit(2).execute();
    const loading = await same('upload_loads').executeTakeFirst();
    if (uploads.length > 1 || loading) continue;
    await removeRawFile(dataDir, load.corporation_id, load.store_id, load.content_hash);
  }
  return recovered.length;
}
