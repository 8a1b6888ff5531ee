import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely } from 'kysely';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '../db/migrate.ts';
import { PGliteDialect } from '../db/pglite-dialect.ts';
import { PGliteHost } from '../db/pglite-host.ts';
import type { DB } from '../db/types.ts';
import { TEMPLATE_KEY } from './template-key.ts';

/**
 * Once per test run: an embedded database is made by initdb and migrated, and its data directory
 * kept as a tarball that every test server on the embedded database starts from (startTestApp).
 * Unpacking takes a fraction of initdb's seconds, which every test file used to pay. The
 * migrations still run here, from the same files, on every run; on the PostgreSQL server each
 * test schema is migrated itself.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide(TEMPLATE_KEY, undefined);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'pharmalytics-template-'));
  const file = join(dir, 'migrated.tar');
  const host = await PGliteHost.open();
  const db = new Kysely<DB>({ dialect: new PGliteDialect(host) });
  try {
    await migrateToLatest(db);
    await host.dumpTo(file);
  } finally {
    await db.destroy();
  }
  project.provide(TEMPLATE_KEY, file);
  return () => rmSync(dir, { recursive: true, force: true });
}
