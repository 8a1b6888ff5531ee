import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { deviceCredentials, dispensingCsv, uploadFile } from '../testing/upload.ts';
import { MAX_UPLOAD_BYTES, STALE_INCOMING_MS } from './upload-store.ts';

// Files of transfers cut off before this server started: one long untouched, one just written.
const dataDir = mkdtempSync(join(tmpdir(), 'pharmalytics-transfer-'));
const leftovers = join(dataDir, 'uploads', '1', '1');
mkdirSync(leftovers, { recursive: true });
writeFileSync(join(leftovers, '.incoming-1-old'), 'half a file');
const longAgo = (Date.now() - STALE_INCOMING_MS - 60_000) / 1000;
utimesSync(join(leftovers, '.incoming-1-old'), longAgo, longAgo);
writeFileSync(join(leftovers, '.incoming-2-live'), 'being written by another server');
writeFileSync(join(leftovers, 'kept.dat'), 'a received file');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const incomingFiles = () =>
  readdirSync(join(dataDir, 'uploads'), { recursive: true })
    .map(String)
    .filter((f) => f.includes('.incoming-'));

const line = (receptionId: string) =>
  `4041100018,2026-04-01,09:12,${receptionId},1,P-${receptionId},2,1958-07,,,社保,外来,再来,1,4011012345,天神内科クリニック,,,,,FEE,120000110,調剤基本料１,調剤基本料,45,1,,,`;

/** A raw keep-alive connection: what it received so far, and whether the server closed it. */
async function rawConnection() {
  const url = new URL(t.baseUrl);
  const socket: Socket = connect(Number(url.port), url.hostname);
  await new Promise((resolve) => socket.once('connect', resolve));
  const state = { received: '', closed: false };
  socket.on('data', (d) => (state.received += d.toString('latin1')));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      state.closed = true;
      resolve();
    }),
  );
  return { socket, state, closed };
}

async function fileHeaders(extra: string) {
  const c = await deviceCredentials(t, '1001');
  const auth = Buffer.from(`${c.user}:${c.key}`).toString('base64');
  return (
    'POST /uploader/v1/files HTTP/1.1\r\n' +
    `Host: 127.0.0.1\r\nAuthorization: Basic ${auth}\r\nConnection: keep-alive\r\n` +
    `Content-Type: application/octet-stream\r\nX-File-Name: big.csv\r\n${extra}\r\n`
  );
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('hung')), ms)),
  ]);

describe('transfers', () => {
  it('sweeps files of transfers cut off before the start, not those still being written', () => {
    expect(readdirSync(leftovers).sort()).toEqual(['.incoming-2-live', 'kept.dat']);
  });

  it('answers a declared oversize file 413 before reading it, and closes the connection', async () => {
    const { socket, state, closed } = await rawConnection();
    socket.write(await fileHeaders(`Content-Length: ${MAX_UPLOAD_BYTES + 1}\r\n`));
    socket.write(Buffer.alloc(64 * 1024));
    await within(closed, 10_000);
    expect(state.received).toMatch(/^HTTP\/1\.1 413 /);
    expect(state.received.toLowerCase()).toContain('connection: close');
    expect(state.received).toContain('file too large');
  });

  it('answers 413 once a chunked file passes the limit, and closes the connection', async () => {
    const { socket, state, closed } = await rawConnection();
    socket.write(await fileHeaders('Transfer-Encoding: chunked\r\n'));
    const chunk = Buffer.alloc(1024 * 1024, 0x41);
    const head = Buffer.from(`${chunk.length.toString(16)}\r\n`);
    // Send until the server answers; it must not keep reading a body it refused.
    for (let sent = 0; !state.closed && sent <= MAX_UPLOAD_BYTES + 2 * chunk.length;) {
      if (!socket.write(Buffer.concat([head, chunk, Buffer.from('\r\n')]))) {
        await new Promise((resolve) => socket.once('drain', resolve).once('close', resolve));
      }
      sent += chunk.length;
    }
    await within(closed, 10_000);
    expect(state.received).toMatch(/^HTTP\/1\.1 413 /);
    expect(state.received.toLowerCase()).toContain('connection: close');
    expect(incomingFiles()).toEqual(['1/1/.incoming-2-live']);
    // The server goes on serving new connections.
    const next = await uploadFile(t, '1001', dispensingCsv(line('AFTER')), 'after.csv');
    expect(next.body.status).toBe('loaded');
  }, 60_000);

  it('removes the file of a transfer the client gave up on', async () => {
    const before = incomingFiles();
    const { socket, closed } = await rawConnection();
    socket.write(await fileHeaders('Content-Length: 1000000\r\n'));
    socket.write(Buffer.alloc(200_000, 0x41));
    // The server has started writing the file…
    for (let i = 0; i < 100 && incomingFiles().length === before.length; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(incomingFiles()).toHaveLength(before.length + 1);
    socket.destroy();
    await closed;
    // …and removes it once the transfer is cut.
    for (let i = 0; i < 100 && incomingFiles().length > before.length; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(incomingFiles()).toEqual(before);
  });

  it('leaves no file behind when clients give up at any moment of the transfer', async () => {
    const before = incomingFiles();
    for (let i = 0; i < 30; i++) {
      const { socket, closed } = await rawConnection();
      socket.write(await fileHeaders('Content-Length: 1000000\r\n'));
      if (i % 3 > 0) socket.write(Buffer.alloc(1000 * i, 0x41));
      await new Promise((r) => setTimeout(r, i % 10));
      socket.destroy();
      await closed;
    }
    // Every transfer has ended once the server answers the next request.
    await uploadFile(t, '1001', dispensingCsv(line('SETTLED')), 'settled.csv');
    await new Promise((r) => setTimeout(r, 500));
    expect(incomingFiles()).toEqual(before);
  });

  it('loads one of six copies of a file sent at once; the others are its duplicates', async () => {
    const file = dispensingCsv(line('SIX1'), line('SIX2'));
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) => uploadFile(t, '1001', file, `six-${i}.csv`)),
    );
    const loaded = replies.filter((r) => r.body.status === 'loaded');
    expect(loaded).toHaveLength(1);
    const loadedId = loaded[0]!.body.uploadId as number;
    const duplicates = replies.filter((r) => r.body.status === 'duplicate');
    expect(duplicates).toHaveLength(5);
    for (const d of duplicates) {
      expect(d.status).toBe(200);
      expect(d.body).toMatchObject({ duplicateOf: loadedId, prescriptionsLoaded: 0 });
    }
    const history = await t.db
      .selectFrom('uploads')
      .select(['status'])
      .where('file_name', 'like', 'six-%')
      .execute();
    expect(history.map((h) => h.status).sort()).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'loaded',
    ]);
    const stored = await t.db
      .selectFrom('prescriptions')
      .select('upload_id')
      .where('reception_id', 'in', ['SIX1', 'SIX2'])
      .execute();
    expect(stored.map((p) => Number(p.upload_id))).toEqual([loadedId, loadedId]);
  });
});
