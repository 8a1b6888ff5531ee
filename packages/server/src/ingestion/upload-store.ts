import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { constants, createGzip, gunzip } from 'node:zlib';
import { HttpError } from '../http/errors.ts';

export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
export const FILE_TOO_LARGE = 'file too large';
export const UPLOAD_STALLED = 'upload stalled';

/** Prefix of a file still being received. */
const INCOMING = '.incoming-';
/**
 * A transfer that sends nothing for this long is given up (its client is gone without closing
 * the connection, say the store's computer lost power): the connection is dropped and the
 * partial file removed.
 */
export const UPLOAD_IDLE_MS = 60 * 1000;
/**
 * A file being received is written to at least every UPLOAD_IDLE_MS; one untouched for much
 * longer belongs to a transfer that ended without cleaning up (a server killed mid-transfer).
 */
export const STALE_INCOMING_MS = 10 * 60 * 1000;

const uploadsDir = (root: string) => join(root, 'uploads');
const storeDir = (root: string, corporationId: number, storeId: number) =>
  join(uploadsDir(root), String(corporationId), String(storeId));

/** Where the raw file of a store's upload with the given content hash is kept, compressed. */
export const rawFilePath = (root: string, corporationId: number, storeId: number, hash: string) =>
  join(storeDir(root, corporationId, storeId), `${hash}.gz`);

/** Where files received before raw files were compressed were kept, as they came. */
const plainRawFilePath = (root: string, corporationId: number, storeId: number, hash: string) =>
  join(storeDir(root, corporationId, storeId), `${hash}.dat`);

/**
 * The bytes of a raw upload as they came, from its compressed file or, for a file received
 * before uploads were compressed, its plain one.
 */
export async function readRawFile(
  root: string,
  corporationId: number,
  storeId: number,
  hash: string,
): Promise<Buffer> {
  try {
    return await promisify(gunzip)(await readFile(rawFilePath(root, corporationId, storeId, hash)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return readFile(plainRawFilePath(root, corporationId, storeId, hash));
  }
}

/** Removes the raw file of an upload, compressed or plain. */
export async function removeRawFile(
  root: string,
  corporationId: number,
  storeId: number,
  hash: string,
): Promise<void> {
  await rm(rawFilePath(root, corporationId, storeId, hash), { force: true });
  await rm(plainRawFilePath(root, corporationId, storeId, hash), { force: true });
}

/**
 * Dispensing files are text that compresses about 14 times; a fast level keeps most of that
 * for a fraction of the default level's time (the demo history writes a thousand files).
 */
const GZIP_LEVEL = constants.Z_BEST_SPEED;

/**
 * Keeps every received file, compressed (gzip), named by the SHA-256 of its content, under
 * DATA_DIR/uploads/<corporation>/<store>/. Writing goes to a temporary name first, so a broken
 * upload never leaves a half file under a real name, and the temporary file goes when the
 * transfer fails or the client goes away. Beyond `maxBytes` it stops reading (413) without
 * tearing down the connection, so the answer still reaches the client.
 */
export async function storeRawFile(
  root: string,
  corporationId: number,
  storeId: number,
  body: Readable,
  { maxBytes = MAX_UPLOAD_BYTES, idleMs = UPLOAD_IDLE_MS } = {},
): Promise<{ path: string; hash: string; size: number }> {
  const dir = storeDir(root, corporationId, storeId);
  await mkdir(dir, { recursive: true });
  const temp = join(
    dir,
    `${INCOMING}${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
  );
  const hash = createHash('sha256');
  let size = 0;
  let idle: NodeJS.Timeout | undefined;
  const watchIdle = () => {
    clearTimeout(idle);
    idle = setTimeout(() => body.destroy(new HttpError(408, UPLOAD_STALLED)), idleMs);
  };
  async function* limited() {
    watchIdle();
    for await (const chunk of body.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
      watchIdle();
      size += chunk.length;
      if (size > maxBytes) throw new HttpError(413, FILE_TOO_LARGE);
      hash.update(chunk);
      yield chunk;
    }
  }
  const out = createWriteStream(temp);
  try {
    await pipeline(limited, createGzip({ level: GZIP_LEVEL }), out);
  } catch (error) {
    // The file may still be opening: it is removed once it is closed.
    if (!out.closed) await once(out, 'close').catch(() => {});
    await rm(temp, { force: true });
    throw error;
  } finally {
    clearTimeout(idle);
  }
  const digest = hash.digest('hex');
  const path = rawFilePath(root, corporationId, storeId, digest);
  await rename(temp, path);
  return { path, hash: digest, size };
}

/** Removes files of transfers that ended without cleaning up (see STALE_INCOMING_MS). */
export async function sweepIncomingFiles(root: string, now = Date.now()): Promise<number> {
  let removed = 0;
  const entries = await readdir(uploadsDir(root), { recursive: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.split(/[\\/]/).at(-1)!.startsWith(INCOMING)) continue;
    const path = join(uploadsDir(root), entry);
    const info = await stat(path).catch(() => null);
    if (info?.isFile() && now - info.mtimeMs > STALE_INCOMING_MS) {
      await rm(path, { force: true });
      removed += 1;
    }
  }
  return removed;
}
