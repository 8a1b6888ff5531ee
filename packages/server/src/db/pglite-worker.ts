/**
 * The embedded database inside a worker thread: PGlite runs its WebAssembly PostgreSQL on the
 * thread that calls it, so it gets a thread of its own and the main thread stays free for
 * requests. Loaded only inside the worker (see pglite-host.ts), through workers/bootstrap.mjs.
 * Every answer is a value, errors included, so that their SQLSTATE and fields cross the thread.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { WorkerReply } from '../workers/worker-client.ts';
import { COPY_FROM_STDIN, COPY_TO_STDOUT } from './copy.ts';
import { parsers } from './type-parsers.ts';

export type WorkerRequest =
  | { kind: 'open'; dataDir?: string; template?: string; statementTimeoutMs: number }
  | { kind: 'query'; sql: string; parameters: readonly unknown[] }
  /** Writes the data directory as a tarball (PGlite's dumpDataDir) to `file`. */
  | { kind: 'dump'; file: string }
  | { kind: 'close' };

/** The string fields of a PostgreSQL error (code, detail, constraint, …) and its message. */
export type SerializedError = { message: string } & Record<string, string>;

type Outcome =
  | {
      ok: true;
      rows: unknown[];
      affectedRows?: number;
      /** Buffers of the rows to move to the main thread rather than copy. */
      transfer?: ArrayBuffer[];
    }
  | { ok: false; error: SerializedError };

/** What the worker tells after each request: the outcome, and the session state that follows. */
export type WorkerAnswer = Outcome & {
  /** Whether a transaction block is open after the request. */
  inTransaction: boolean;
  /** The session's statement_timeout (ms, 0 = none) for the next statement. */
  statementTimeoutMs: number;
};

let pglite: PGlite | undefined;
let statementTimeoutMs = 0;

const MENTIONS_TIMEOUT = /statement_timeout/i;

/** PGlite keeps statement_timeout as any setting, but no timer interrupts a running statement. */
async function readStatementTimeout(db: PGlite): Promise<number> {
  const { rows } = await db.query<{ setting: string }>(
    "select setting from pg_settings where name = 'statement_timeout'",
  );
  return Number(rows[0]?.setting ?? 0);
}

async function run(db: PGlite, sql: string, parameters: readonly unknown[]) {
  if (COPY_FROM_STDIN.test(sql)) {
    // The embedded server reads COPY data from a blob in place of the client's stream.
    const fromBlob = sql.replace(/\sfrom\s+stdin\s/i, " from '/dev/blob' ");
    const result = await db.query(fromBlob, [], { blob: new Blob([parameters[0] as string]) });
    return { rows: [], affectedRows: result.affectedRows ?? 0 };
  }
  if (COPY_TO_STDOUT.test(sql)) {
    // … and writes COPY output to a blob, handed to the main thread as its bytes.
    const toBlob = sql.replace(/\sto\s+stdout\s+with/i, " to '/dev/blob' with");
    const result = await db.query(toBlob);
    const csv = result.blob ? new Uint8Array(await result.blob.arrayBuffer()) : new Uint8Array();
    return { rows: [{ csv }], affectedRows: 0, transfer: [csv.buffer] };
  }
  if (parameters.length === 0) {
    // The simple protocol, so that a migration may hold several statements.
    const last = (await db.exec(sql)).at(-1);
    return { rows: last?.rows ?? [], affectedRows: last?.affectedRows };
  }
  const result = await db.query(sql, [...parameters]);
  return { rows: result.rows, affectedRows: result.affectedRows };
}

function serialize(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string') fields[key] = value;
  }
  return { ...fields, message: error.message, name: error.name };
}

async function query(sql: string, parameters: readonly unknown[]): Promise<WorkerAnswer> {
  const db = pglite!;
  const before = db.isInTransaction();
  let outcome: Outcome;
  try {
    outcome = { ok: true, ...(await run(db, sql, parameters)) };
  } catch (error) {
    outcome = { ok: false, error: serialize(error) };
  }
  const inTransaction = db.isInTransaction();
  if (!inTransaction) await checkpointWhenLogGrew(db);
  // `set [local] statement_timeout` changes the bound; the end of a transaction undoes a local one.
  if (MENTIONS_TIMEOUT.test(sql) || (before && !inTransaction)) {
    statementTimeoutMs = await readStatementTimeout(db);
  }
  return { ...outcome, inTransaction, statementTimeoutMs };
}

