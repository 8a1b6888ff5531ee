import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoverInterruptedLoads } from '../ingestion/interrupted-loads.ts';
import { upsertFacilities, type FacilityRow } from '../maps/facility-master.ts';
import { answerTour } from '../testing/answer-tour.ts';
import { generatedWorld, uploadGeneratedMonths } from '../testing/generated-history.ts';
import { replicaCaughtUp } from '../testing/replica.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { citusRefusals, loadParser, type StatementRules } from './citus-statement-rules.ts';

/**
 * The statements the server runs, gathered as it builds them while it loads generated files,
 * imports facilities, recovers loads a stopped server left under way and answers every reader's
 * call, held to what Citus runs (docs/scaling.md): no function that is not immutable in
 * ON CONFLICT … DO UPDATE, no subquery in the RETURNING of a tenant write, no subquery under
 * GROUPING SETS, no FOR UPDATE of tenant rows of more than one corporation, and a reader's
 * statements tied to one corporation by corporation_id so that they run on one shard group.
 */

type Phase = 'load' | 'import' | 'recover' | 'read';
const gathered: { phase: Phase; text: string }[] = [];
let phase: Phase | undefined;
let t: TestApp;
let rules: Omit<StatementRules, 'oneCorporation'>;

const STORES = ['1001', '1002'];
const MONTH = '2026-09';

/**
 * Statements that read every corporation on purpose, each by its opening words: the replica's
 * change-log follower runs in the background for all corporations at once.
 */
const ACROSS_CORPORATIONS = [
  /^\s*select max\(id\) as last from analytics_changes/,
  /from analytics_changes where id >/,
];

beforeAll(async () => {
  await loadParser();
  t = await startTestApp({
    onStatement: (text) => {
      if (phase) gathered.push({ phase, text });
    },
  });
  const { rows } = await sql<{ name: string }>`
    select proname as name from pg_proc group by proname
    having bool_and(provolatile <> 'i')`.execute(t.db);
  rules = { notImmutable: new Set(rows.map((r) => r.name)) };

  phase = 'load';
  await uploadGeneratedMonths(t, generatedWorld(20261128), STORES, [MONTH]);
  phase = 'import';
  const facility: FacilityRow = {
    sourceId: 'c-1',
    type: 'clinic',
    name: '博多クリニック',
    address: '福岡県福岡市博多区博多駅前1-1-1',
    latitude: 33.59,
    longitude: 130.42,
    prescriptionPatients: null,
    outpatients: null,
    homecarePatients: null,
    capacity: null,
    totalUsers: null,
    beds: null,
  };
  await upsertFacilities(t.db, 'test', [facility]);
  await upsertFacilities(t.db, 'test', [{ ...facility, name: '博多駅前クリニック' }]);
  phase = undefined;
  // Notes of loads a stopped server left in two corporations, as the next start finds them.
  const stores = await t.db
    .selectFrom('stores')
    .select(['corporation_id', 'id as store_id'])
    .distinctOn('corporation_id')
    .orderBy('corporation_id')
    .limit(2)
    .execute();
  await t.db
    .insertInto('upload_loads')
    .values(
      stores.map((s) => ({
        ...s,
        file_name: 'killed.csv',
        content_hash: 'e'.repeat(64),
        size_bytes: 3,
      })),
    )
    .execute();
  phase = 'recover';
  expect(await recoverInterruptedLoads(t.db, t.dataDir)).toBe(2);
  phase = undefined;
  await replicaCaughtUp(t.app, t.db);

  phase = 'read';
  const sysadmin = t.client();
  await sysadmin.login('sysadmin@example.com');
  for (const path of answerTour({ from: `${MONTH}-01`, to: `${MONTH}-30`, storeCodes: STORES })) {
    const reply = await sysadmin.get(path);
    expect(reply.status, `${path}: ${JSON.stringify(reply.body)}`).toBe(200);
  }
  phase = undefined;
}, 300_000);
afterAll(() => t?.close());

/** How much of a statement a finding shows (STATEMENT_TEXT=all shows it whole). */
const SHOWN = process.env.STATEMENT_TEXT === 'all' ? undefined : 160;

function refusals(of: Phase[]): string[] {
  const found = new Set<string>();
  for (const { phase: p, text } of gathered) {
    if (!of.includes(p)) continue;
    if (ACROSS_CORPORATIONS.some((pattern) => pattern.test(text))) continue;
    for (const refusal of citusRefusals(text, { ...rules, oneCorporation: p === 'read' })) {
      found.add(`${refusal}: ${text.replace(/\s+/g, ' ').trim().slice(0, SHOWN)}`);
    }
  }
  return [...found].sort();
}

describe('the statements the server runs, as Citus takes them', () => {
  it('gathered the loads, the import, the recovery and every reader call', () => {
    for (const p of ['load', 'import', 'recover', 'read'] as const) {
      expect(gathered.filter((g) => g.phase === p).length, p).toBeGreaterThan(0);
    }
  });

  it('loads files with statements Citus runs', () => {
    expect(refusals(['load'])).toEqual([]);
  });

  it('imports facilities with statements Citus runs', () => {
    expect(refusals(['import'])).toEqual([]);
  });

  it('recovers interrupted loads with statements Citus runs', () => {
    expect(refusals(['recover'])).toEqual([]);
  });

  it('answers every reader with statements on one corporation’s shard group', () => {
    expect(refusals(['read'])).toEqual([]);
  });
});
