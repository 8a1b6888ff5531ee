import { DEMO_CORPORATIONS, DEMO_PASSWORD } from '@pharmalytics/datagen';
import { routePath } from '@pharmalytics/domain';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openConfiguredDatabase } from './db/open-configured.ts';
import { migrateToLatest } from './db/migrate.ts';
import { withoutStatementTimeout } from './db/statement-timeout.ts';
import { loadDemoData, seedDemoMasters } from './demo/demo-data.ts';
import { seedDemoIfEmpty } from './demo/seed.ts';
import { loadSecrets } from './secrets.ts';
import { SecretBox } from './tokens/secret-box.ts';

const startedAt = performance.now();
const config = loadConfig();
const db = await openConfiguredDatabase(config);
const secrets = await loadSecrets(config.dataDir);
const { applied, seeded } = await withoutStatementTimeout(db, async (connection) => {
  const applied = await migrateToLatest(connection, config.databaseSchema);
  const box = new SecretBox(secrets.dataKey);
  const seeded = config.demoSeed ? await seedDemoIfEmpty(connection, box) : false;
  if (config.demoSeed) await seedDemoMasters(connection);
  return { applied, seeded };
});
const app = await buildApp({
  config,
  db,
  secrets,
  logger: {
    level: config.logLevel,
    ...(process.stdout.isTTY ? { transport: { target: 'pino-pretty' } } : {}),
  },
});
await app.listen({ port: config.port, host: config.host });

app.log.info(
  { migrations: applied, demoSeeded: seeded, startupMs: Math.round(performance.now() - startedAt) },
  'started',
);
if (config.demoSeed) {
  const logins = DEMO_CORPORATIONS.flatMap((c) =>
    c.members.map(
      (m) =>
        `  ${m.email.padEnd(24)} ${m.role.padEnd(13)} ${c.name}（${c.plan}${c.suspended ? '・休会中' : ''}）`,
    ),
  );
  console.log(
    [
      '',
      `Pharmalytics: ${config.publicUrl}${routePath('Login')}`,
      `Demo logins (password ${DEMO_PASSWORD}):`,
      ...logins,
      '',
    ].join('\n'),
  );
}

// The demo facilities, and the history unless switched off, load while the service already
// answers; an interrupted load resumes next start.
if (config.demoSeed) {
  const started = performance.now();
  loadDemoData(db, config.dataDir, (message) => app.log.info(message), {
    history: config.demoHistory,
  })
    .then(() => {
      app.log.info(
        { seconds: Math.round((performance.now() - started) / 1000) },
        'デモデータの読み込みが完了しました',
      );
      // No more files are coming: the replica need not wait for the change log to go quiet.
      void app.services.replica?.sync();
    })
    .catch((error: unknown) => app.log.error({ err: error }, 'demo data load failed'));
}

// One stop, however many signals: Ctrl+C reaches both `npm start`'s wrapper, which passes it on,
// and the server, and a second signal left to its default would end the server before the
// database is closed and its directory released.
let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  const cut = setTimeout(() => app.server.closeAllConnections(), config.shutdownGraceMs);
  await app.close();
  clearTimeout(cut);
  await db.destroy();
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop());
