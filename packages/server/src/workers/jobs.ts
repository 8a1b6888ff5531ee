/**
 * The jobs the background worker thread runs: CPU-heavy work kept off the thread that answers
 * requests and talks to the database. Loaded only inside the worker (see background.ts).
 */
import { demoFile, demoPlan, type DemoFileRequest } from '../demo/demo-world.ts';
import { parseUpload } from '../ingestion/parsers/index.ts';
import { prepareFile, toMoved } from '../ingestion/prepared-file.ts';
import type { WorkerReply } from './worker-client.ts';

export const jobs = {
  prepare: ({ bytes, pharmacyCode }: { bytes: Uint8Array; pharmacyCode: string | null }) =>
    toMoved(prepareFile(parseUpload(bytes), pharmacyCode)),
  demoPlan: (endDate: string) => ({ result: demoPlan(endDate) }),
  demoFile: (request: DemoFileRequest) => demoFile(request),
} satisfies Record<string, (input: never) => WorkerReply<unknown>>;

export type Jobs = typeof jobs;
export type JobRequest = {
  [K in keyof Jobs]: { kind: K; input: Parameters<Jobs[K]>[0] };
}[keyof Jobs];

export function handle({ kind, input }: JobRequest) {
  return (jobs[kind] as (input: unknown) => WorkerReply<unknown>)(input);
}
