/**
 * Load benchmark: starts the server as `npm start` does (on a fresh data directory with the demo
 * world, waiting until the demo history has loaded), signs in demo members of the advanced demo
 * corporation and drives the server over loopback with autocannon:
 *
 * 0. the first dashboard of each store set (eleven calls at once, as a browser opens it), timed;
 * 1. the dashboard: `--connections` (200) members at once, each with a session of its own, calling
 *    `GET /v3/dashboard/{metric}` for the eleven metrics in turn with the condition the web app
 *    sends for 過去12ヶ月 against 前年同期 on the monthly axis over every store the member may see;
 *    target: p95 under 1 s, no errors, no timeouts;
 * 1b. uncached windows: as many members for `--uncached-duration` (30) s, each calling the dashboard
 *    metrics over a random window nobody asked before (so no kept answer serves it); target: no
 *    time-out, every call 200 or 503 with Retry-After within 2 s, and once the phase ends (the
 *    calls still open closed by their clients) the server idle within 2 s of the last call,
 *    measured by its CPU time: nothing computed for a client that has gone;
 * 2. sign-in: `--sign-in-connections` (50) at once, each going through `GET /v2/csrf_token`, the
 *    identity service's sign-in and `POST /v2/login`; target: no errors, no timeouts.
 *
 *   npx tsx bench/load.ts               # embedded database (PGlite) in a temporary directory
 *   npx tsx bench/load.ts --postgres    # a fresh schema of the PostgreSQL server instead
 *
 * Other flags: --duration S (20) and --max-requests N (40000) bound the dashboard phase,
 * --sign-in-duration S (15) and --sign-in-max-requests N (6000) the sign-in phase; --timeout S
 * (10) is a request's time-out; --url URL (postgres://postgres@127.0.0.1:5432/test). To measure
 * again without loading the history again, --data-dir DIR keeps the data directory (the embedded
 * database, and the secrets that sealed the uploader keys) and, with --postgres, --schema NAME
 * keeps the schema; give both again for the next run. --server-profile DIR has the server write
 * CPU profiles of its threads into DIR (Node's --cpu-prof), to see where its time went. The
 * identity service's per-address rate limit is lifted for the run, since every sign-in comes from
 * the loopback address. Prints a table and exits with 1 when a target is missed (the server log
 * is then kept).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { EventEmitter } from 'node:events';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { DEMO_PASSWORD } from '@pharmalytics/datagen';
import {
  DASHBOARD_METRIC_SLUGS,
  HEADER_NAMES,
  comparisonRange,
  presetRange,
  timeAxis,
  todayInJapan,
  COMPARISON_TYPES,
} from '@pharmalytics/domain';
import autocannon from 'autocannon';
import pg from 'pg';

const { values: flags } = parseArgs({
  options: {
    postgres: { type: 'boolean', default: false },
    url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    'data-dir': { type: 'string' },
    'server-profile': { type: 'string' },
    schema: { type: 'string' },
    connections: { type: 'string', default: '200' },
    duration: { type: 'string', default: '20' },
    'max-requests': { type: 'string', default: '40000' },
    'sign-in-connections': { type: 'string', default: '50' },
    'sign-in-duration': { type: 'string', default: '15' },
    'sign-in-max-requests': { type: 'string', default: '6000' },
    timeout: { type: 'string', default: '10' },
    'uncached-duration': { type: 'string', default: '30' },
  },
});
const positive = (name: keyof typeof flags) => {
  const n = Number(flags[name]);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer`);
  return n;
};
const CONNECTIONS = positive('connections');
const SIGN_IN_CONNECTIONS = positive('sign-in-connections');
const TIMEOUT_SECONDS = positive('timeout');

/** Dashboard target: 95 % of the calls answer within this many milliseconds. */
const DASHBOARD_P95_MS = 1000;
/** Members of the advanced demo corporation whose sessions call the dashboard, in turn. */
const MEMBERS = ['admin@example.com', 'user@example.com', 'sysadmin@example.com'];
/** How long the sign-in phase waits for the server to answer what the dashboard phase left. */
const DRAIN_LIMIT_SECONDS = 180;
/** Sign-ins opened at once while preparing the dashboard sessions. */
const PREPARE_CONCURRENCY = 8;
/** Log line of the server once the demo history has loaded (demo/demo-data.ts via main.ts). */
const HISTORY_LOADED = 'デモデータの読み込みが完了しました';
const HISTORY_PROGRESS = 'デモデータを読み込んでいます';

