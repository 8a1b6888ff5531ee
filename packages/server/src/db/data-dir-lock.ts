import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { DATA_DIR_MESSAGES } from '@pharmalytics/domain';

/** A second process opening a database directory that a live process holds. */
export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(DATA_DIR_MESSAGES.inUse(dataDir, pid));
  }
}

/** The file beside a database directory that names the process holding it. */
export const lockFileOf = (dataDir: string) => `${dataDir}.pid`;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ignoreMissing(error: unknown) {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
}

function removeIfPresent(file: string) {
  try {
    unlinkSync(file);
  } catch (error) {
    ignoreMissing(error);
  }
}

/** The process named in a lock file; undefined when the file is gone or names none. */
function holderOf(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) ? pid : undefined;
  } catch (error) {
    ignoreMissing(error);
    return undefined;
  }
}

/**
 * One process per embedded database directory, as PostgreSQL keeps one postmaster per cluster
 * with its `postmaster.pid`: PGlite has no lock of its own, and two processes writing one
 * directory corrupt its indexes. A file beside the directory names the process that holds it;
 * a file left by a process that is gone (killed, crashed) is taken over. Returns the release,
 * which also runs when the process exits.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = lockFileOf(dataDir);
  mkdirSync(dirname(file), { recursive: true });
  for (;;) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = holderOf(file);
    if (holder !== undefined && holder !== process.pid && isAlive(holder)) {
      throw new DataDirInUse(dataDir, holder);
    }
    removeIfPresent(file);
  }
  const release = () => {
    process.off('exit', release);
    if (holderOf(file) === process.pid) removeIfPresent(file);
  };
  process.on('exit', release);
  return release;
}
