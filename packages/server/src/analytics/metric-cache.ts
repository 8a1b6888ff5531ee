import {
  DASHBOARD_METRIC_SLUGS,
  type DashboardMetricSlug,
  type MetricSlug,
} from '@pharmalytics/domain';
import { LRUCache } from 'lru-cache';
import type { AnalysisScope } from '../access/analysis-scope.ts';
import type { Database } from '../db/connection.ts';
import { computeMetric, computeMetrics, type MetricQuery, type MetricSeries } from './engine.ts';
import type { AnalyticsExecutor } from './executors.ts';
import type { AnalyticsReplica } from './replica/analytics-replica.ts';
import { CallAbandoned, currentCallSignal, SharedSignal } from './statement-queue.ts';

/** Room of the answers kept, in characters of their JSON: tens of MB of memory at most. */
export const METRIC_CACHE_MAX_SIZE = 16 * 1024 * 1024;
/** An answer larger than this share of the room is answered but not kept. */
const MAX_ENTRY_SHARE = 1 / 16;

export interface MetricCacheOptions {
  /** Room of the answers kept, in characters of their JSON. */
  maxSize?: number;
  /** What computes an answer (the engine). */
  compute?: typeof computeMetric;
  /** The analytics replica, which answers once it holds the facts a call must see. */
  replica?: AnalyticsReplica;
  /** Longest a call waits for the replica to catch up before the system of record answers. */
  replicaWaitMs?: number;
}

/** What the analytics routes need: the database and the server's one cache of answers. */
export interface AnalyticsRouteDeps {
  db: Database;
  metrics: MetricCache;
}

export interface MetricCacheStats {
  /** Answers taken from the cache. */
  hits: number;
  /** Answers that joined an identical query already running. */
  joined: number;
  /** Queries run. */
  computed: number;
  /** Of those, the queries the replica answered (the others ran on the system of record). */
  onReplica: number;
  /** Questions not started because their caller had already gone. */
  abandoned: number;
  /** Answers kept now, and their size. */
  entries: number;
  size: number;
}

const sortedUnique = <T extends string | number>(values: readonly T[] | undefined) =>
  [...new Set(values ?? [])].sort();

/** The key of an answer: the scope's corporation, data version and stores, and the question. */
function answerKey(kind: string, scope: AnalysisScope, question: unknown): string {
  const { corporationId, version, storeIds } = scope;
  return JSON.stringify([
    corporationId,
    version,
    kind,
    [...new Set(storeIds)].sort((a, b) => a - b),
    question,
  ]);
}

/** A metric query with its sets in one order, so that equal queries have one key. */
function metricQuestion(query: MetricQuery): unknown[] {
  const filters = query.filters ?? {};
  return [
    query.from,
    query.to,
    query.axis,
    query.page?.family ?? null,
    query.address?.mode ?? null,
    query.address?.text ?? '',
    sortedUnique(filters.genericMedicine),
    sortedUnique(filters.medicalInstitutions),
    sortedUnique(filters.receptionTypes),
  ];
}

/** Where an answer is computed: the system of record, or the replica's executor. */
export type AnswerSource = Database | AnalyticsExecutor;

/**
 * The engine's answers, kept by (corporation, data version, normalised query) in a cache bounded
 * by size, least recently used first out; identical queries running at the same time run once.
 * Other analytics answers of a scope (the maps') are kept alongside through `answer`.
 * The data version rises in the transaction of every commit of facts (data-version.ts) and is
 * read before any query of a call, so a call never gets an answer older than the facts committed
 * when it started, and an answer is exactly what the engine computes. Answers are shared between
 * callers and must not be changed.
 */
export class MetricCache {
  private readonly answers: LRUCache<string, object>;
  private readonly running = new Map<string, { answer: Promise<object>; callers: SharedSignal }>();
  private readonly compute: typeof computeMetric;
  private readonly replica: AnalyticsReplica | undefined;
  private readonly replicaWaitMs: number;
  private counts = { hits: 0, joined: 0, computed: 0, onReplica: 0, abandoned: 0 };