const startedAt = performance.now();
const elapsed = () => {
  const s = Math.round((performance.now() - startedAt) / 1000);
  return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
};
const log = (message: string) => console.log(`[${elapsed()}] ${message}`);
/** The machine's load average over the last minute: other work skews every figure. */
const loadAverage = () => loadavg()[0]!.toFixed(1);

// ---------------------------------------------------------------------------------------------
// The server

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
}

const tmp = mkdtempSync(join(tmpdir(), 'bench-load-'));
const dataDir = flags['data-dir'] ?? join(tmp, 'data');
const schema = flags.postgres ? (flags.schema ?? `bench_load_${process.pid}`) : undefined;
const freshSchema = flags.postgres && flags.schema === undefined;
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
/** Outside the temporary directory: kept when the run fails. */
const serverLog = join(tmpdir(), `bench-load-${process.pid}.log`);

let server: ChildProcess | undefined;

/** Starts the server as scripts/start.mjs does and resolves once the demo history has loaded. */
function startServer(): Promise<void> {
  const root = new URL('..', import.meta.url).pathname;
  server = spawn(
    process.execPath,
    [
      '--max-semi-space-size=32',
      ...(flags['server-profile']
        ? ['--cpu-prof', `--cpu-prof-dir=${flags['server-profile']}`]
        : []),
      '--import',
      'tsx',
      join(root, 'packages/server/src/main.ts'),
    ],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
        DEMO_SEED: 'true',
        DEMO_HISTORY: 'true',
        LOG_LEVEL: 'info',
        IDENTITY_RATE_LIMIT: '1000000',
        ...(schema ? { DATABASE_URL: flags.url, DATABASE_SCHEMA: schema } : {}),
      },
    },
  );
  const file = createWriteStream(serverLog);
  server.stderr!.pipe(file);
  const lines = createInterface({ input: server.stdout! });
  return new Promise((resolve, reject) => {
    let lastProgress = 0;
    lines.on('line', (line) => {
      file.write(`${line}\n`);
      if (line.includes(HISTORY_LOADED)) {
        log('demo history loaded');
        resolve();
      } else if (line.includes(HISTORY_PROGRESS) && performance.now() - lastProgress > 15_000) {
        lastProgress = performance.now();
        const message = /"msg":"([^"]*)"/.exec(line)?.[1] ?? line;
        log(message);
      } else if (line.includes('"msg":"started"')) {
        log(`server listening on ${baseUrl}; loading the demo history…`);
      }
    });
    server!.once('exit', (code) =>
      reject(new Error(`the server stopped (exit ${code}); see ${serverLog}`)),
    );
  });
}

