import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { UPLOAD_MESSAGES } from '@pharmalytics/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { duckdbExecutor } from '../analytics/executors.ts';
import { REPLICA_FILE } from '../analytics/replica/analytics-replica.ts';
import { openDatabase } from '../db/connection.ts';
import { freePort, startChildServer, stopChildServer } from '../testing/child-server.ts';
import { generatedFile, generatedWorld } from '../testing/generated-history.ts';
import { HttpClient } from '../testing/http-client.ts';
import { factsFingerprint } from '../testing/replica.ts';
import { dropTestSchema } from '../testing/test-app.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'pharmalytics-crash-'));
// On the PostgreSQL server run, the server process uses a fresh schema there.
const databaseUrl = process.env.TEST_DATABASE_URL;
const schema = `crash_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
const database: Record<string, string> = databaseUrl
  ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema }
  : {};
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl) {
    const db = await openDatabase({ url: databaseUrl });
    await dropTestSchema(db, schema);
    await db.destroy();
  }
});

type Device = { clientDeviceUser: { name: string; plainTextPassword: string } };

describe('a server killed while it loads files', () => {
  it('keeps nothing of a file it was loading, and catches its replica up with what it had committed', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // This server reads the analytics change log only once an hour: what it commits reaches no
    // replica before the kill.
    let server = await startChildServer(port, dataDir, {
      ...database,
      ANALYTICS_SYNC_INTERVAL_MS: '3600000',
    });
    const admin = new HttpClient(base);
    await admin.login('admin@example.com');
    const send = async (storeCode: string, file: Buffer, fileName: string) => {
      const { clientDeviceUser: device } = (await admin.get(`/v3/branches/${storeCode}`))
        .body as Device;
      return fetch(`${base}/uploader/v1/files`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${device.name}:${device.plainTextPassword}`).toString('base64')}`,
          'content-type': 'application/octet-stream',
          'x-file-name': fileName,
        },
        body: file,
      });
    };
    const world = generatedWorld(3);
    const committed = await send('1002', generatedFile(world, '1002', ['2026-09']).file, 'a.csv');
    expect(((await committed.json()) as { status: string }).status).toBe('loaded');

    const { records, file } = generatedFile(world, '1001', ['2026-08', '2026-09', '2026-10']);
    const sendBig = () => send('1001', file, 'big.csv');
    type History = {
      uploads: { status: string; prescriptionsLoaded: number; message: string | null }[];
    };
    const history = async () => (await admin.get('/v3/branches/1001/uploads')).body as History;

    // Kill the server while it works on the big file: once the raw file is on disk it parses
    // the file (seconds for three months) and loads it. The file system is watched from here,
    // because the busy server answers no request until it is done.
    const interrupted = sendBig().catch(() => undefined);
    const uploads = join(dataDir, 'uploads');
    const received = () =>
      existsSync(uploads) &&
      readdirSync(uploads, { recursive: true }).filter((f) => String(f).endsWith('.gz')).length > 1;
    for (let i = 0; i < 1000 && !received(); i++) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 300));
    await stopChildServer(server, 'SIGKILL');
    await interrupted;

    server = await startChildServer(port, dataDir, database);
    try {
      await admin.login('admin@example.com');
      // The killed load is a failed upload in the history, with the reason of a server failure,
      // and its raw file is gone: only the committed file of 1002 is left. (Had the kill come
      // after the commit, it would be the load, its file kept.)
      const killed = (await history()).uploads;
      const rawFiles = () =>
        readdirSync(uploads, { recursive: true }).filter((f) => String(f).endsWith('.gz'));
      expect(killed).toHaveLength(1);
      const killedBeforeCommit = killed[0]!.status === 'failed';
      if (killedBeforeCommit) {
        expect(killed[0]).toMatchObject({
          prescriptionsLoaded: 0,
          message: UPLOAD_MESSAGES.failed,
        });
        expect(rawFiles()).toHaveLength(1);
      } else {
        expect(killed[0]!.status).toBe('loaded');
        expect(rawFiles()).toHaveLength(2);
      }

      // Sent again (the uploader would): whether the killed load had committed or not, the
      // store ends with exactly one copy of the file.
      expect([200]).toContain((await sendBig()).status);
      const { uploads: all } = await history();
      expect(all.filter((u) => u.status !== 'duplicate').map((u) => u.status)).toEqual(
        killedBeforeCommit ? ['loaded', 'failed'] : ['loaded'],
      );
      expect(rawFiles()).toHaveLength(2);
      const loaded = all.filter((u) => u.status === 'loaded');
      expect(loaded).toHaveLength(1);
      expect(loaded[0]!.prescriptionsLoaded).toBe(records.length);
      const again = (await (await sendBig()).json()) as { status: string };
      expect(again.status).toBe('duplicate');

      // The analytics (/v3, on the replica) count both files once, as the database does (/v2).
      const sysadmin = new HttpClient(base);
      await sysadmin.login('sysadmin@example.com');
      const query = 'from=2026-08-01&to=2026-10-31&periodCode=2&storeCodes=1001,1002';
      const v3 = await admin.get(`/v3/pharmacy/dispensing_sales?${query}`);
      expect(v3.status).toBe(200);
      expect(v3.body).toEqual((await sysadmin.get(`/v2/pharmacy/dispensing_sales?${query}`)).body);
    } finally {
      await stopChildServer(server);
    }

    // Stopped, the replica and the system of record can be read from here: nothing lost or
    // doubled in the replica.
    const db = await openDatabase(
      databaseUrl ? { url: databaseUrl, schema } : { dataDir: join(dataDir, 'pglite') },
    );
    const duck = await DuckDBInstance.create(join(dataDir, REPLICA_FILE));
    try {
      const replica = await factsFingerprint(duckdbExecutor(duck));
      expect(replica).toEqual(await factsFingerprint(db));
      expect(replica.prescriptions).toMatch(/^n=[1-9]/);
    } finally {
      duck.closeSync();
      await db.destroy();
    }
  }, 300_000);
});