  constructor(
    private readonly db: Database,
    options: MetricCacheOptions = {},
  ) {
    const maxSize = options.maxSize ?? METRIC_CACHE_MAX_SIZE;
    this.compute = options.compute ?? computeMetric;
    this.replica = options.replica;
    this.replicaWaitMs = options.replicaWaitMs ?? 2000;
    this.answers = new LRUCache({
      maxSize,
      maxEntrySize: Math.max(1, Math.floor(maxSize * MAX_ENTRY_SHARE)),
      sizeCalculation: (answer, key) => key.length + JSON.stringify(answer).length,
    });
  }

  stats(): MetricCacheStats {
    return { ...this.counts, entries: this.answers.size, size: this.answers.calculatedSize };
  }

  /**
   * On the replica when it holds the facts of the scope's data version (waiting a little for
   * it to apply them), else on the system of record: never older than the scope's version.
   */
  private async computeOnNewest<T>(
    scope: AnalysisScope,
    compute: (on: AnswerSource) => Promise<T>,
    signal: AbortSignal,
  ): Promise<T> {
    const { replica } = this;
    const { corporationId, version } = scope;
    if (replica && (await replica.reaches(corporationId, version, this.replicaWaitMs))) {
      this.counts.onReplica += 1;
      return compute(replica.executor(signal));
    }
    return compute(replica ? replica.recordsExecutor(signal) : this.db);
  }

  /**
   * A metric as of the data version of the query's scope, read before any query of the call:
   * the answer is at least as new as the facts committed when the call started.
   */
  metric(slug: MetricSlug, query: MetricQuery): Promise<MetricSeries[]> {
    return this.answer(`metric:${slug}`, query.scope, metricQuestion(query), (on) =>
      this.compute(on, slug, query),
    );
  }

  /**
   * The dashboard's metrics over a period, computed together (one scan of the facts on the
   * replica for the sheet metrics, one for 集中率) and kept as one answer: the first card of a
   * page computes them, the other cards' calls join it or find it kept.
   */
  dashboard(query: MetricQuery): Promise<Record<DashboardMetricSlug, MetricSeries[]>> {
    return this.answer('dashboard', query.scope, metricQuestion(query), (on) =>
      computeMetrics(on, DASHBOARD_METRIC_SLUGS, query),
    );
  }

  /**
   * Any analytics answer of a scope, kept like the metrics: by `kind`, the scope (corporation,
   * data version, stores) and `question`, a JSON value naming everything else the answer depends
   * on, with its sets in one order. `compute` runs on the replica or the system of record, as
   * computeOnNewest decides, and must give the same answer on both.
   */
  answer<T extends object>(
    kind: string,
    scope: AnalysisScope,
    question: unknown,
    compute: (on: AnswerSource) => Promise<T>,
  ): Promise<T> {
    const key = answerKey(kind, scope, question);
    const kept = this.answers.get(key);
    if (kept) {
      this.counts.hits += 1;
      return Promise.resolve(kept as T);
    }
    // The call's signal aborts when its client has gone; a computation shared by several calls
    // is dropped (its statements leave the replica's queue or are interrupted) only once all
    // of them have gone.
    const signal = currentCallSignal();
    if (signal?.aborted) {
      this.counts.abandoned += 1;
      return Promise.reject(new CallAbandoned());
    }
    const running = this.running.get(key);
    if (running) {
      this.counts.joined += 1;
      running.callers.join(signal);
      return running.answer as Promise<T>;
    }
    // A new computation while the queue is full would be refused at its first statement, and
    // under load one that would wait too long gets 503 rather than a late answer: refused now,
    // before the change log is read and the statements are built.
    try {
      this.replica?.admit(this.running.size);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    this.counts.computed += 1;
    const callers = new SharedSignal();
    callers.join(signal);
    const answer = this.computeOnNewest(scope, compute, callers.signal)
      .then((value) => {
        this.answers.set(key, value);
        return value;
      })
      .finally(() => {
        if (this.running.get(key)?.answer === answer) this.running.delete(key);
      });
    // A call arriving after every caller has gone starts afresh rather than join a dropped one.
    callers.signal.addEventListener(
      'abort',
      () => {
        if (this.running.get(key)?.answer === answer) this.running.delete(key);
      },
      { once: true },
    );
    this.running.set(key, { answer, callers });
    return answer;
  }
}
