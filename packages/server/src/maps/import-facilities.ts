/**
 * Loads facility lists of the national medical information open data into the facility master
 * (docs/facility-masters.md):
 *
 *   npx tsx packages/server/src/maps/import-facilities.ts <file>…
 *
 * Writes to the database the server uses: DATABASE_URL (and DATABASE_SCHEMA) when set, else the
 * embedded database in DATA_DIR, which only one process may open: stop the server first. Applies
 * pending migrations as the server does at start. Prints each file's counts and the lines it did
 * not take; exits with 1 when a file could not be read (the others are still loaded).
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { FACILITY_IMPORT_MESSAGES as M } from '@pharmalytics/domain';
import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/open-configured.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { withoutStatementTimeout } from '../db/statement-timeout.ts';
import { importMedicalInfoFile } from './facility-import.ts';
import { OpenDataFileError } from './medical-info-open-data.ts';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error(M.usage);
  process.exit(2);
}

const config = loadConfig();
const db = await openConfiguredDatabase(config);
let failed = false;
try {
  await withoutStatementTimeout(db, (connection) =>
    migrateToLatest(connection, config.databaseSchema),
  );
  for (const file of files) {
    const name = basename(file);
    try {
      const loaded = await importMedicalInfoFile(db, readFileSync(file));
      for (const line of loaded.refused) console.error(`${name}: ${line.message}`);
      console.log(M.summary(name, { ...loaded, refused: loaded.refused.length }));
    } catch (error) {
      // A file missing or not in the layout; anything else (the database) stops the import.
      const unreadable = error instanceof OpenDataFileError || isFileSystemError(error);
      if (!unreadable) throw error;
      console.error(`${name}: ${(error as Error).message}`);
      failed = true;
    }
  }
} finally {
  await db.destroy();
}
process.exit(failed ? 1 : 0);

/** An error of reading a file (ENOENT, EISDIR, EACCES…). */
function isFileSystemError(error: unknown): boolean {
  return error instanceof Error && 'syscall' in error;
}