/** Resident memory of the server process in MB (Linux), or null. */
function serverRssMb(): number | null {
  try {
    const status = readFileSync(`/proc/${server?.pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Sessions

/** The value of each cookie of a response, by name. */
function cookiesOf(headers: Headers | Record<string, string | string[] | undefined>) {
  const lines =
    headers instanceof Headers ? headers.getSetCookie() : [headers['set-cookie'] ?? []].flat();
  return new Map(
    lines.map((line) => {
      const pair = line.split(';')[0]!;
      const at = pair.indexOf('=');
      return [pair.slice(0, at), pair.slice(at + 1)] as const;
    }),
  );
}
const cookieHeader = (cookies: Map<string, string>) =>
  [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');

async function expectOk(response: Response, what: string) {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}

interface Session {
  cookie: string;
  storeCodes: string[];
}

/** Signs a member in as the web app does and answers its session with the stores it may see. */
async function signIn(email: string): Promise<Session> {
  const csrf = await expectOk(await fetch(`${baseUrl}/v2/csrf_token`), 'csrf token');
  const cookies = cookiesOf(csrf.headers);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const identity = await expectOk(
    await fetch(`${baseUrl}/identity/v1/accounts:signInWithPassword`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD, returnSecureToken: true }),
    }),
    `sign-in of ${email}`,
  );
  const { idToken } = (await identity.json()) as { idToken: string };
  const login = await expectOk(
    await fetch(`${baseUrl}/v2/login`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${idToken}`,
        cookie: cookieHeader(cookies),
        [HEADER_NAMES.csrf]: csrfToken,
      },
    }),
    `login of ${email}`,
  );
  for (const [name, value] of cookiesOf(login.headers)) cookies.set(name, value);
  const cookie = cookieHeader(cookies);
  const stores = await expectOk(
    await fetch(`${baseUrl}/v3/branches`, { headers: { cookie } }),
    `stores of ${email}`,
  );
  const storeCodes = ((await stores.json()) as { storeCode: string }[]).map((s) => s.storeCode);
  return { cookie, storeCodes };
}

async function signInSessions(count: number): Promise<Session[]> {
  const sessions: Session[] = new Array<Session>(count);
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const i = next++;
      sessions[i] = await signIn(MEMBERS[i % MEMBERS.length]!);
    }
  };
  await Promise.all(Array.from({ length: PREPARE_CONCURRENCY }, lane));
  return sessions;
}

// ---------------------------------------------------------------------------------------------
// Measuring

interface Figures {
  name: string;
  requests: number;
  latencies: number[];
  errors: number;
  timeouts: number;
}
const figures = (name: string): Figures => ({
  name,
  requests: 0,
  latencies: [],
  errors: 0,
  timeouts: 0,
});

/** Nearest-rank percentile in ms, or NaN without samples. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.max(0, Math.ceil((sorted.length * p) / 100) - 1)]!;
}

interface Step {
  figures: Figures;
  request: autocannon.Request;
}

/**
 * Runs autocannon with `connections` clients, each repeating the steps that `stepsOf` gives it
 * (one call to `stepsOf` per client), for at most `seconds` seconds and `maxRequests` answers.
 * A non-2xx answer or a connection error counts as an error of its step.
 */
async function drive(
  title: string,
  connections: number,
  seconds: number,
  maxRequests: number,
  stepsOf: (client: number) => Step[],
): Promise<{ seconds: number }> {
  let clients = 0;
  let answers = 0;
  let finish!: (result: autocannon.Result) => void;
  let fail!: (error: unknown) => void;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    {
      url: baseUrl,
      title,
      connections,
      duration: seconds,
      timeout: TIMEOUT_SECONDS,
      setupClient: (client) => {
        const steps = stepsOf(clients++);
        // The step a client is waiting for: every request has a setupRequest, called on sending.
        let index = 0;
        let current = steps[0]!;
        client.setRequests(
          steps.map((step, i) => ({
            ...step.request,
            setupRequest: (request, context) => {
              [index, current] = [i, step];
              const own = step.request.setupRequest;
              return typeof own === 'function' ? own(request, context) : request;
            },
          })),
        );
        client.on('response', (status: number, _bytes: number, ms: number) => {
          const f = current.figures;
          f.requests += 1;
          f.latencies.push(ms);
          if (status < 200 || status > 299) f.errors += 1;
          answers += 1;
          if (answers === maxRequests) instance.stop();
        });
        // Events that autocannon's client emits but its type declarations leave out.
        const events = client as unknown as EventEmitter;
        events.on('timeout', () => {
          // autocannon has already reconnected and set up the next request: the late one is before.
          const late = steps[(index - 1 + steps.length) % steps.length]!;
          late.figures.requests += 1;
          late.figures.timeouts += 1;
        });
        events.on('connError', () => {
          current.figures.requests += 1;
          current.figures.errors += 1;
        });
      },
    },
    (error, result) => (error ? fail(error) : finish(result)),
  );
  const result = await done;
  return { seconds: result.duration };
}

