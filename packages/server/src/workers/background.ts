import type { JobRequest, Jobs } from './jobs.ts';
import { WorkerClient } from './worker-client.ts';

type Run = <K extends keyof Jobs>(
  kind: K,
  input: Parameters<Jobs[K]>[0],
  transfer?: ArrayBuffer[],
) => Promise<ReturnType<Jobs[K]>['result']>;

/** A worker thread running the jobs of jobs.ts, started on its first job. */
export function backgroundThread(): { run: Run; close: () => Promise<void> } {
  const worker = new WorkerClient<JobRequest, unknown>(new URL('./jobs.ts', import.meta.url));
  const run: Run = (kind, input, transfer = []) =>
    worker.request({ kind, input } as JobRequest, transfer) as never;
  return { run, close: () => worker.close() };
}

const shared = backgroundThread();

/**
 * Runs a job on the process's background worker thread, so the main thread stays free for
 * requests and database work while it runs.
 */
export const inBackground: Run = shared.run;
