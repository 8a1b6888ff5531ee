import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Database } from '../db/connection.ts';
import type { DeviceIdentity } from './device-auth.ts';
import { loadPrescriptions } from './load-prescriptions.ts';
import { parseOffThread } from './parsers/parse-off-thread.ts';
import type { ParsedPrescription, RejectedLine } from './parsers/types.ts';
import { storeRawFile } from './upload-store.ts';

export interface IngestResult {
  uploadId: number;
  status: 'loaded' | 'duplicate' | 'failed';
  format: string | null;
  prescriptionsLoaded: number;
  rowsRefused: number;
  message: string | null;
  rejected: RejectedLine[];
}

/** Prescriptions of another pharmacy than the device's store are refused, line by line. */
function splitByPharmacy(device: DeviceIdentity, prescriptions: ParsedPrescription[]) {
  const expected = device.insuranceInstitutionCode;
  const accepted: ParsedPrescription[] = [];
  const refused: RejectedLine[] = [];
  for (const p of prescriptions) {
    if (!expected || p.pharmacyCode === expected) accepted.push(p);
    else {
      refused.push({
        lineNo: p.lineNo,
        reason: `pharmacy_code ${p.pharmacyCode} はこの店舗の保険薬局コード（${expected}）と異なります`,
        raw: '',
      });
    }
  }
  return { accepted, refused };
}

/**
 * Receives one file for the device's store: keeps it raw, recognises a file loaded before, parses
 * it and loads it in one transaction, so a failure or a crash loads nothing of it.
 */
export async function ingestFile(
  db: Database,
  dataDir: string,
  device: DeviceIdentity,
  fileName: string,
  body: Readable,
): Promise<IngestResult> {
  const { corporationId, storeId } = device;
  const raw = await storeRawFile(dataDir, corporationId, storeId, body);
  // Parsing needs no database, so it runs while another file's load holds the connection.
  const parsing = readFile(raw.path).then(parseOffThread);
  parsing.catch(() => {}); // awaited below unless the file turns out to be a duplicate
  const previous = await db
    .selectFrom('uploads')
    .select('id')
    .where('corporation_id', '=', corporationId)
    .where('store_id', '=', storeId)
    .where('content_hash', '=', raw.hash)
    .where('status', '=', 'loaded')
    .executeTakeFirst();
  const upload = await db
    .insertInto('uploads')
    .values({
      corporation_id: corporationId,
      store_id: storeId,
      file_name: fileName,
      content_hash: raw.hash,
      size_bytes: raw.size,
      status: previous ? 'duplicate' : 'received',
      message: previous ? '同じ内容のファイルは取り込み済みです。' : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const result = (fields: Partial<IngestResult>): IngestResult => ({
    uploadId: upload.id,
    status: 'loaded',
    format: null,
    prescriptionsLoaded: 0,
    rowsRefused: 0,
    message: null,
    rejected: [],
    ...fields,
  });
  if (previous)
    return result({ status: 'duplicate', message: '同じ内容のファイルは取り込み済みです。' });

  const parsed = await parsing;
  if (!parsed.ok) {
    await db
      .updateTable('uploads')
      .set({ status: 'failed', format: parsed.format, message: parsed.message })
      .where('corporation_id', '=', corporationId)
      .where('id', '=', upload.id)
      .execute();
    return result({ status: 'failed', format: parsed.format, message: parsed.message });
  }

  const { accepted, refused } = splitByPharmacy(device, parsed.prescriptions);
  const rejected = [...parsed.rejected, ...refused].sort((a, b) => a.lineNo - b.lineNo);
  await db.transaction().execute(async (trx) => {
    await loadPrescriptions(trx, { corporationId, storeId, uploadId: upload.id }, accepted);
    for (let i = 0; i < rejected.length; i += 2000) {
      await trx
        .insertInto('upload_rejects')
        .values(
          rejected.slice(i, i + 2000).map((r) => ({
            corporation_id: corporationId,
            upload_id: upload.id,
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
        format: parsed.format,
        prescriptions_loaded: accepted.length,
        rows_refused: rejected.length,
        loaded_at: new Date(),
      })
      .where('corporation_id', '=', corporationId)
      .where('id', '=', upload.id)
      .execute();
  });
  return result({
    format: parsed.format,
    prescriptionsLoaded: accepted.length,
    rowsRefused: rejected.length,
    rejected: rejected.slice(0, 100),
  });
}
