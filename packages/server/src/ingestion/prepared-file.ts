import { setImmediate as nextTurn } from 'node:timers/promises';
import { deserialize, serialize } from 'node:v8';
import type { WorkerReply } from '../workers/worker-client.ts';
import { prepareLoad, type PreparedChunk, type PreparedLoad } from './load-prescriptions.ts';
import type { ParsedPrescription, ParseResult, RejectedLine } from './parsers/types.ts';

/**
 * A received file as the loader takes it: parsed, the prescriptions of another pharmacy than the
 * store's refused, the rest's rows prepared (prepareLoad). Made on a worker thread.
 */
export type PreparedFile =
  | {
      ok: true;
      format: Extract<ParseResult, { ok: true }>['format'];
      /** Lines refused by the parser or for their pharmacy, in the order of the file. */
      rejected: RejectedLine[];
      /** How many prescriptions the file loads. */
      accepted: number;
      load: PreparedLoad;
    }
  | Extract<ParseResult, { ok: false }>;

/** A parse result prepared for the store of `pharmacyCode` (the store's 保険薬局コード, if known). */
export function prepareFile(parsed: ParseResult, pharmacyCode: string | null): PreparedFile {
  if (!parsed.ok) return parsed;
  const { accepted, refused } = splitByPharmacy(pharmacyCode, parsed.prescriptions);
  return {
    ok: true,
    format: parsed.format,
    rejected: [...parsed.rejected, ...refused].sort((a, b) => a.lineNo - b.lineNo),
    accepted: accepted.length,
    load: prepareLoad(accepted),
  };
}

/** Prescriptions of another pharmacy than the store's are refused, line by line. */
function splitByPharmacy(expected: string | null, prescriptions: ParsedPrescription[]) {
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

/** A prepared file whose chunks travel as serialized buffers (moved to the main thread, not copied). */
export type MovedFile =
  | (Omit<Extract<PreparedFile, { ok: true }>, 'load'> & {
      load: Omit<PreparedLoad, 'chunks'> & { chunks: Uint8Array[] };
    })
  | Extract<PreparedFile, { ok: false }>;

/** A prepared file, its chunks serialized to be moved to another thread. */
export function toMoved(file: PreparedFile): WorkerReply<MovedFile> {
  if (!file.ok) return { result: file };
  const chunks = file.load.chunks.map((chunk) => new Uint8Array(serialize(chunk)));
  return {
    result: { ...file, load: { ...file.load, chunks } },
    transfer: chunks.map((c) => c.buffer as ArrayBuffer),
  };
}

/**
 * The prepared file again, a chunk read per turn of the main thread: a large file's rows read in
 * one go would hold it for as long as a second.
 */
export async function fromMoved(moved: MovedFile): Promise<PreparedFile> {
  if (!moved.ok) return moved;
  const chunks: PreparedChunk[] = [];
  for (const chunk of moved.load.chunks) {
    await nextTurn();
    chunks.push(deserialize(chunk) as PreparedChunk);
  }
  return { ...moved, load: { ...moved.load, chunks } };
}
