/**
 * The 施設基準 page's call against a running server whose demo history has loaded (`npm start`):
 * `GET /v3/facility_standards/judgements` timed from the request until the whole answer is
 * received.
 *
 *   npx tsx bench/facility-judgements.ts [--url http://127.0.0.1:3000] [--runs 5]
 *
 * Prints, for every single store of the member and for all of them together:
 * - first: the first call for that set of stores (nothing kept for it yet; the group's figures,
 *   the same for every set, are computed by the first of all);
 * - kept: the same call again, median of `--runs` (the server's answer cache);
 * - the answer's size.
 */
import { parseArgs } from 'node:util';
import type { FacilityJudgementsResponse } from '../packages/domain/src/index.ts';
import { ok, signIn } from './session.ts';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    email: { type: 'string', default: 'admin@example.com' },
    runs: { type: 'string', default: '5' },
  },
});
const RUNS = Number(args.runs);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

const session = await signIn(args.url, args.email);

async function call(storeCodes: string) {
  const started = performance.now();
  const response = await ok(
    await fetch(`${args.url}/v3/facility_standards/judgements?storeCodes=${storeCodes}`, {
      headers: { cookie: session.cookie },
    }),
    'judgements',
  );
  const bytes = await response.arrayBuffer();
  const ms = performance.now() - started;
  const body = JSON.parse(new TextDecoder().decode(bytes)) as FacilityJudgementsResponse;
  return { ms, bytes: bytes.byteLength, stores: body.stores.length };
}

const sets = [...session.storeCodes.split(','), session.storeCodes];
const rows: string[][] = [];
for (const storeCodes of sets) {
  const first = await call(storeCodes);
  const kept: number[] = [];
  for (let run = 0; run < RUNS; run++) kept.push((await call(storeCodes)).ms);
  rows.push([
    storeCodes,
    String(first.stores),
    `${Math.round(first.bytes / 1024)} KB`,
    String(Math.round(first.ms)),
    String(Math.round(median(kept))),
  ]);
}

const header = ['stores', 'judged', 'answer', 'first ms', 'kept ms (median)'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
console.log(`${args.url}, ${args.email}`);
console.log(line(header));
for (const row of rows) console.log(line(row));
