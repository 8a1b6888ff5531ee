import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './connection.ts';
import { liftStatementTimeout } from './statement-timeout.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/** Plain SQL files, applied in name order; each file runs in the migrator's transaction. */
class SqlFileMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    for (const file of readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith('.sql'))
      .sort()) {
      const text = readFileSync(MIGRATIONS_DIR + file, 'utf8');
      migrations[file.replace(/\.sql$/, '')] = {
        up: async (db) => {
          // The migrator's transaction: a migration may take its time over a large table.
          await liftStatementTimeout(db);
          await sql.raw(text).execute(db);
        },
      };
    }
    return migrations;
  }
}

/** Applies pending migrations; `schema` names the schema on a server when not the default one. */
export async function migrateToLatest(db: Database, schema?: string): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: new SqlFileMigrationProvider(),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
