import { inBackground } from '../../workers/background.ts';
import { fromBatches } from './parse-batches.ts';
import type { ParseResult } from './types.ts';

/**
 * Parses a file on the background worker thread, so that a large upload does not hold up the
 * server's other requests, and the next file is parsed while this one is being loaded.
 */
export async function parseOffThread(bytes: Uint8Array): Promise<ParseResult> {
  const copy = new Uint8Array(bytes);
  return fromBatches(await inBackground('parse', copy, [copy.buffer]));
}
