import { LRUCache } from 'lru-cache';
import { recordsExecutor } from '../analytics/executors.ts';
import type { AnalyticsReplica } from '../analytics/replica/analytics-replica.ts';
import type { Database } from '../db/connection.ts';
import { acquiredPatients, type AcquiredQuery, type BandCounts } from './market-share-acquired.ts';

/** Room of the answers kept, in characters of their JSON: a few MB at most. */
const MAX_SIZE = 4 * 1024 * 1024;

type Acquired = Map<string, BandCounts>;

export interface AcquiredCacheOptions {
  /** The analytics replica, which answers once it holds the facts a call must see. */
  replica?: AnalyticsReplica;
  /** Longest a call waits for the replica to catch up before the system of record answers. */
  replicaWaitMs?: number;
}

/**
 * Acquired patients by mesh and band, kept by (corporation, data version, store, period): the
 * data version rises in the transaction of every commit of facts and is read before any query
 * of a call (the scope's), so a kept answer is exactly what the facts of that version give.
 * Computed on the analytics replica once it holds that version, else on the system of record.
 * Identical queries running at the same time run once. Answers are shared and must not change.
 */
export class AcquiredPatientsCache {
  private readonly answers = new LRUCache<string, Acquired>({
    maxSize: MAX_SIZE,
    maxEntrySize: MAX_SIZE / 16,
    sizeCalculation: (answer, key) => key.length + JSON.stringify([...answer]).length,
  });
  private readonly running = new Map<string, Promise<Acquired>>();
  private readonly replica: AnalyticsReplica | undefined;
  private readonly replicaWaitMs: number;

  constructor(
    private readonly db: Database,
    options: AcquiredCacheOptions = {},
  ) {
    this.replica = options.replica;
    this.replicaWaitMs = options.replicaWaitMs ?? 2000;
  }

  private async computeOnNewest(query: AcquiredQuery, version: number): Promise<Acquired> {
    const { replica } = this;
    if (replica && (await replica.reaches(query.corporationId, version, this.replicaWaitMs))) {
      return acquiredPatients(replica.executor(), query);
    }
    return acquiredPatients(recordsExecutor(this.db), query);
  }

  /** The acquired patients of a store as of the corporation's data version `version`. */
  get(query: AcquiredQuery, version: number): Promise<Acquired> {
    const key = JSON.stringify([query.corporationId, version, query.storeId, query.from, query.to]);
    const kept = this.answers.get(key);
    if (kept) return Promise.resolve(kept);
    const running = this.running.get(key);
    if (running) return running;
    const answer = this.computeOnNewest(query, version)
      .then((acquired) => {
        this.answers.set(key, acquired);
        return acquired;
      })
      .finally(() => this.running.delete(key));
    this.running.set(key, answer);
    return answer;
  }
}
