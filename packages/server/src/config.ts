import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STORE_MAP } from '@pharmalytics/domain';
import { defaultQueueLimit } from './analytics/statement-queue.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Schema on the database server (tests use a fresh one per run). */
  databaseSchema?: string;
  /**
   * Longest a database statement may run, in ms (0: no limit); migrations and file loads lift
   * it for their own transactions.
   */
  databaseStatementTimeoutMs: number;
  /** Base URL people reach the service at; used in links and to decide cookie security. */
  publicUrl: string;
  logLevel: string;
  /**
   * On SIGTERM or SIGINT, how long calls under way may take to finish, in ms; connections still
   * open then (a slow upload, a client holding its connection) are cut, so a stop never waits on
   * clients.
   */
  shutdownGraceMs: number;
  /** Directory of the built web app served under /service/. */
  webDist: string;
  /** `npm start` is building the web app into webDist: its pages answer 503 until it is there. */
  webAppBuilding: boolean;
  /** Seed the demo world into an empty database. */
  demoSeed: boolean;
  /**
   * With the demo world, also load its two years of dispensing history, in the background
   * (several minutes on two cores, during which requests are slower; hence opt-in for now).
   */
  demoHistory: boolean;
  /**
   * Addresses or subnets of the proxies in front of the server whose X-Forwarded-For to believe
   * about the client's address. None by default, so a client cannot pick its own address for the
   * rate limits.
   */
  trustProxy: false | string[];
  /** Requests per minute per address allowed on the identity endpoints. */
  identityRateLimit: number;
  /** Consecutive wrong passwords before an account is locked, and for how long. */
  lockout: { attempts: number; minutes: number };
  /** JWKS URL of an external identity provider; the built-in one is used when absent. */
  identityJwksUrl?: string;
  identityIssuer?: string;
  /** smtp:// URL of the mail server; mails go to DATA_DIR/mail as .eml files when absent. */
  smtpUrl?: string;
  mailFrom: string;
  /**
   * The analytics replica (analytics/replica): off with ANALYTICS_REPLICA=false, when analytics
   * read the system of record only. DuckDB's memory limit and threads leave the web server and
   * the embedded database room on a 2-core, 4 GB host by default.
   */
  /** Raster tiles of every map (over the bundled outlines) and their credit. */
  mapTiles: { tileUrl: string; tileAttribution: string; tileAttributionUrl: string };
  analytics: {
    replica: boolean;
    memoryLimit: string;
    threads: number;
    /** How often each process reads the change log for other processes' commits. */
    pollMs: number;
    /** Longest a call waits for the replica to reach the facts committed before it. */
    waitMs: number;
    /** Analytics statements running on the replica at once at most (the host's cores). */
    concurrency: number;
    /** Analytics statements waiting for a turn at most; past it, calls are answered 503. */
    maxWaiting: number;
  };
}

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function int(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) ? n : fallback;
}

/** TRUST_PROXY: empty or `false` for none, else comma-separated addresses or subnets. */
function trustProxy(value: string | undefined): Config['trustProxy'] {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (/^\d+$/.test(text) || text === 'true') {
    // A hop count (or trusting everything) cannot tell a proxy from a client faking the header.
    throw new Error(`TRUST_PROXY names the proxies' addresses or subnets, not "${text}"`);
  }
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env.PORT, 3000);
  const concurrency = Math.max(1, int(env.ANALYTICS_CONCURRENCY, availableParallelism()));
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? resolve(REPO_ROOT, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    databaseStatementTimeoutMs: int(env.DATABASE_STATEMENT_TIMEOUT_MS, 30_000),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL ?? 'info',
    shutdownGraceMs: Math.max(0, int(env.SHUTDOWN_GRACE_MS, 10_000)),
    webDist: resolve(env.WEB_DIST ?? resolve(REPO_ROOT, 'packages/web/dist')),
    webAppBuilding: env.WEB_APP_BUILDING === 'true',
    demoSeed: env.DEMO_SEED !== 'false',
    demoHistory: env.DEMO_HISTORY !== 'false',
    trustProxy: trustProxy(env.TRUST_PROXY),
    identityRateLimit: int(env.IDENTITY_RATE_LIMIT, 60),
    lockout: { attempts: int(env.LOCKOUT_ATTEMPTS, 5), minutes: int(env.LOCKOUT_MINUTES, 15) },
    identityJwksUrl: env.IDENTITY_JWKS_URL || undefined,
    identityIssuer: env.IDENTITY_ISSUER || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Pharmalytics <no-reply@pharmalytics.jp>',
    mapTiles: {
      tileUrl: env.MAP_TILE_URL || STORE_MAP.tileUrl,
      tileAttribution: env.MAP_TILE_ATTRIBUTION || STORE_MAP.tileAttribution,
      tileAttributionUrl: env.MAP_TILE_ATTRIBUTION_URL || STORE_MAP.tileAttributionUrl,
    },
    analytics: {
      replica: env.ANALYTICS_REPLICA !== 'false',
      memoryLimit: env.ANALYTICS_MEMORY_LIMIT || '1GB',
      threads: Math.max(1, int(env.ANALYTICS_THREADS, Math.max(1, availableParallelism() - 1))),
      pollMs: Math.max(10, int(env.ANALYTICS_SYNC_INTERVAL_MS, 250)),
      waitMs: Math.max(0, int(env.ANALYTICS_REPLICA_WAIT_MS, 2000)),
      concurrency,
      maxWaiting: Math.max(0, int(env.ANALYTICS_QUEUE_LIMIT, defaultQueueLimit(concurrency))),
    },
  };
}

/** Secure cookies need HTTPS, which browsers also grant to loopback hosts. */
export function cookiesAreSecure(config: Config): boolean {
  const url = new URL(config.publicUrl);
  return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}
