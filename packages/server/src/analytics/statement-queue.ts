import { AsyncLocalStorage } from 'node:async_hooks';
import { MESSAGES } from '@pharmalytics/domain';
import { HttpError } from '../http/errors.ts';

/** A call refused because the analytics queue is full: 503 with Retry-After (seconds). */
export class AnalyticsBusy extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(503, MESSAGES.analyticsBusy);
  }
}

/** The reason a statement is dropped when every caller waiting for it has gone. */
export class CallAbandoned extends Error {
  constructor() {
    super('the client closed the call before its answer');
    this.name = 'AbortError';
  }
}

export interface StatementQueueOptions {
  /** Statements running at once at most. */
  concurrency: number;
  /** Statements waiting for a turn at most; past it, a call is answered 503 at once. */
  maxWaiting: number;
  /** The Retry-After of a refused call, in seconds. */
  retryAfterSeconds?: number;
  /**
   * The longest wait a new call is admitted to, in ms (MAX_ADMITTED_WAIT_MS by default): judged
   * from the statements waiting and the time recent statements ran.
   */
  maxWaitMs?: number;
}

export interface StatementCounts {
  running: number;
  waiting: number;
  dropped: number;
}

/**
 * Statements waiting at most by default: one member's page asks a few dozen at once (each
 * dashboard card two), so the bound leaves room for several pages, 16 a core on larger hosts.
 */
export const defaultQueueLimit = (concurrency: number) => Math.max(64, 16 * concurrency);

/**
 * Under load (more calls being computed at once than a member's pages ask), a new call that would
 * wait longer than this for its first statement is refused (503) when it arrives: with its
 * sign-in check and its own statements, an answer then still comes within two seconds, and a
 * refusal at once. A member opening a page on a slow host is never refused by time.
 */
export const MAX_ADMITTED_WAIT_MS = 500;
const CALLS_ALWAYS_ADMITTED = 16;

/** Weight of the newest statement in the running mean of statement times. */
const RECENT_WEIGHT = 0.2;

/**
 * The analytics statements of the replica, bounded: `concurrency` run at once and `maxWaiting`
 * wait their turn, first come first served; past that bound a statement is refused at once
 * (AnalyticsBusy) rather than answered long after its caller gave up. A statement whose signal
 * aborts leaves the queue, or is interrupted while it runs (its `run` receives the signal).
 */
export class StatementQueue {
  private active = 0;
  private dropped = 0;
  /** The turns waited for: each starts when a running statement hands its place over. */
  private readonly queue: (() => void)[] = [];
  /** Running mean of the time a statement took to run (ms), the newest weighing most. */
  private recentMs = 0;

  constructor(private readonly options: StatementQueueOptions) {}

  /** Statements running now, waiting for a turn, and dropped since start (their caller gone). */
  get counts(): StatementCounts {
    return { running: this.active, waiting: this.queue.length, dropped: this.dropped };
  }

  /** Whether a statement asked now would be refused: every place taken, the waiting room full. */
  get full(): boolean {
    return this.active >= this.options.concurrency && this.queue.length >= this.options.maxWaiting;
  }

  /** How long a statement asked now would wait for a turn, judged from recent statements (ms). */
  get expectedWaitMs(): number {
    const ahead = this.active - this.options.concurrency + this.queue.length + 1;
    return ahead > 0 ? Math.ceil(ahead / this.options.concurrency) * this.recentMs : 0;
  }

  /**
   * Refuses a new call at once (AnalyticsBusy) while the queue is full, or under load (past
   * CALLS_ALWAYS_ADMITTED of `callsComputing`, the calls whose statements are under way) when
   * its first statement would wait past maxWaitMs: asked before work that would end in
   * statements, so that a call refused anyway costs no more than its sign-in check. The
   * statements of a call let in are refused only past the queue's bound, so that work begun is
   * not thrown away.
   */
  admit(callsComputing = 0): void {
    const longWait =
      callsComputing >= CALLS_ALWAYS_ADMITTED &&
      this.expectedWaitMs > (this.options.maxWaitMs ?? MAX_ADMITTED_WAIT_MS);
    if (this.full || longWait) throw this.busy();
  }

  private busy(): AnalyticsBusy {
    return new AnalyticsBusy(this.options.retryAfterSeconds ?? 5);
  }

  async run<T>(task: (signal?: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) throw new CallAbandoned();
    if (this.active < this.options.concurrency) {
      this.active += 1;
    } else {
      if (this.full) throw this.busy();
      // The place of the statement that ends is handed over, so none slips in between.
      await new Promise<void>((resolve, reject) => {
        const start = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        const onAbort = () => {
          const at = this.queue.indexOf(start);
          if (at >= 0) this.queue.splice(at, 1);
          this.dropped += 1;
          reject(new CallAbandoned());
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        this.queue.push(start);
      });
    }
    const started = performance.now();
    try {
      return await task(signal);
    } catch (error) {
      if (signal?.aborted) this.dropped += 1;
      throw error;
    } finally {
      const ran = performance.now() - started;
      this.recentMs =
        this.recentMs === 0 ? ran : this.recentMs + RECENT_WEIGHT * (ran - this.recentMs);
      const next = this.queue.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}

/**
 * The signal of the call being answered, aborted when its client closes the connection before
 * the answer (see abandonedCallSignal): statements asked within the call run with it.
 */
export const callSignals = new AsyncLocalStorage<AbortSignal>();

/** The signal of the call being answered, if any. */
export const currentCallSignal = (): AbortSignal | undefined => callSignals.getStore();

/**
 * Shares one signal between callers: aborted only once every caller's signal has aborted. A
 * caller without a signal never leaves, so the shared signal then never aborts.
 */
export class SharedSignal {
  private readonly controller = new AbortController();
  private callers = 0;
  private forever = false;

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  join(signal: AbortSignal | undefined): void {
    if (!signal) {
      this.forever = true;
      return;
    }
    if (signal.aborted) return this.leave();
    this.callers += 1;
    signal.addEventListener(
      'abort',
      () => {
        this.callers -= 1;
        this.leave();
      },
      { once: true },
    );
  }

  private leave(): void {
    if (!this.forever && this.callers === 0) this.controller.abort(new CallAbandoned());
  }
}
