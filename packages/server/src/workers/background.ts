import type { JobRequest, Jobs } from './jobs.ts';
import { WorkerClient } from './worker-client.ts';

const worker = new WorkerClient<JobRequest, unknown>(new URL('./jobs.ts', import.meta.url));

/**
 * Runs a job on the background worker thread (one for the process, started on first use), so
 * the main thread stays free for requests and database work while it runs.
 */
export function inBackground<K extends keyof Jobs>(
  kind: K,
  input: Parameters<Jobs[K]>[0],
  transfer: ArrayBuffer[] = [],
): Promise<ReturnType<Jobs[K]>['result']> {
  return worker.request({ kind, input } as JobRequest, transfer) as Promise<
    ReturnType<Jobs[K]>['result']
  >;
}
