import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDemoIfEmpty } from '../demo/seed.ts';
import { loadSecrets } from '../secrets.ts';
import { SecretBox } from '../tokens/secret-box.ts';
import { HttpClient } from './http-client.ts';

export interface TestApp {
  app: App;
  db: Database;
  baseUrl: string;
  dataDir: string;
  /** Opens what the server keeps encrypted (uploader keys). */
  box: SecretBox;
  /** A new browser-like client with its own cookies. */
  client: () => HttpClient;
  close: () => Promise<void>;
}

/**
 * A real server on a loopback port over a fresh database: embedded by default, or a new schema
 * on the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
 */
export async function startTestApp(
  options: { seed?: boolean; env?: Record<string, string>; port?: number } = {},
): Promise<TestApp> {
  const url = process.env.TEST_DATABASE_URL;
  const schema = url ? `test_${randomUUID().replaceAll('-', '').slice(0, 16)}` : undefined;
  const db = await openDatabase({ url, schema });
  await migrateToLatest(db, schema);
  const secrets = await loadSecrets(undefined);
  const box = new SecretBox(secrets.dataKey);
  if (options.seed ?? true) await seedDemoIfEmpty(db, box);
  const dataDir = mkdtempSync(join(tmpdir(), 'pharmalytics-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://127.0.0.1',
    WEB_DIST: '/nonexistent',
    ...options.env,
  });
  const app = await buildApp({ config, db, secrets });
  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    app,
    db,
    baseUrl,
    dataDir,
    box,
    client: () => new HttpClient(baseUrl),
    close: async () => {
      await app.close();
      if (schema) await sql.raw(`drop schema "${schema}" cascade`).execute(db);
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
