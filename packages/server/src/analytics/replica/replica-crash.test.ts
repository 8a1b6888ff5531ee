import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection.ts';
import { freePort, startChildServer, stopChildServer } from '../../testing/child-server.ts';
import { generatedFile, generatedWorld } from '../../testing/generated-history.ts';
import { HttpClient } from '../../testing/http-client.ts';
import { factsFingerprint } from '../../testing/replica.ts';
import { dropTestSchema } from '../../testing/test-app.ts';
import { duckdbExecutor } from '../executors.ts';
import { REPLICA_FILE } from './analytics-replica.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'pharmalytics-replica-crash-'));
// On the PostgreSQL server run, the server process uses a fresh schema there.
const databaseUrl = process.env.TEST_DATABASE_URL;
const schema = `replica_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
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

describe('a server killed between the commit of a file and the update of its replica', () => {
  it('catches up at the next start with nothing lost or doubled', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // This server reads the change log only once an hour: the commit reaches no replica.
    let server = await startChildServer(port, dataDir, {
      ...database,
      ANALYTICS_SYNC_INTERVAL_MS: '3600000',
    });
    const admin = new HttpClient(base);
    await admin.login('admin@example.com');
    const store = (await admin.get('/v3/branches/1001')).body as {
      clientDeviceUser: { name: string; plainTextPassword: string };
    };
    const { file } = generatedFile(generatedWorld(9), '1001', ['2026-09']);
    const sent = await fetch(`${base}/uploader/v1/files`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${store.clientDeviceUser.name}:${store.clientDeviceUser.plainTextPassword}`).toString('base64')}`,
        'content-type': 'application/octet-stream',
        'x-file-name': 'september.csv',
      },
      body: file,
    });
    expect(((await sent.json()) as { status: string }).status).toBe('loaded');
    await stopChildServer(server, 'SIGKILL');

    server = await startChildServer(port, dataDir, database);
    try {
      await admin.login('admin@example.com');
      const sysadmin = new HttpClient(base);
      await sysadmin.login('sysadmin@example.com');
      const query = 'from=2026-09-01&to=2026-09-30&periodCode=3&storeCodes=1001';
      const v3 = await admin.get(`/v3/pharmacy/dispensing_sales?${query}`);
      expect(v3.status).toBe(200);
      expect(v3.body).toEqual((await sysadmin.get(`/v2/pharmacy/dispensing_sales?${query}`)).body);
    } finally {
      await stopChildServer(server);
    }

    // Stopped, the replica file and the system of record can be read from here.
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
