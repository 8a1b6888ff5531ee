import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { storeRawFile, UPLOAD_STALLED } from './upload-store.ts';

const root = mkdtempSync(join(tmpdir(), 'pharmalytics-store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const files = () => readdirSync(join(root, 'uploads', '1', '2'));

describe('storeRawFile', () => {
  it('keeps a file under its SHA-256', async () => {
    const body = new PassThrough();
    body.end('a,b\n');
    const stored = await storeRawFile(root, 1, 2, body);
    expect(stored).toMatchObject({ size: 4, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(files()).toEqual([`${stored.hash}.dat`]);
  });

  it('gives up a transfer that stops sending, dropping it and its partial file', async () => {
    const body = new PassThrough();
    body.write('half of a file');
    const started = Date.now();
    const stored = storeRawFile(root, 1, 2, body, { idleMs: 300 });
    await new Promise((r) => setTimeout(r, 100));
    expect(files().some((f) => f.startsWith('.incoming-'))).toBe(true);
    await expect(stored).rejects.toMatchObject({ statusCode: 408, message: UPLOAD_STALLED });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(body.destroyed).toBe(true);
    expect(files().some((f) => f.startsWith('.incoming-'))).toBe(false);
  });
});
