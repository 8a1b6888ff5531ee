import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toDispensingCsv } from '@pharmalytics/datagen';
import { ANALYSIS_PAGES, DASHBOARD_METRIC_SLUGS } from '@pharmalytics/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DEMO_PHARMACY_CODES,
  generatedFile,
  generatedWorld,
} from '../../testing/generated-history.ts';
import {
  factsFingerprint,
  replicaCaughtUp,
  secondServer,
  wholeScope,
} from '../../testing/replica.ts';
import { lastLoggedChange, recordFactsChange } from '../data-version.ts';
import { computeMetric, computeMetrics, type MetricSeries } from '../engine.ts';
import { HttpClient } from '../../testing/http-client.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { uploadFile } from '../../testing/upload.ts';
import { computePeriodValues } from '../scorecard/period-values.ts';
import { AnalyticsReplica, REPLICA_FILE } from './analytics-replica.ts';

let t: TestApp;
const world = generatedWorld(5);

beforeAll(async () => {
  t = await startTestApp();
  for (const [store, months] of [
    ['1001', ['2026-08', '2026-09']],
    ['1002', ['2026-08']],
  ] as const) {
    const reply = await uploadFile(t, store, generatedFile(world, store, months).file);
    expect(reply.body).toMatchObject({ status: 'loaded', rowsRefused: 0 });
  }
  await replicaCaughtUp(t.app, t.db);
}, 120_000);
afterAll(() => t?.close());

const replicaOf = (app: TestApp['app']) => app.services.replica!.executor();

/** The replica's fingerprint of one store's prescriptions over dates. */
async function storeDays(app: TestApp['app'], storeId: number, from: string, to: string) {
  const [row] = await replicaOf(app).rows(sql`
    select count(*) as n, sum(id) as ids, sum(sales_yen) as yen from prescriptions
    where store_id = ${storeId} and dispensing_date between ${from} and ${to}`);
  return Object.values(row!).map(Number);
}

async function storeId(code: string) {
  const { id } = await t.db
    .selectFrom('stores')
    .select('id')
    .where('store_code', '=', code)
    .executeTakeFirstOrThrow();
  return id;
}

async function corporationOf(store: number) {
  const { corporation_id } = await t.db
    .selectFrom('stores')
    .select('corporation_id')
    .where('id', '=', store)
    .executeTakeFirstOrThrow();
  return corporation_id;
}

/** The sales by store of the whole data through a server, on /v3 (replica) and /v2. */
async function salesThrough(baseUrl: string) {
  const query = 'from=2026-08-01&to=2026-09-30&periodCode=2&storeCodes=1001,1002';
  const admin = new HttpClient(baseUrl);
  await admin.login('admin@example.com');
  const sysadmin = new HttpClient(baseUrl);
  await sysadmin.login('sysadmin@example.com');
  const v3 = await admin.get(`/v3/pharmacy/dispensing_sales?${query}`);
  const v2 = await sysadmin.get(`/v2/pharmacy/dispensing_sales?${query}`);
  expect(v3.status).toBe(200);
  return { v3: v3.body, v2: v2.body };
}

