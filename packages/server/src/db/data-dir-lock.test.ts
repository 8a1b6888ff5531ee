import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATA_DIR_MESSAGES } from '@pharmalytics/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startChildServer, stopChildServer } from '../testing/child-server.ts';
import { openDatabase } from './connection.ts';
import { DataDirInUse, lockDataDir, lockFileOf } from './data-dir-lock.ts';

const root = mkdtempSync(join(tmpdir(), 'pharmalytics-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The id of a process that has exited. */
function goneProcessId(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid!;
}

describe('one process per embedded database directory', () => {
  it('holds the directory until released, naming this process beside it', () => {
    const dir = join(root, 'held');
    const release = lockDataDir(dir);
    expect(readFileSync(lockFileOf(dir), 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(existsSync(lockFileOf(dir))).toBe(false);
  });

  it('refuses a directory a live process holds, and leaves its hold alone', () => {
    const dir = join(root, 'other');
    writeFileSync(lockFileOf(dir), `${process.ppid}\n`);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUse);
    expect(() => lockDataDir(dir)).toThrow(DATA_DIR_MESSAGES.inUse(dir, process.ppid));
    expect(readFileSync(lockFileOf(dir), 'utf8').trim()).toBe(String(process.ppid));
  });

  it('takes over the hold of a process that is gone, or a file that names none', () => {
    for (const left of [`${goneProcessId()}\n`, '']) {
      const dir = join(root, `left-${left.trim() || 'empty'}`);
      writeFileSync(lockFileOf(dir), left);
      const release = lockDataDir(dir);
      expect(readFileSync(lockFileOf(dir), 'utf8').trim()).toBe(String(process.pid));
      release();
    }
  });

  it('keeps a second process off the directory of a running server, and lets it in once stopped', async () => {
    const dataDir = join(root, 'server');
    const server = await startChildServer(await freePort(), dataDir);
    const pglite = join(dataDir, 'pglite');
    try {
      await expect(openDatabase({ dataDir: pglite })).rejects.toThrow(DataDirInUse);
      // The server is untouched.
      expect(server.exitCode).toBeNull();
    } finally {
      await stopChildServer(server);
    }
    expect(existsSync(lockFileOf(pglite))).toBe(false);
    const db = await openDatabase({ dataDir: pglite });
    // What the server wrote (the demo world) is there, readable.
    expect((await db.selectFrom('stores').select('id').execute()).length).toBeGreaterThan(0);
    await db.destroy();
    expect(existsSync(lockFileOf(pglite))).toBe(false);
  }, 120_000);
});
