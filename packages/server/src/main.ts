import { loadConfig } from './config.ts';
import { openConfiguredDatabase } from './db/open-configured.ts';

// The embedded database opens on its own thread (making its cluster takes seconds on a first
// start) while this one loads the rest of the server.
const startedAt = performance.now();
const config = loadConfig();
const opening = openConfiguredDatabase(config);
const { startServer } = await import('./start-server.ts');
await startServer(config, opening, startedAt);
