import { setImmediate as nextTurn } from 'node:timers/promises';
import { deserialize, serialize } from 'node:v8';
import type { WorkerReply } from '../../workers/worker-client.ts';
import { parseUpload } from './index.ts';
import type { ParsedPrescription, ParseResult } from './types.ts';

/** Prescriptions per batch: a batch takes a few milliseconds to read back on the main thread. */
const BATCH = 500;

/** A parse result whose prescriptions travel as serialized batches (moved, not copied). */
export type BatchedParseResult =
  | (Omit<Extract<ParseResult, { ok: true }>, 'prescriptions'> & { batches: Uint8Array[] })
  | Extract<ParseResult, { ok: false }>;

/**
 * Parses a file on a worker thread. A large file's prescriptions are hundreds of thousands of
 * objects; read back in one message they would hold the main thread for as long as a second,
 * so they go as batches that the main thread reads one turn of the event loop at a time.
 */
export function parseToBatches(bytes: Uint8Array): WorkerReply<BatchedParseResult> {
  const result = parseUpload(bytes);
  return result.ok ? toBatches(result) : { result };
}

/** A parse result with its prescriptions as serialized batches, to be moved to another thread. */
export function toBatches(
  result: Extract<ParseResult, { ok: true }>,
): WorkerReply<Extract<BatchedParseResult, { ok: true }>> {
  const { prescriptions, ...rest } = result;
  const batches: Uint8Array[] = [];
  for (let i = 0; i < prescriptions.length; i += BATCH) {
    batches.push(new Uint8Array(serialize(prescriptions.slice(i, i + BATCH))));
  }
  return { result: { ...rest, batches }, transfer: batches.map((b) => b.buffer as ArrayBuffer) };
}

/** The parse result again, its batches read between other work on the main thread. */
export async function fromBatches(batched: BatchedParseResult): Promise<ParseResult> {
  if (!batched.ok) return batched;
  const { batches, ...rest } = batched;
  const prescriptions: ParsedPrescription[] = [];
  for (const batch of batches) {
    await nextTurn();
    for (const p of deserialize(batch) as ParsedPrescription[]) prescriptions.push(p);
  }
  return { ...rest, prescriptions };
}
