import { Worker } from 'node:worker_threads';
import { lockDataDir } from './data-dir-lock.ts';
import type { SerializedError, WorkerAnswer, WorkerRequest } from './pglite-worker.ts';
import { QUERY_CANCELED, STATEMENT_TIMEOUT_MESSAGE } from './statement-timeout.ts';

const BOOTSTRAP = new URL('../workers/bootstrap.mjs', import.meta.url);
const WORKER_MODULE = new URL('./pglite-worker.ts', import.meta.url);

/** SQLSTATE of a statement sent inside a transaction that already failed. */
const IN_FAILED_TRANSACTION = '25P02';
const ENDS_TRANSACTION = /^\s*(commit|end|rollback|abort)\b/i;

export interface PGliteHostOptions {
  /** Directory of the database; in memory when absent. */
  dataDir?: string;
  /** Initial statement_timeout of the session in ms (0 or absent: none). */
  statementTimeoutMs?: number;
  /**
   * A tarball of a data directory (see dumpTo) to start a new database from instead of an empty
   * one made by initdb; read on the first start only (a reopen finds the directory). Tests use
   * it to give each test file a copy of one migrated database in a fraction of initdb's time.
   */
  template?: string;
}

export interface HostResult {
  rows: unknown[];
  affectedRows?: number;
}

type Pending = { resolve: (answer: WorkerAnswer) => void; reject: (error: Error) => void };

/** A PostgreSQL-like error: message and fields (code, detail, constraint, …) as the engine gave them. */
function databaseError(fields: SerializedError): Error {
  const error = new Error(fields.message);
  Object.assign(error, fields);
  return error;
}

/**
 * The main thread's side of the embedded database: PGlite runs in a worker thread
 * (pglite-worker.ts) and statements go to it one at a time as messages, so a long statement or a
 * large COPY never holds the event loop.
 *
 * PGlite keeps `statement_timeout` but cannot act on it (no timer interrupts the WebAssembly
 * while a statement runs), so the host enforces the session's current value itself: a statement
 * that runs past it gets PostgreSQL's own error (57014) and the worker is stopped and the database
 * reopened from its directory, where crash recovery keeps exactly the committed transactions;
 * so the statement changes nothing. A transaction it was part of then refuses further
 * statements until it is rolled back, as on a server. In memory nothing could be reopened, so
 * there the bound is not enforced.
 */
export class PGliteHost {
  private worker: Worker | null = null;
  /** Settles when a (re)started worker has opened the database. */
  private ready: Promise<void> = Promise.resolve();
  /** Requests go to the worker one at a time, in order. */
  private queue: Promise<void> = Promise.resolve();
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private statementTimeoutMs: number;
  private inTransaction = false;
  private transactionLost = false;
  private closed = false;
  /** Whether a worker has opened the database once (the template is for the first start). */
  private opened = false;
  /** Gives up this process's hold on the directory (data-dir-lock.ts). */
  private releaseDirectory = () => {};

  private constructor(private readonly options: PGliteHostOptions) {
    this.statementTimeoutMs = options.statementTimeoutMs ?? 0;
  }

  static async open(options: PGliteHostOptions = {}): Promise<PGliteHost> {
    const host = new PGliteHost(options);
    if (options.dataDir !== undefined) host.releaseDirectory = lockDataDir(options.dataDir);
    host.ready = host.start();
    try {
      await host.ready;
    } catch (error) {
      host.releaseDirectory();
      throw error;
    }
    return host;
  }

  /** Whether a statement past statement_timeout is stopped (only a database in a directory). */
  get enforcesTimeout(): boolean {
    return this.options.dataDir !== undefined;
  }

  /** Runs one statement (or a parameterless script) in the worker. */
  async query(sql: string, parameters: readonly unknown[] = []): Promise<HostResult> {
    const previous = this.queue;
    let done!: () => void;
    this.queue = new Promise<void>((resolve) => (done = resolve));
    try {
      await previous;
      return await this.execute(sql, parameters);
    } finally {
      done();
    }
  }

