import type { Readable } from 'node:stream';
import { UPLOAD_MESSAGES } from '@pharmalytics/domain';
import type { Database } from '../db/connection.ts';
import { liftStatementTimeout } from '../db/statement-timeout.ts';
import type { DeviceIdentity } from './device-auth.ts';
import { beginLoad, endLoad, holdLoad } from './interrupted-loads.ts';
import { inBackground } from '../workers/background.ts';
import { loadPrescriptions } from './load-prescriptions.ts';
import { fromMoved, type PreparedFile } from './prepared-file.ts';
import type { RejectedLine } from './parsers/types.ts';
import { retryOnDeadlock } from './retry-on-deadlock.ts';
import { readRawFile, storeRawFile } from './upload-store.ts';

export interface IngestResult {
  uploadId: number;
  status: 'loaded' | 'duplicate' | 'failed';
  format: string | null;
  prescriptionsLoaded: number;
  rowsRefused: number;
  message: string | null;
  rejected: RejectedLine[];
  /** For a duplicate: the upload that loaded the same content. */
  duplicateOf?: number;
}

const ONE_LOAD = ['corporation_id', 'store_id', 'content_hash'] as const;

/** A file as received: its name, the SHA-256 of its content and its size in bytes. */
export interface ReceivedFile {
  fileName: string;
  hash: string;
  size: number;
}

/**
 * Receives one file for the device's store: keeps it raw (compressed), recognises content loaded
 * before, parses and prepares it on the background thread (prepared-file.ts) and loads it in one
 * transaction (loadFile), so a failure or a crash loads nothing of it.
 */
export async function ingestFile(
  db: Database,
  dataDir: string,
  device: DeviceIdentity,
  fileName: string,
  body: Readable,
  options: LoadOptions = {},
): Promise<IngestResult> {
  const { corporationId, storeId } = device;
  const raw = await storeRawFile(dataDir, corporationId, storeId, body);
  // Preparing needs no database, so it runs while another file's load holds the connection.
  const preparing = readRawFile(dataDir, corporationId, storeId, raw.hash).then((bytes) =>
    prepareInBackground(bytes, device.insuranceInstitutionCode),
  );
  return loadFile(db, device, { fileName, hash: raw.hash, size: raw.size }, preparing, options);
}

/** Parses and prepares a file for the store of `pharmacyCode` on the background thread. */
async function prepareInBackground(bytes: Uint8Array, pharmacyCode: string | null) {
  const copy = new Uint8Array(bytes);
  return fromMoved(await inBackground('prepare', { bytes: copy, pharmacyCode }, [copy.buffer]));
}

export interface LoadOptions {
  /** Told each time the load was rolled back to break a deadlock, before it runs again. */
  onDeadlock?: (attempt: number) => void;
}

/**
 * Loads a received file's prepared content for the device's store, unless the same content was
 * loaded before (a duplicate).
 *
 * The upload row of a load is written in the load's transaction, under a unique index on the
 * store and content of rows being loaded or loaded: a copy of the file arriving meanwhile waits
 * for that transaction and is then recorded as a duplicate (or loads, if the first failed). A
 * failure records a failed row with its reason; no row is ever left half done.
 */
export async function loadFile(
  db: Database,
  device: DeviceIdentity,
  { fileName, hash, size }: ReceivedFile,
  preparing: Promise<PreparedFile>,
  options: LoadOptions = {},
): Promise<IngestResult> {
  const { corporationId, storeId } = device;
  preparing.catch(() => {}); // awaited below unless the file turns out to be a duplicate
  const row = {
    corporation_id: corporationId,
    store_id: storeId,
    file_name: fileName,
    content_hash: hash,
    size_bytes: size,
  };
  const result = (uploadId: number, fields: Partial<IngestResult>): IngestResult => ({
    uploadId,
    status: 'loaded',
    format: null,
    prescriptionsLoaded: 0,
    rowsRefused: 0,
    message: null,
    rejected: [],
    ...fields,
  });
  const loadedCopy = () =>
    db
      .selectFrom('uploads')
      .select('id')
      .where('corporation_id', '=', corporationId)
      .where('store_id', '=', storeId)
      .where('content_hash', '=', hash)
      .where('status', '=', 'loaded')
      .executeTakeFirst();
  const duplicate = async (of: number | undefined) => {
    const message = UPLOAD_MESSAGES.duplicate;
    const { id } = await db
      .insertInto('uploads')
      .values({ ...row, status: 'duplicate', message })
      .returning('id')
      .executeTakeFirstOrThrow();
    return result(id, { status: 'duplicate', message, ...(of ? { duplicateOf: of } : {}) });
  };
  const failed = async (format: string | null, message: string) => {
    const { id } = await db
      .insertInto('uploads')
      .values({ ...row, status: 'failed', format, message })
      .returning('id')
      .executeTakeFirstOrThrow();
    return result(id, { status: 'failed', format, message });
  };

  const before = await loadedCopy();
  if (before) return duplicate(before.id);

  // Noted before the work starts: a process killed during it leaves a failed upload behind.
  const load = await beginLoad(db, row);
  try {
    const prepared = await preparing;
    if (!prepared.ok) return await failed(prepared.format, prepared.message);
    const { rejected, accepted } = prepared;
    // Chosen to break a deadlock (another file upserting the same patients, say), the load is
    // rolled back whole and runs again.
    const uploadId = await retryOnDeadlock(
      () =>
        db.transaction().execute(async (trx) => {
          await liftStatementTimeout(trx); // a large file takes as long as it takes
          await holdLoad(trx, corporationId, load);
          const claimed = await trx
            .insertInto('uploads')
            .values({ ...row, status: 'received' })
            .onConflict((oc) =>
              oc.columns(ONE_LOAD).where('status', 'in', ['received', 'loaded']).doNothing(),
            )
            .returning('id')
            .executeTakeFirst();
          if (!claimed) return null;
          const target = { corporationId, storeId, uploadId: claimed.id };
          await loadPrescriptions(trx, target, prepared.load);
          for (let i = 0; i < rejected.length; i += 2000) {
            await trx
              .insertInto('upload_rejects')
              .values(
                rejected.slice(i, i + 2000).map((r) => ({
                  corporation_id: corporationId,
                  upload_id: claimed.id,
                  line_no: r.lineNo,
                  reason: r.reason,
                  raw: r.raw,
                })),
              )
              .onConflict((oc) => oc.doNothing())
              .execute();
          }
          await trx
            .updateTable('uploads')
            .set({
              status: 'loaded',
              format: prepared.format,
              prescriptions_loaded: accepted,
              rows_refused: rejected.length,
              loaded_at: new Date(),
            })
            .where('corporation_id', '=', corporationId)
            .where('id', '=', claimed.id)
            .execute();
          return claimed.id;
        }),
      options.onDeadlock,
    );
    // Another upload of this content was loading: it has committed by now.
    if (uploadId === null) return await duplicate((await loadedCopy())?.id);
    return result(uploadId, {
      format: prepared.format,
      prescriptionsLoaded: accepted,
      rowsRefused: rejected.length,
      rejected: rejected.slice(0, 100),
    });
  } catch (error) {
    // Nothing of the file was loaded (the transaction rolled back); the history says so.
    await failed(null, UPLOAD_MESSAGES.failed).catch(() => {});
    throw error;
  } finally {
    await endLoad(db, corporationId, load).catch(() => {});
  }
}