/**
 * Waits until the server has worked off what the last phase left queued (its clients have gone,
 * their requests not): /readyz queries the database, so it answers once the queue is through.
 */
async function drained(limitSeconds: number): Promise<number | null> {
  const start = performance.now();
  const left = () => limitSeconds * 1000 - (performance.now() - start);
  while (left() > 0) {
    try {
      const reply = await fetch(`${baseUrl}/readyz`, {
        signal: AbortSignal.timeout(Math.ceil(left())),
      });
      await reply.text();
      if (reply.ok) return (performance.now() - start) / 1000;
      log(`/readyz answered ${reply.status}`);
    } catch (error) {
      log(`/readyz: ${String(error)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return null;
}

function table(rows: Figures[]): string {
  const header = ['', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'timeouts'];
  const body = rows.map((f) => {
    const sorted = [...f.latencies].sort((a, b) => a - b);
    const ms = (p: number) => (sorted.length ? Math.round(percentile(sorted, p)) : '-');
    return [f.name, f.requests, ms(50), ms(95), ms(99), f.errors, f.timeouts].map(String);
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), ...body.map(line)].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Uncached windows: members asking what no answer kept holds

/** Every uncached call is answered (200, or 503 with Retry-After) within this many ms. */
const UNCACHED_ANSWER_MS = 2000;
/** The server is idle within this many ms of the last call. */
const IDLE_WITHIN_MS = 2000;

interface UncachedFigures {
  calls: number;
  ok: number;
  busy: number;
  /** 503 answers without a Retry-After header. */
  busyWithoutRetryAfter: number;
  /** Other statuses and connection errors. */
  errors: number;
  timeouts: number;
  /** Answers (200 or 503) later than UNCACHED_ANSWER_MS. */
  late: number;
  latencies: number[];
  /** Calls still open when the phase ended, closed by their client. */
  left: number;
}

/** CPU time of the server process so far, in ms (Linux), or null. */
function serverCpuMs(): number | null {
  try {
    const fields = readFileSync(`/proc/${server?.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * How long after `since` the server became idle: the first 500 ms in which it used less than 5 %
 * of a core, sampled every 100 ms for at most `limitMs`; null when it never did.
 */
async function idleAfter(since: number, limitMs: number): Promise<number | null> {
  const samples: { at: number; cpu: number }[] = [];
  while (performance.now() - since < limitMs) {
    const cpu = serverCpuMs();
    if (cpu === null) return null;
    const at = performance.now();
    samples.push({ at, cpu });
    // The newest sample at least 450 ms old: on a busy machine the 100 ms steps drift, and a
    // window of exactly 450–500 ms could be missed every time.
    const start = samples.findLast((x) => at - x.at >= 450);
    if (start && (cpu - start.cpu) / (at - start.at) < 0.05) return start.at - since;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

/** A window of days that no one asked before: a random start in the last two years, 1–365 days. */
function randomWindow(today: string): { from: string; to: string; axis: number } {
  const day = (offset: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) - offset * 86_400_000).toISOString().slice(0, 10);
  const length = 1 + Math.floor(Math.random() * 365);
  const end = Math.floor(Math.random() * (730 - length));
  return {
    from: day(end + length - 1),
    to: day(end),
    axis: length > 62 ? timeAxis('monthly').value : timeAxis('daily').value,
  };
}

/**
 * `connections` members at once, each calling dashboard metrics over windows no answer kept
 * holds, one after another for `seconds` s; then every call still open is closed by its client
 * (as a browser leaving the page), and the server's CPU is watched until it is idle.
 */
async function uncachedPhase(
  sessions: Session[],
  connections: number,
  seconds: number,
  today: string,
): Promise<{ figures: UncachedFigures; idleMs: number | null }> {
  const f: UncachedFigures = {
    calls: 0,
    ok: 0,
    busy: 0,
    busyWithoutRetryAfter: 0,
    errors: 0,
    timeouts: 0,
    late: 0,
    latencies: [],
    left: 0,
  };
  const leave = new AbortController();
  const end = performance.now() + seconds * 1000;
  let lastCall = performance.now();
  const member = async (client: number) => {
    const session = sessions[client % sessions.length]!;
    let i = client;
    while (performance.now() < end) {
      const slug = DASHBOARD_METRIC_SLUGS[i++ % DASHBOARD_METRIC_SLUGS.length]!;
      const window = randomWindow(today);
      const path =
        `/v3/dashboard/${slug}?` +
        new URLSearchParams({
          baseFrom: window.from,
          baseTo: window.to,
          comparisonTargetFrom: window.from,
          comparisonTargetTo: window.to,
          periodCode: String(window.axis),
          storeCodes: session.storeCodes.join(','),
        }).toString();
      const start = performance.now();
      try {
        const reply = await fetch(`${baseUrl}${path}`, {
          headers: { cookie: session.cookie },
          signal: AbortSignal.any([leave.signal, AbortSignal.timeout(TIMEOUT_SECONDS * 1000)]),
        });
        await reply.arrayBuffer();
        const ms = performance.now() - start;
        f.calls += 1;
        f.latencies.push(ms);
        if (ms > UNCACHED_ANSWER_MS) f.late += 1;
        if (reply.status === 200) f.ok += 1;
        else if (reply.status === 503) {
          f.busy += 1;
          if (!reply.headers.get('retry-after')) f.busyWithoutRetryAfter += 1;
          // A member told to come back later does, after a short pause.
          await new Promise((resolve) => setTimeout(resolve, 200));
        } else f.errors += 1;
      } catch (error) {
        if (leave.signal.aborted) f.left += 1;
        else if ((error as Error).name === 'TimeoutError') {
          f.calls += 1;
          f.timeouts += 1;
        } else {
          f.calls += 1;
          f.errors += 1;
        }
      }
      lastCall = performance.now();
    }
  };
  const members = Array.from({ length: connections }, (_, client) => member(client));
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  leave.abort();
  await Promise.all(members);
  const idleMs = await idleAfter(lastCall, 30_000);
  return { figures: f, idleMs };
}

// ---------------------------------------------------------------------------------------------
// Main

let failed = false;
let cleanedUp = false;
async function cleanUp() {
  if (cleanedUp) return;
  cleanedUp = true;
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (freshSchema && schema) {
    const client = new pg.Client({ connectionString: flags.url });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  }
  rmSync(tmp, { recursive: true, force: true });
  if (failed) console.log(`server log: ${serverLog}`);
  else rmSync(serverLog, { force: true });
}
process.once('SIGINT', () => {
  console.log('\ninterrupted: stopping the server and removing what the run created');
  void cleanUp().finally(() => process.exit(130));
});

try {
  const database = schema ? `PostgreSQL (${flags.url}, schema ${schema})` : `PGlite (${dataDir})`;
  console.log(
    `machine: ${cpus().length} cores (load average ${loadAverage()}), node ${process.version}; ` +
      `database: ${database}; ` +
      `${CONNECTIONS} dashboard members, ${SIGN_IN_CONNECTIONS} sign-ins at once`,
  );
  await startServer();

  // The condition the dashboard sends for 過去12ヶ月 against 前年同期 on the monthly axis.
  const today = todayInJapan();
  const base = presetRange('last12Months', today);
  const previousYear = COMPARISON_TYPES.find((c) => c.key === 'previousYear')!.value;
  const comparison = comparisonRange(base, previousYear);
  const query = (storeCodes: string[]) =>
    new URLSearchParams({
      baseFrom: base.from,
      baseTo: base.to,
      comparisonTargetFrom: comparison.from,
      comparisonTargetTo: comparison.to,
      periodCode: String(timeAxis('monthly').value),
      storeCodes: storeCodes.join(','),
    }).toString();

  const sessions = await signInSessions(CONNECTIONS);
  log(
    `${sessions.length} sessions of ${MEMBERS.join(', ')}; period ${base.from}〜${base.to} ` +
      `against ${comparison.from}〜${comparison.to}; server ${serverRssMb() ?? '?'} MB`,
  );

  // 0. The first dashboard of each store set, as a browser opens it (eleven calls at once): the
  // server has kept no answers of these facts yet, so this is what the first member to open the
  // dashboard after the history (or any upload) has loaded waits for.
  const storeSets = new Map(sessions.map((session) => [session.storeCodes.join(','), session]));
  for (const [codes, session] of storeSets) {
    const start = performance.now();
    const first = Promise.all(
      DASHBOARD_METRIC_SLUGS.map(async (slug) =>
        expectOk(
          await fetch(`${baseUrl}/v3/dashboard/${slug}?${query(session.storeCodes)}`, {
            headers: { cookie: session.cookie },
          }),
          `first dashboard call ${slug}`,
        ),
      ),
    );
    const failure = await first.then(
      () => '',
      (error: unknown) => ` (failed: ${String(error)})`,
    );
    log(
      `first dashboard of stores ${codes}: ${((performance.now() - start) / 1000).toFixed(1)} s ` +
        `for the eleven calls at once${failure}`,
    );
  }

  // 1. The dashboard: each member calls the eleven metrics in turn, starting at a different one.
  const dashboard = figures(`dashboard (${CONNECTIONS} members)`);
  const dashboardRun = await drive(
    'dashboard',
    CONNECTIONS,
    positive('duration'),
    positive('max-requests'),
    (client) => {
      const session = sessions[client % sessions.length]!;
      const q = query(session.storeCodes);
      const slugs = DASHBOARD_METRIC_SLUGS.map(
        (_, i) => DASHBOARD_METRIC_SLUGS[(client + i) % DASHBOARD_METRIC_SLUGS.length]!,
      );
      return slugs.map((slug) => ({
        figures: dashboard,
        request: {
          method: 'GET',
          path: `/v3/dashboard/${slug}?${q}`,
          headers: { cookie: session.cookie },
        },
      }));
    },
  );
  console.log(`\n${table([dashboard])}\n`);
  const drainSeconds = await drained(DRAIN_LIMIT_SECONDS);
  log(
    `dashboard phase: ${dashboardRun.seconds} s; ` +
      (drainSeconds === null
        ? `the server was still answering queued calls ${DRAIN_LIMIT_SECONDS} s later: ` +
          'the sign-in phase runs behind them'
        : `then ${drainSeconds.toFixed(1)} s until the server had answered what was still queued`) +
      `; server ${serverRssMb() ?? '?'} MB; load average ${loadAverage()}`,
  );

  // 1b. Uncached windows: every call asks what no answer kept holds.
  const uncached = await uncachedPhase(sessions, CONNECTIONS, positive('uncached-duration'), today);
  const u = uncached.figures;
  const uncachedSorted = [...u.latencies].sort((a, b) => a - b);
  log(
    `uncached windows (${CONNECTIONS} members, ${flags['uncached-duration']} s): ${u.calls} calls, ` +
      `${u.ok} answered 200, ${u.busy} 503 (${u.busyWithoutRetryAfter} without Retry-After), ` +
      `${u.errors} errors, ${u.timeouts} time-outs; p50 ${Math.round(percentile(uncachedSorted, 50))} ms, ` +
      `p95 ${Math.round(percentile(uncachedSorted, 95))} ms, max ${Math.round(uncachedSorted.at(-1) ?? NaN)} ms; ` +
      `${u.late} answered later than ${UNCACHED_ANSWER_MS} ms; ${u.left} calls left open at the end ` +
      `and closed by their clients; the server idle ${
        uncached.idleMs === null ? 'not within 30 s' : `${Math.round(uncached.idleMs)} ms`
      } after the last call; load average ${loadAverage()}`,
  );

  // 2. Sign-in: CSRF token, the identity service's sign-in, then the session.
  const csrf = figures(`sign-in: GET /v2/csrf_token (${SIGN_IN_CONNECTIONS})`);
  const identity = figures(`sign-in: identity (${SIGN_IN_CONNECTIONS})`);
  const login = figures(`sign-in: POST /v2/login (${SIGN_IN_CONNECTIONS})`);
  type Context = { cookie?: string; csrfToken?: string; idToken?: string };
  const signInRun = await drive(
    'sign-in',
    SIGN_IN_CONNECTIONS,
    positive('sign-in-duration'),
    positive('sign-in-max-requests'),
    (client) => [
      {
        figures: csrf,
        request: {
          method: 'GET',
          path: '/v2/csrf_token',
          onResponse: (_status, body, context: Context, headers) => {
            context.cookie = cookieHeader(cookiesOf(headers ?? {}));
            context.csrfToken = (JSON.parse(body) as { csrfToken?: string }).csrfToken;
          },
        },
      },
      {
        figures: identity,
        request: {
          method: 'POST',
          path: '/identity/v1/accounts:signInWithPassword',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            email: MEMBERS[client % MEMBERS.length],
            password: DEMO_PASSWORD,
            returnSecureToken: true,
          }),
          onResponse: (status, body, context: Context) => {
            context.idToken =
              status === 200 ? (JSON.parse(body) as { idToken: string }).idToken : undefined;
          },
        },
      },
      {
        figures: login,
        request: {
          method: 'POST',
          path: '/v2/login',
          setupRequest: (request, context: Context) => ({
            ...request,
            headers: {
              ...request.headers,
              authorization: `Bearer ${context.idToken ?? ''}`,
              cookie: context.cookie ?? '',
              [HEADER_NAMES.csrf]: context.csrfToken ?? '',
            },
          }),
        },
      },
    ],
  );
  log(`sign-in phase: ${signInRun.seconds} s; server ${serverRssMb() ?? '?'} MB`);

  console.log(`\n${table([dashboard, csrf, identity, login])}\n`);
  const dashboardP95 = percentile(
    [...dashboard.latencies].sort((a, b) => a - b),
    95,
  );
  const targets = [
    {
      name: `dashboard p95 < ${DASHBOARD_P95_MS} ms`,
      met: dashboardP95 < DASHBOARD_P95_MS,
    },
    {
      name: 'dashboard: no errors or timeouts',
      met: dashboard.errors === 0 && dashboard.timeouts === 0 && dashboard.requests > 0,
    },
    {
      name: `uncached windows: no time-out, every call 200 or 503 with Retry-After within ${UNCACHED_ANSWER_MS} ms`,
      met:
        u.calls > 0 &&
        u.timeouts === 0 &&
        u.errors === 0 &&
        u.busyWithoutRetryAfter === 0 &&
        u.late === 0,
    },
    {
      name: `uncached windows: nothing computed after the clients left (server idle within ${IDLE_WITHIN_MS} ms of the last call)`,
      met: uncached.idleMs !== null && uncached.idleMs <= IDLE_WITHIN_MS,
    },
    {
      name: 'sign-in: no errors or timeouts',
      met: [csrf, identity, login].every((f) => f.errors === 0 && f.timeouts === 0),
    },
  ];
  for (const target of targets) console.log(`${target.met ? 'met   ' : 'MISSED'}  ${target.name}`);
  failed = targets.some((t) => !t.met);
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await cleanUp();
}
process.exit(failed ? 1 : 0);