  /** Writes the database's data directory as a tarball to `file` (a template, see the options). */
  async dumpTo(file: string): Promise<void> {
    const previous = this.queue;
    let done!: () => void;
    this.queue = new Promise<void>((resolve) => (done = resolve));
    try {
      await previous;
      await this.running();
      const answer = await this.send({ kind: 'dump', file });
      if (!answer.ok) throw databaseError(answer.error);
    } finally {
      done();
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.queue;
    try {
      await this.ready;
      if (this.worker) await this.send({ kind: 'close' });
    } finally {
      const worker = this.worker;
      this.worker = null;
      await worker?.terminate();
      this.releaseDirectory();
    }
  }

  private async execute(sql: string, parameters: readonly unknown[]): Promise<HostResult> {
    if (this.closed) throw new Error('The embedded database is closed');
    if (this.transactionLost) {
      // The transaction died with the stopped statement; only its end is accepted.
      if (!ENDS_TRANSACTION.test(sql)) {
        throw databaseError({
          message:
            'current transaction is aborted, commands ignored until end of transaction block',
          code: IN_FAILED_TRANSACTION,
          severity: 'ERROR',
        });
      }
      this.transactionLost = false;
      return { rows: [] };
    }
    await this.running();
    const timeoutMs = this.enforcesTimeout ? this.statementTimeoutMs : 0;
    const answer = await this.send({ kind: 'query', sql, parameters }, timeoutMs);
    this.statementTimeoutMs = answer.statementTimeoutMs;
    this.inTransaction = answer.inTransaction;
    if (!answer.ok) throw databaseError(answer.error);
    return { rows: answer.rows, affectedRows: answer.affectedRows };
  }

  /** Waits for the worker, reopening the database in its directory after a crash. */
  private async running(): Promise<void> {
    await this.ready.catch(() => {}); // a failed reopen is tried again below
    if (this.worker) return;
    // In memory the database went with the worker: nothing to reopen.
    if (this.options.dataDir === undefined) throw new Error('The embedded database stopped');
    this.ready = this.start();
    await this.ready;
  }

  private async start(): Promise<void> {
    const worker = new Worker(BOOTSTRAP, { workerData: { module: WORKER_MODULE.href } });
    this.worker = worker;
    worker.on(
      'message',
      ({ id, result, error }: { id: number; result?: WorkerAnswer; error?: string }) => {
        const pending = this.pending.get(id);
        this.pending.delete(id);
        if (error !== undefined) pending?.reject(new Error(error));
        else pending?.resolve(result!);
        if (this.pending.size === 0) worker.unref();
      },
    );
    const stopped = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
    };
    worker.on('error', stopped);
    worker.on('exit', (code) => stopped(new Error(`The embedded database stopped (${code})`)));
    const { dataDir, statementTimeoutMs = 0 } = this.options;
    const template = this.opened ? undefined : this.options.template;
    try {
      const answer = await this.send({ kind: 'open', dataDir, template, statementTimeoutMs });
      if (!answer.ok) throw databaseError(answer.error);
      this.opened = true;
      this.statementTimeoutMs = answer.statementTimeoutMs;
    } catch (error) {
      this.worker = null;
      await worker.terminate();
      throw error;
    }
    this.inTransaction = false;
  }

  /** Posts a request and waits for its answer; past `timeoutMs` (> 0) the statement is stopped. */
  private send(request: WorkerRequest, timeoutMs = 0): Promise<WorkerAnswer> {
    const worker = this.worker;
    if (!worker) return Promise.reject(new Error('The embedded database stopped'));
    const id = this.nextId++;
    return new Promise<WorkerAnswer>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const settle = () => clearTimeout(timer);
      this.pending.set(id, {
        resolve: (answer) => (settle(), resolve(answer)),
        reject: (error) => (settle(), reject(error)),
      });
      if (timeoutMs > 0) timer = setTimeout(() => this.stop(id), timeoutMs);
      worker.ref();
      worker.postMessage({ id, request });
    });
  }

  /**
   * Stops the statement `id` that ran past its bound: the worker is terminated, the caller gets
   * PostgreSQL's timeout error, and the database is reopened (crash recovery drops the
   * statement's uncommitted work).
   */
  private stop(id: number): void {
    const pending = this.pending.get(id);
    const worker = this.worker;
    if (!pending || !worker) return;
    this.pending.delete(id);
    this.worker = null;
    this.transactionLost = this.inTransaction;
    this.inTransaction = false;
    const restarted = worker.terminate().then(() => this.start());
    this.ready = restarted;
    restarted.catch(() => {}); // the next statement reports a failed reopen
    // Answered like any failed statement, so that the error is made where it was awaited.
    pending.resolve({
      ok: false,
      error: { message: STATEMENT_TIMEOUT_MESSAGE, code: QUERY_CANCELED, severity: 'ERROR' },
      inTransaction: false,
      statementTimeoutMs: this.options.statementTimeoutMs ?? 0,
    });
  }
}