describe('the analytics replica', () => {
  it('holds what the system of record holds, and answers /v3', async () => {
    expect(await factsFingerprint(replicaOf(t.app))).toEqual(await factsFingerprint(t.db));
    const before = t.app.services.metrics.stats().onReplica;
    const { v3, v2 } = await salesThrough(t.baseUrl);
    expect(v3).toEqual(v2);
    expect(t.app.services.metrics.stats().onReplica).toBeGreaterThan(before);
  });

  it('lays each store’s sheets and lines in the order of their dates', async () => {
    // DuckDB skips a row group whose dates lie outside a question's; rows out of date order
    // would leave it none to skip. The system of record sends them in no order.
    for (const table of [
      'prescriptions',
      'prescription_fees',
      'prescription_medicines',
      'prescription_materials',
    ]) {
      const [row] = await replicaOf(t.app).rows(sql`
        select count(*) as rows, count(*) filter (where dispensing_date < before) as backwards
        from (select dispensing_date,
                lag(dispensing_date) over (partition by store_id order by rowid) as before
              from ${sql.table(table)})`);
      expect(Number(row!.rows), table).toBeGreaterThan(0);
      expect(Number(row!.backwards), table).toBe(0);
    }
  });

  it('counts a period’s receptions as the sum of its buckets’, and its patients once', async () => {
    // Receptions and pharmacists' days fall on one day, so a period adds up its buckets' counts;
    // a patient of both months counts once in the period, though in each month.
    const scope = await wholeScope(t.db, ['1001', '1002']);
    const slugs = [
      ...DASHBOARD_METRIC_SLUGS,
      'reception_counts',
      'prescriptions_per_pharmacist',
    ] as const;
    for (const axis of [2, 3] as const) {
      const query = { scope, from: '2026-08-01', to: '2026-09-30', axis };
      const [onReplica, onRecords] = await Promise.all([
        computeMetrics(replicaOf(t.app), slugs, query),
        computeMetrics(t.db, slugs, query),
      ]);
      expect(onReplica).toEqual(onRecords);
      for (const slug of slugs) expect(onRecords[slug], slug).toHaveLength(1);
      const [receptions] = onRecords.reception_counts;
      expect(receptions!.total).toBe(receptions!.rows.reduce((sum, r) => sum + r.value!, 0));
      const [patients] = onRecords.patient_counts;
      expect(patients!.total).toBeLessThan(patients!.rows.reduce((sum, r) => sum + r.value!, 0));
    }
  });

  it('counts a reception once for what any of its sheets says, whatever groups or filters it', async () => {
    // In October each reception's first sheet is 再来 with no 手帳 known, its others 新規 with
    // one, 在宅 and by another doctor: a reception of several sheets is both 新規 and 再来, and
    // brought its 手帳; by doctor, or only its 外来 sheets, it counts for what those sheets say.
    // Every other reception of several sheets names another patient on its later sheets: by
    // patient (受付回数別) it counts for both.
    const sheets = new Map<string, number>();
    const generated = generatedFile(world, '1002', ['2026-10']).records;
    const stranger = generated.at(-1)!.patient;
    let shared = 0;
    const records = generated.map((r) => {
      const reception = `${r.dispensingDate}|${r.institution.code}|${r.receptionId}`;
      const before = sheets.get(reception) ?? 0;
      sheets.set(reception, before + 1);
      if (before === 0) return { ...r, visitType: '再来' as const, medicineNotebook: null };
      if (before === 1) shared += 1;
      return {
        ...r,
        visitType: '新規' as const,
        medicineNotebook: true,
        receptionType: '在宅' as const,
        doctorName: '別院 次郎',
        ...(shared % 2 === 0 && r.patient.key !== stranger.key ? { patient: stranger } : {}),
      };
    });
    expect([...sheets.values()].filter((n) => n > 1).length).toBeGreaterThan(10);
    const csv = Buffer.from(toDispensingCsv(records, DEMO_PHARMACY_CODES['1002']!));
    expect((await uploadFile(t, '1002', csv, 'october.csv')).body).toMatchObject({
      status: 'loaded',
    });
    await replicaCaughtUp(t.app, t.db);
    const scope = await wholeScope(t.db, ['1001', '1002']);
    const slugs = [
      'reception_counts',
      'new_reception_counts',
      're_reception_counts',
      'medicine_note_rates',
    ] as const;
    const pharmacy = ANALYSIS_PAGES.find((p) => p.family === 'pharmacy')!;
    const doctor = ANALYSIS_PAGES.find((p) => p.family === 'doctor')!;
    const receptionCount = ANALYSIS_PAGES.find((p) => p.family === 'reception_count')!;
    const october = { scope, from: '2026-10-01', to: '2026-10-31', axis: 3 as const };
    for (const conditions of [
      {},
      { page: pharmacy },
      { page: doctor },
      { filters: { receptionTypes: ['外来'] } },
      { page: pharmacy, filters: { genericMedicine: [4 as const] } },
    ]) {
      const query = { ...october, ...conditions };
      const [onReplica, onRecords] = await Promise.all([
        computeMetrics(replicaOf(t.app), slugs, query),
        computeMetrics(t.db, slugs, query),
      ]);
      // Series come in no particular order.
      const byKey = (series: MetricSeries[]) =>
        [...series].sort((a, b) => String(a.key).localeCompare(String(b.key)));
      const sorted = (answer: typeof onRecords) => slugs.map((slug) => byKey(answer[slug]));
      expect(sorted(onReplica), JSON.stringify(conditions)).toEqual(sorted(onRecords));
      const byVisits = { ...query, page: receptionCount };
      expect(
        byKey(await computeMetric(replicaOf(t.app), 'prescription_counts', byVisits)),
        JSON.stringify(conditions),
      ).toEqual(byKey(await computeMetric(t.db, 'prescription_counts', byVisits)));
    }
    const totals = await computeMetrics(replicaOf(t.app), slugs, october);
    const [all, fresh, repeat] = [
      totals.reception_counts[0]!.total!,
      totals.new_reception_counts[0]!.total!,
      totals.re_reception_counts[0]!.total!,
    ];
    expect(repeat).toBe(all);
    expect(fresh).toBe([...sheets.values()].filter((n) => n > 1).length);
    expect(await computePeriodValues(replicaOf(t.app), scope, october)).toEqual(
      await computePeriodValues(t.db, scope, october),
    );
  });

  it('replaces exactly the store-dates of a corrected file', async () => {
    const [a, b] = [await storeId('1001'), await storeId('1002')];
    const untouched = {
      august: await storeDays(t.app, a, '2026-08-01', '2026-08-31'),
      other: await storeDays(t.app, b, '2026-08-01', '2026-09-30'),
    };
    const september = await storeDays(t.app, a, '2026-09-01', '2026-09-30');
    // The receipt computer sends September again with a fee corrected on every tenth sheet.
    const records = generatedFile(world, '1001', ['2026-09']).records.map((r, i) =>
      i % 10 === 0 ? { ...r, fees: r.fees.map((f) => ({ ...f, points: f.points + 10 })) } : r,
    );
    const before = await lastLoggedChange(t.db);
    const csv = Buffer.from(toDispensingCsv(records, DEMO_PHARMACY_CODES['1001']!));
    expect((await uploadFile(t, '1001', csv, 'corrected.csv')).body).toMatchObject({
      status: 'loaded',
    });
    const { rows: logged } = await sql<{ store_id: number; from_date: string; to_date: string }>`
      select store_id, from_date, to_date from analytics_changes where id > ${before}`.execute(
      t.db,
    );
    expect(logged).toEqual([{ store_id: a, from_date: '2026-09-01', to_date: '2026-09-30' }]);
    await replicaCaughtUp(t.app, t.db);

    expect(await factsFingerprint(replicaOf(t.app))).toEqual(await factsFingerprint(t.db));
    expect(await storeDays(t.app, a, '2026-08-01', '2026-08-31')).toEqual(untouched.august);
    expect(await storeDays(t.app, b, '2026-08-01', '2026-09-30')).toEqual(untouched.other);
    const corrected = await storeDays(t.app, a, '2026-09-01', '2026-09-30');
    expect(corrected[0]).toBe(september[0]); // as many sheets, new ids, more yen
    expect(corrected[1]).not.toBe(september[1]);
    expect(corrected[2]).toBeGreaterThan(september[2]!);
  });

  it('drops the sheets and lines of facts deleted from a store’s dates', async () => {
    const a = await storeId('1001');
    const day = '2026-09-15';
    const before = await storeDays(t.app, a, day, day);
    expect(before[0]).toBeGreaterThan(0);
    const corporationId = await corporationOf(a);
    await t.db.transaction().execute(async (trx) => {
      const ids = sql`select id from prescriptions
        where store_id = ${a} and dispensing_date = ${day}`;
      for (const lines of [
        'prescription_fee_lines',
        'prescription_medicines',
        'prescription_materials',
      ]) {
        await sql`delete from ${sql.table(lines)} where prescription_id in (${ids})`.execute(trx);
      }
      await sql`delete from prescriptions where store_id = ${a} and dispensing_date = ${day}`.execute(
        trx,
      );
      await recordFactsChange(trx, {
        corporationId,
        store: { id: a, from: day, to: day },
      });
    });
    await replicaCaughtUp(t.app, t.db);

    expect(await storeDays(t.app, a, day, day)).toEqual([0, 0, 0]);
    expect(await factsFingerprint(replicaOf(t.app))).toEqual(await factsFingerprint(t.db));
    const [orphans] = await replicaOf(t.app).rows(sql`
      select (select count(*) from prescription_fees where store_id = ${a}
          and dispensing_date = ${day}) as fees,
        (select count(*) from prescription_medicines where store_id = ${a}
          and dispensing_date = ${day}) as medicines`);
    expect(Object.values(orphans!).map(Number)).toEqual([0, 0]);
  }, 120_000);

  it('gives a patient’s earlier sheets the zip code and gender of a later file', async () => {
    const b = await storeId('1002');
    // September of 1002 again, its first patient moved and written with another gender.
    const records = generatedFile(world, '1002', ['2026-09']).records;
    const moved = records[0]!.patient;
    const changed = records.map((r) =>
      r.patient.key === moved.key
        ? {
            ...r,
            patient: { ...r.patient, zip: '8100001', gender: moved.gender === 1 ? 2 : 1 } as const,
          }
        : r,
    );
    const csv = Buffer.from(toDispensingCsv(changed, DEMO_PHARMACY_CODES['1002']!));
    expect((await uploadFile(t, '1002', csv, 'moved.csv')).body).toMatchObject({
      status: 'loaded',
    });
    await replicaCaughtUp(t.app, t.db);

    // The August sheets of the patient (dates the upload did not touch) carry the new keys.
    const [keys] = await replicaOf(t.app).rows(sql`
      select count(*) as sheets, count(distinct p.gender) as genders,
        count(*) filter (where z.text = '8100001') as moved
      from prescriptions p join patients pa on pa.id = p.patient_id
      left join labels z on z.id = p.zip_id
      where pa.patient_key = ${moved.key} and p.store_id = ${b}`);
    expect(Number(keys!.sheets)).toBeGreaterThan(0);
    expect(Number(keys!.moved)).toBe(Number(keys!.sheets));
    expect(Number(keys!.genders)).toBe(1);
    const scope = await wholeScope(t.db, ['1001', '1002']);
    const range = { from: '2026-08-01', to: '2026-09-30' };
    for (const family of ['address', 'gender'] as const) {
      const page = ANALYSIS_PAGES.find((p) => p.family === family)!;
      const query = { scope, ...range, axis: 2 as const, page };
      const byKey = (series: MetricSeries[]) =>
        [...series].sort((x, y) => String(x.key).localeCompare(String(y.key)));
      expect(byKey(await computeMetric(replicaOf(t.app), 'patient_counts', query))).toEqual(
        byKey(await computeMetric(t.db, 'patient_counts', query)),
      );
    }
  }, 120_000);

  it('keeps a second server on the same database up to date with an upload to the first', async () => {
    const second = await secondServer(t);
    try {
      await replicaCaughtUp(second.app, t.db);
      const reply = await uploadFile(t, '1002', generatedFile(world, '1002', ['2026-09']).file);
      expect(reply.body).toMatchObject({ status: 'loaded' });
      // The second server learns of it from the change log alone.
      const { v3, v2 } = await salesThrough(second.baseUrl);
      expect(v3).toEqual(v2);
      expect(second.app.services.metrics.stats().onReplica).toBeGreaterThan(0);
      expect(await factsFingerprint(replicaOf(second.app))).toEqual(await factsFingerprint(t.db));
    } finally {
      await second.close();
      rmSync(second.dataDir, { recursive: true, force: true });
    }
  });

  it('applies the last commits of a burst once the log stops growing, without waiting out its rest', async () => {
    // Polls rest after a sync that took long, so that commits coming one after another gather
    // into fewer batches; here the rest after any sync is far longer than the test.
    const dataDir = mkdtempSync(join(tmpdir(), 'pharmalytics-rest-'));
    const replica = await AnalyticsReplica.open({
      db: t.db,
      dataDir,
      memoryLimit: '256MB',
      threads: 1,
      pollMs: 20,
      syncRest: 1_000_000,
      log: { info: () => {}, warn: () => {}, error: () => {} },
    });
    try {
      await replica.whenBuilt();
      const a = await storeId('1001');
      const corporationId = await corporationOf(a);
      const commitChange = () =>
        t.db.transaction().execute((trx) =>
          recordFactsChange(trx, {
            corporationId,
            store: { id: a, from: '2026-08-01', to: '2026-08-01' },
          }),
        );
      await commitChange();
      await vi.waitFor(async () =>
        expect(replica.appliedChange).toBe(await lastLoggedChange(t.db)),
      );
      // Resting now; the burst's last commit is applied once the log has been quiet a second.
      await commitChange();
      const started = Date.now();
      await vi.waitFor(
        async () => expect(replica.appliedChange).toBe(await lastLoggedChange(t.db)),
        {
          timeout: 5000,
          interval: 50,
        },
      );
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    } finally {
      await replica.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.each([
    ['deleted', (file: string) => rmSync(file)],
    ['unreadable', (file: string) => writeFileSync(file, 'not a database')],
  ])(
    'is built again at start when its file was %s while the server was stopped',
    async (_, spoil) => {
      const first = await secondServer(t);
      await replicaCaughtUp(first.app, t.db);
      await first.close();
      spoil(join(first.dataDir, REPLICA_FILE));
      const again = await secondServer(t, { dataDir: first.dataDir });
      try {
        await replicaCaughtUp(again.app, t.db);
        expect(await factsFingerprint(replicaOf(again.app))).toEqual(await factsFingerprint(t.db));
      } finally {
        await again.close();
        rmSync(first.dataDir, { recursive: true, force: true });
      }
    },
  );

  it('is built again at start when its layout is older than the server’s', async () => {
    const first = await secondServer(t);
    await replicaCaughtUp(first.app, t.db);
    await replicaOf(first.app).rows(sql`update replica_state set layout = layout - 1`);
    await first.close();
    const again = await secondServer(t, { dataDir: first.dataDir });
    try {
      expect(again.app.services.replica!.ready).toBe(false);
      await replicaCaughtUp(again.app, t.db);
      expect(await factsFingerprint(replicaOf(again.app))).toEqual(await factsFingerprint(t.db));
    } finally {
      await again.close();
      rmSync(first.dataDir, { recursive: true, force: true });
    }
  });

  it('names a fee, medicine or material by the least name of its lines in scope', async () => {
    // On a day of September the most common fee, medicine and material of store 1002 carry a
    // second name, which sorts after the first: the month shows the first, that day the second.
    const { records } = generatedFile(world, '1002', ['2026-09']);
    const commonest = (codes: string[]) => {
      const counts = new Map<string, number>();
      for (const c of codes) counts.set(c, (counts.get(c) ?? 0) + 1);
      return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    };
    const renamed = {
      fee: commonest(records.flatMap((r) => r.fees.map((f) => f.code))),
      medicine: commonest(records.flatMap((r) => r.medicines.map((m) => m.code))),
      material: commonest(records.flatMap((r) => r.materials.map((m) => m.code))),
    };
    // A day in mid-month with the material, which few sheets hold.
    const day = records.find(
      (r) =>
        r.dispensingDate > '2026-09-10' &&
        r.dispensingDate < '2026-09-25' &&
        r.materials.some((m) => m.code === renamed.material),
    )!.dispensingDate;
    const rename = <T extends { code: string; name: string }>(lines: T[], code: string) =>
      lines.map((l) => (l.code === code ? { ...l, name: `${l.name}（別名）` } : l));
    const file = records.map((r) =>
      r.dispensingDate === day
        ? {
            ...r,
            fees: rename(r.fees, renamed.fee),
            medicines: rename(r.medicines, renamed.medicine),
            materials: rename(r.materials, renamed.material),
          }
        : r,
    );
    const csv = Buffer.from(toDispensingCsv(file, DEMO_PHARMACY_CODES['1002']!));
    expect((await uploadFile(t, '1002', csv, 'september.csv')).body).toMatchObject({
      status: 'loaded',
    });
    await replicaCaughtUp(t.app, t.db);
    const scope = await wholeScope(t.db, ['1002']);
    const pages = [
      ['dispensing_technical_fee', renamed.fee],
      ['medicine_fee', renamed.medicine],
      ['medical_material_fee', renamed.material],
    ] as const;
    for (const [family, code] of pages) {
      const page = ANALYSIS_PAGES.find((p) => p.family === family)!;
      for (const [from, to, second] of [
        ['2026-09-01', '2026-09-30', false],
        [day, day, true],
        [`2026-09-${String(Number(day.slice(8)) + 1).padStart(2, '0')}`, '2026-09-30', false],
      ] as const) {
        const query = { scope, from, to, axis: 3 as const, page };
        for (const slug of page.metrics) {
          const [onReplica, onRecords] = await Promise.all([
            computeMetric(replicaOf(t.app), slug, query),
            computeMetric(t.db, slug, query),
          ]);
          const label = `${family} ${slug} ${from}〜${to}`;
          const byKey = (series: MetricSeries[]) =>
            [...series].sort((a, b) => String(a.key).localeCompare(String(b.key)));
          expect(byKey(onReplica), label).toEqual(byKey(onRecords));
          const item = onReplica.find((s) => s.key === code);
          expect(item?.name?.endsWith('（別名）'), label).toBe(second);
        }
      }
    }
  });
});
