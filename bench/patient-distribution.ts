/**
 * The patient distribution map's call against a running server whose demo history has loaded
 * (`npm start`): `GET /v3/patient_distribution` for 過去12ヶ月 over every store of the member, in
 * each of the four categories, timed from the request until the whole answer is received.
 *
 *   npx tsx bench/patient-distribution.ts [--url http://127.0.0.1:3000] [--runs 5] [--twin-runs 1]
 *
 * Per category it prints:
 * - first: a period nothing has asked for yet (the window shifted back a day per run, so every run
 *   computes: on the analytics replica once it holds the facts), median and slowest of `--runs`;
 * - kept: the same call again, answered from the server's answer cache, median;
 * - twin: the /v2 twin on the system of record (never cached), median of `--twin-runs`, called by
 *   `--twin-email` (a system administrator of the same corporation);
 * - the answer's patients, categories and size.
 * The target (issue 14) is the first call within 500 ms for the demo corporation.
 */
import { parseArgs } from 'node:util';
import {
  MAP_CATEGORIES,
  presetRange,
  todayInJapan,
  type PatientDistributionResponse,
} from '../packages/domain/src/index.ts';
import { ok, signIn } from './session.ts';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    email: { type: 'string', default: 'admin@example.com' },
    'twin-email': { type: 'string', default: 'sysadmin@example.com' },
    runs: { type: 'string', default: '5' },
    'twin-runs': { type: 'string', default: '1' },
  },
});
const RUNS = Number(args.runs);
const TWIN_RUNS = Number(args['twin-runs']);
const TARGET_MS = 500;

/** A yyyy-MM-dd date `days` later (earlier when negative). */
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

const session = await signIn(args.url, args.email);
// The twin answers system administrators only.
const twinSession = await signIn(args.url, args['twin-email']);
const YEAR = presetRange('last12Months', todayInJapan());

/** One call, timed until its last byte; answers the time and the parsed answer. */
async function call(api: 'v3' | 'v2', category: number, shiftDays: number) {
  const path = api === 'v3' ? '/v3/patient_distribution' : '/v2/address/patient_distribution';
  const query = new URLSearchParams({
    from: addDays(YEAR.from, -shiftDays),
    to: addDays(YEAR.to, -shiftDays),
    periodCode: '2',
    storeCodes: session.storeCodes,
    addressCategory: String(category),
  });
  const started = performance.now();
  const cookie = api === 'v3' ? session.cookie : twinSession.cookie;
  const response = await ok(
    await fetch(`${args.url}${path}?${query}`, { headers: { cookie } }),
    path,
  );
  const bytes = await response.arrayBuffer();
  const ms = performance.now() - started;
  const body = JSON.parse(new TextDecoder().decode(bytes)) as PatientDistributionResponse;
  return { ms, body, bytes: bytes.byteLength };
}

const rows: string[][] = [];
let worstFirst = 0;
for (const category of MAP_CATEGORIES) {
  const first: number[] = [];
  const kept: number[] = [];
  const twin: number[] = [];
  let answer: Awaited<ReturnType<typeof call>> | undefined;
  for (let run = 0; run < RUNS; run++) {
    // Shifted past any window asked before by the category's own earlier runs.
    const shift = 1 + run + RUNS * category.value;
    const cold = await call('v3', category.value, shift);
    first.push(cold.ms);
    kept.push((await call('v3', category.value, shift)).ms);
    answer ??= cold;
  }
  for (let run = 0; run < TWIN_RUNS; run++) {
    twin.push((await call('v2', category.value, 1 + run)).ms);
  }
  worstFirst = Math.max(worstFirst, median(first));
  rows.push([
    category.label,
    String(answer!.body.patients.length),
    String(answer!.body.categories.length),
    `${Math.round(answer!.bytes / 1024)} KB`,
    `${Math.round(median(first))} / ${Math.round(Math.max(...first))}`,
    String(Math.round(median(kept))),
    TWIN_RUNS > 0 ? String(Math.round(median(twin))) : '—',
  ]);
}

const header = [
  'category',
  'patients',
  'categories',
  'answer',
  'first ms (median / slowest)',
  'kept ms',
  'twin ms',
];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
console.log(`${args.url}, ${args.email}, stores ${session.storeCodes}, ${YEAR.from}〜${YEAR.to}`);
console.log(line(header));
for (const row of rows) console.log(line(row));
console.log(
  `first call, slowest category median: ${Math.round(worstFirst)} ms (target ≤ ${TARGET_MS} ms) ${
    worstFirst <= TARGET_MS ? '✓' : '✗'
  }`,
);
