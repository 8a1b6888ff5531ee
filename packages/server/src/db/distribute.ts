// `npm run db:distribute`: on the PostgreSQL server named by DATABASE_URL (and DATABASE_SCHEMA),
// which has the citus extension and is migrated, places every table as db/distribution.ts lists
// it. Run it once after the first migration and again after a migration that adds a table.
import { loadConfig } from '../config.ts';
import { openDatabase } from './connection.ts';
import { distribute } from './distribution.ts';

const config = loadConfig(process.env);
if (!config.databaseUrl) throw new Error('DATABASE_URL names no PostgreSQL server');
const db = await openDatabase({ url: config.databaseUrl, schema: config.databaseSchema });
try {
  const done = await distribute(db);
  for (const statement of done) console.log(statement);
  console.log(`${done.length} tables placed.`);
} finally {
  await db.destroy();
}
