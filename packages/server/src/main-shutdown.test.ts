import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockFileOf } from './db/data-dir-lock.ts';
import { freePort, startChildServer, stderrTail } from './testing/child-server.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'pharmalytics-shutdown-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('stopping the server', () => {
  it('cuts connections still open after the grace instead of waiting on their clients', async () => {
    const port = await freePort();
    const server = await startChildServer(port, dataDir, { SHUTDOWN_GRACE_MS: '1000' });
    /** A client that sends `request` and never more; settles when its connection is closed. */
    const open = async (request: string): Promise<{ closed: Promise<unknown> }> => {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => {});
      // Read what the server says (a refusal), so that its end of the connection is seen.
      socket.resume();
      const closed = new Promise((resolve) => socket.once('close', resolve));
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(request);
      return { closed };
    };
    // Clients whose requests never end (headers half sent; a body half sent, as a slow upload's,
    // after its refusal); left alone, each holds the stop until the server's own time-outs.
    const clients = [
      await open('GET /readyz HTTP/1.1\r\nHost: x\r\n'),
      await open(
        'POST /v2/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
          'Content-Length: 100\r\n\r\n{"email":',
      ),
    ];
    // The signal, when one ended it (a crash, or a signal left to its default), says which.
    const exited = new Promise<number | string | null>((resolve) =>
      server.once('exit', (code, signal) => resolve(code ?? signal)),
    );
    const stoppedAt = performance.now();
    // Twice, as Ctrl+C in a terminal reaches the server and `npm start`'s wrapper passes it on.
    server.kill('SIGINT');
    setTimeout(() => server.kill('SIGINT'), 100);
    expect(await exited, stderrTail(server)).toBe(0);
    await Promise.all(clients.map((client) => client.closed));
    // The grace (1 s) and the closing; without the cut, the stop waited a minute or more.
    expect(performance.now() - stoppedAt).toBeLessThan(20_000);
    // Stopped whole: the database closed and its directory released.
    expect(existsSync(lockFileOf(join(dataDir, 'pglite')))).toBe(false);
  }, 120_000);
});
