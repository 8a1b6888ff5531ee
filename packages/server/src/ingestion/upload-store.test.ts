import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { readRawFile, removeRawFile, storeRawFile, UPLOAD_STALLED } from './upload-store.ts';

const root = mkdtempSync(join(tmpdir(), 'pharmalytics-store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const files = () => readdirSync(join(root, 'uploads', '1', '2'));

describe('storeRawFile', () => {
  it('keeps a file compressed under the SHA-256 of its content', async () => {
    const body = new PassThrough();
    body.end('a,b\n');
    const stored = await storeRawFile(root, 1, 2, body);
    expect(stored).toMatchObject({ size: 4, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(files()).toEqual([`${stored.hash}.gz`]);
    expect(gunzipSync(readFileSync(stored.path)).toString()).toBe('a,b\n');
    await removeRawFile(root, 1, 2, stored.hash);
    expect(files()).toEqual([]);
  });

  it('reads a dispensing file back as it came, compressed to a fraction of its size', async () => {
    const line =
      '4041100018,2026-10-01,09:12,R1,1,P-1,2,1958-07,8100001,福岡県福岡市中央区天神二丁目\r\n';
    const text = Buffer.from(line.repeat(2000));
    const body = new PassThrough();
    body.end(text);
    const stored = await storeRawFile(root, 1, 2, body);
    expect(readFileSync(stored.path).length).toBeLessThan(text.length / 10);
    expect((await readRawFile(root, 1, 2, stored.hash)).equals(text)).toBe(true);
    await removeRawFile(root, 1, 2, stored.hash);
  });

  it('reads and removes a file kept uncompressed before uploads were compressed', async () => {
    const hash = 'f'.repeat(64);
    mkdirSync(join(root, 'uploads', '1', '2'), { recursive: true });
    writeFileSync(join(root, 'uploads', '1', '2', `${hash}.dat`), 'an old,file\n');
    expect((await readRawFile(root, 1, 2, hash)).toString()).toBe('an old,file\n');
    await removeRawFile(root, 1, 2, hash);
    expect(files()).toEqual([]);
  });

  it('gives up a transfer that stops sending, dropping it and its partial file', async () => {
    const body = new PassThrough();
    body.write('half of a file');
    const started = Date.now();
    const stored = storeRawFile(root, 1, 2, body, { idleMs: 1000 });
    // The partial file appears while the transfer idles (opened asynchronously: on a busy
    // machine, later than a fixed wait would look).
    const partial = () => files().some((f) => f.startsWith('.incoming-'));
    while (!partial() && Date.now() - started < 900) await new Promise((r) => setTimeout(r, 20));
    expect(partial()).toBe(true);
    await expect(stored).rejects.toMatchObject({ statusCode: 408, message: UPLOAD_STALLED });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(body.destroyed).toBe(true);
    expect(files().some((f) => f.startsWith('.incoming-'))).toBe(false);
  });
});