/** Write-ahead log past which a checkpoint is taken (the max_wal_size given at start). */
const CHECKPOINT_EVERY_BYTES = 64 * 1024 * 1024;
const CHECKPOINT_CHECK_INTERVAL_MS = 1000;
let lastCheckpointCheck = 0;

/**
 * The embedded server has no checkpointer process: without a checkpoint, every byte of log
 * written since start stays on disk (a demo history load left 850 MB of it). Between
 * transactions, at most once a second, a checkpoint is taken once 64 MB of log has accumulated;
 * it recycles the log before it.
 */
async function checkpointWhenLogGrew(db: PGlite): Promise<void> {
  const now = Date.now();
  if (now - lastCheckpointCheck < CHECKPOINT_CHECK_INTERVAL_MS) return;
  lastCheckpointCheck = now;
  const { rows } = await db.query<{ bytes: string }>(
    'select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::text as bytes from pg_control_checkpoint()',
  );
  if (Number(rows[0]?.bytes ?? 0) >= CHECKPOINT_EVERY_BYTES) await db.exec('checkpoint');
}

interface MemoryFile {
  contents: Uint8Array | null;
  usedBytes: number;
}
interface MemoryFileSystem {
  resizeFileStorage(node: MemoryFile, size: number): void;
  expandFileStorage(node: MemoryFile, size: number): void;
}

/**
 * PostgreSQL extends a table by many pages at once with fallocate, which the in-memory file
 * system of the WebAssembly build turns into a truncate that copies the whole file into a new
 * buffer of exactly the new size: every extension of a table copies the table, so loading rows
 * costs the square of the table's size. Growing the buffer by a share of its size, as writes
 * already do, makes it linear again (a database in a data directory lives on the real disk and
 * never took this path).
 */
function growFilesGeometrically(memfs: MemoryFileSystem) {
  const exact = memfs.resizeFileStorage.bind(memfs);
  memfs.resizeFileStorage = (node, size) => {
    if (!node.contents || size <= node.usedBytes) return exact(node, size);
    memfs.expandFileStorage(node, size);
    node.contents!.fill(0, node.usedBytes, size);
    node.usedBytes = size;
  };
}

async function open(
  dataDir: string | undefined,
  template: string | undefined,
  timeoutMs: number,
): Promise<WorkerAnswer> {
  // From a template the cluster is unpacked instead of made by initdb, which takes seconds.
  const loadDataDir = template === undefined ? undefined : new Blob([readFileSync(template)]);
  pglite = await PGlite.create(dataDir, {
    parsers,
    loadDataDir,
    // PostgreSQL keeps up to max_wal_size (1 GB) of write-ahead log between checkpoints: most of
    // a demo data directory's size, for nothing on a database that loads files in bulk. With a
    // checkpoint every 64 MB (checkpointWhenLogGrew) the log stays under about 100 MB.
    startParams: [
      ...PGlite.defaultStartParams,
      ...['-c', 'max_wal_size=64MB', '-c', 'min_wal_size=32MB'],
    ],
  });
  growFilesGeometrically((pglite as unknown as { mod: { MEMFS: MemoryFileSystem } }).mod.MEMFS);
  await pglite.exec(`set statement_timeout = ${Math.max(0, Math.trunc(timeoutMs))}`);
  statementTimeoutMs = await readStatementTimeout(pglite);
  return { ok: true, rows: [], inTransaction: false, statementTimeoutMs };
}

async function answer(request: WorkerRequest): Promise<WorkerAnswer> {
  try {
    switch (request.kind) {
      case 'open':
        return await open(request.dataDir, request.template, request.statementTimeoutMs);
      case 'query':
        return await query(request.sql, request.parameters);
      case 'dump': {
        await pglite!.exec('checkpoint');
        const tarball = await pglite!.dumpDataDir('none');
        writeFileSync(request.file, new Uint8Array(await tarball.arrayBuffer()));
        return { ok: true, rows: [], inTransaction: false, statementTimeoutMs };
      }
      case 'close':
        if (pglite && !pglite.closed) await pglite.close();
        return { ok: true, rows: [], inTransaction: false, statementTimeoutMs };
    }
  } catch (error) {
    return { ok: false, error: serialize(error), inTransaction: false, statementTimeoutMs };
  }
}

export async function handle(request: WorkerRequest): Promise<WorkerReply<WorkerAnswer>> {
  const result = await answer(request);
  return { result, transfer: result.ok ? result.transfer : undefined };
}
