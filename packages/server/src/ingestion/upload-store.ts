import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpError } from '../http/errors.ts';

export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/**
 * Keeps every received file as it came, named by its SHA-256, under
 * DATA_DIR/uploads/<corporation>/<store>/. Writing goes to a temporary name first, so a broken
 * upload never leaves a half file under a real name.
 */
export async function storeRawFile(
  root: string,
  corporationId: number,
  storeId: number,
  body: Readable,
  maxBytes = MAX_UPLOAD_BYTES,
): Promise<{ path: string; hash: string; size: number }> {
  const dir = join(root, 'uploads', String(corporationId), String(storeId));
  await mkdir(dir, { recursive: true });
  const temp = join(
    dir,
    `.incoming-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
  );
  const hash = createHash('sha256');
  let size = 0;
  try {
    await pipeline(
      body,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          size += chunk.length;
          if (size > maxBytes) throw new HttpError(413, 'file too large');
          hash.update(chunk);
          yield chunk;
        }
      },
      createWriteStream(temp),
    );
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  const digest = hash.digest('hex');
  const path = join(dir, `${digest}.dat`);
  await rename(temp, path);
  return { path, hash: digest, size };
}
