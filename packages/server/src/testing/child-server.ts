import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The real server as its own process (so that a test can kill it), on the embedded database in
 * `dataDir` or on the database `env` names; answers once it is ready.
 */
export async function startChildServer(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_HISTORY: 'false',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // What it wrote to stderr last (a crash's report), for a test's failure message.
  stderrTails.set(child, '');
  child.stderr!.on('data', (chunk: Buffer) =>
    stderrTails.set(child, (stderrTails.get(child)! + chunk.toString()).slice(-4000)),
  );
  // A loaded two-core machine takes tens of seconds to start a server and migrate its database.
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

const stderrTails = new WeakMap<ChildProcess, string>();

/** The last lines a child server wrote to stderr. */
export const stderrTail = (child: ChildProcess): string => stderrTails.get(child) ?? '';

/** Stops a child server and waits for its exit. */
export async function stopChildServer(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}
