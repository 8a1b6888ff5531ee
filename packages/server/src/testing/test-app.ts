import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/connection.ts';
import { distribute, hasCitus } from '../db/distribution.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { withoutStatementTimeout } from '../db/statement-timeout.ts';
import { seedDemoIfEmpty } from '../demo/seed.ts';
import { loadSecrets } from '../secrets.ts';
import { SecretBox } from '../tokens/secret-box.ts';
import { HttpClient } from './http-client.ts';
import { TEMPLATE_KEY } from './template-key.ts';

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
/**
 * Test files run side by side on one PostgreSQL server, each in its own schema. The migrator
 * reads the catalog of every schema, and a schema dropped by another test at that moment makes
 * its catalog read fail ("schema … does not exist"). Migrations hold this advisory lock shared
 * and drops hold it alone, so the two never overlap.
 */
const SCHEMA_CATALOG_LOCK = 7_235_100;

async function whileNoSchemaIsDropped<T>(
  connection: Database,
  schema: string | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (!schema) return work();
  await sql`select pg_advisory_lock_shared(${SCHEMA_CATALOG_LOCK})`.execute(connection);
  try {
    return await work();
  } finally {
    await sql`select pg_advisory_unlock_shared(${SCHEMA_CATALOG_LOCK})`.execute(connection);
  }
}

/** Drops a test schema while no migration reads the catalog. */
export async function dropTestSchema(db: Database, schema: string): Promise<void> {
  await db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${SCHEMA_CATALOG_LOCK})`.execute(connection);
    try {
      await sql.raw(`drop schema if exists "${schema}" cascade`).execute(connection);
    } finally {
      await sql`select pg_advisory_unlock(${SCHEMA_CATALOG_LOCK})`.execute(connection);
    }
  });
}

/** The configuration of a test server in `dataDir`. */
export function testConfig(dataDir: string, env: Record<string, string> = {}) {
  return loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://127.0.0.1',
    WEB_DIST: '/nonexistent',
    ...env,
  });
}

/** The app over a database, listening on a loopback port. */
export async function listeningApp(
  config: ReturnType<typeof loadConfig>,
  db: Database,
  secrets: Awaited<ReturnType<typeof loadSecrets>>,
  port = 0,
) {
  const app = await buildApp({ config, db, secrets });
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { app, baseUrl };
}

export async function startTestApp(
  options: {
    seed?: boolean;
    env?: Record<string, string>;
    port?: number;
    /** Keep the embedded database in the data directory, as the service does, not in memory. */
    embeddedOnDisk?: boolean;
    /** A PostgreSQL server whatever TEST_DATABASE_URL says (for what only a server can show). */
    databaseUrl?: string;
    /** Told the text of every statement the server runs. */
    onStatement?: (text: string) => void;
    /** Run on the seeded database before the server listens (nothing can call it yet). */
    beforeListen?: (db: Database, box: SecretBox) => Promise<void>;
  } = {},
): Promise<TestApp> {
  const url = options.databaseUrl ?? process.env.TEST_DATABASE_URL;
  const schema = url ? `test_${randomUUID().replaceAll('-', '').slice(0, 16)}` : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'pharmalytics-test-'));
  const config = testConfig(dataDir, options.env);
  const db = await openDatabase({
    url,
    schema,
    dataDir: !url && options.embeddedOnDisk ? join(dataDir, 'pglite') : undefined,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    // The migrated database of this run (global-setup.ts): the migrations below find no work.
    template: url ? undefined : inject(TEMPLATE_KEY),
    onStatement: options.onStatement,
  });
  const secrets = await loadSecrets(undefined);
  const box = new SecretBox(secrets.dataKey);
  await withoutStatementTimeout(db, async (connection) => {
    await whileNoSchemaIsDropped(connection, schema, () => migrateToLatest(connection, schema));
    // On a Citus coordinator the tests run over the distributed layout, as the service would.
    if (url && (await hasCitus(connection))) await distribute(connection, { shardCount: 4 });
    if (options.seed ?? true) await seedDemoIfEmpty(connection, box);
  });
  await options.beforeListen?.(db, box);
  const { app, baseUrl } = await listeningApp(config, db, secrets, options.port);
  return {
    app,
    db,
    baseUrl,
    dataDir,
    box,
    client: () => new HttpClient(baseUrl),
    close: async () => {
      await app.close();
      if (schema) await dropTestSchema(db, schema);
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
