import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection.ts';
import { freePort, startChildServer } from '../testing/child-server.ts';
import { HttpClient } from '../testing/http-client.ts';
import { dropTestSchema } from '../testing/test-app.ts';
import { generatedFile, generatedWorld } from '../testing/generated-history.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'pharmalytics-crash-'));
// On the PostgreSQL server run, the server process uses a fresh schema there.
const databaseUrl = process.env.TEST_DATABASE_URL;
const schema = `crash_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl) {
    const db = await openDatabase({ url: databaseUrl });
    await dropTestSchema(db, schema);
    await db.destroy();
  }
});

const startServer = (port: number) =>
  startChildServer(
    port,
    dataDir,
    databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {},
  );

describe('a server killed in the middle of loading a file', () => {
  it('keeps nothing of that file, and the file sent again is loaded exactly once', async () => {
    const port = await freePort();
    let server = await startServer(port);
    const admin = new HttpClient(`http://127.0.0.1:${port}`);
    await admin.login('admin@example.com');
    const store = (await admin.get('/v3/branches/1001')).body as {
      clientDeviceUser: { name: string; plainTextPassword: string };
    };
    const world = generatedWorld(3);
    const { records, file } = generatedFile(world, '1001', ['2026-08', '2026-09', '2026-10']);
    const send = () =>
      fetch(`http://127.0.0.1:${port}/uploader/v1/files`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${store.clientDeviceUser.name}:${store.clientDeviceUser.plainTextPassword}`).toString('base64')}`,
          'content-type': 'application/octet-stream',
          'x-file-name': 'big.csv',
        },
        body: file,
      });

    type History = { uploads: { status: string; prescriptionsLoaded: number }[] };
    const history = async () => (await admin.get('/v3/branches/1001/uploads')).body as History;

    // Kill the server while it works on the file: once the raw file is on disk it parses the
    // file (seconds for three months) and loads it. The file system is watched from here,
    // because the busy server answers no request until it is done.
    const interrupted = send().catch(() => undefined);
    const uploads = join(dataDir, 'uploads');
    const received = () =>
      existsSync(uploads) &&
      readdirSync(uploads, { recursive: true }).some((f) => String(f).endsWith('.dat'));
    for (let i = 0; i < 1000 && !received(); i++) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 300));
    server.kill('SIGKILL');
    await interrupted;

    server = await startServer(port);
    try {
      // Sent again (the uploader would): whether the killed load had committed or not, the
      // store ends with exactly one copy of the file.
      expect([200]).toContain((await send()).status);
      await admin.login('admin@example.com');
      const { uploads: all } = await history();
      // The killed attempt left no row: its row is written in the load's transaction. (Had
      // the kill come after the commit, it would be the load and the new copy a duplicate.)
      expect(all.filter((u) => u.status !== 'duplicate').map((u) => u.status)).toEqual(['loaded']);
      const loaded = all.filter((u) => u.status === 'loaded');
      expect(loaded).toHaveLength(1);
      expect(loaded[0]!.prescriptionsLoaded).toBe(records.length);
      const again = (await (await send()).json()) as { status: string };
      expect(again.status).toBe('duplicate');
    } finally {
      server.kill('SIGTERM');
    }
  }, 300_000);
});
