import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { loadDemoData } from './demo-data.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const loadedMonths = () =>
  t.db.selectFrom('uploads').select(['store_id', 'file_name', 'status']).orderBy('id').execute();

describe('demo history', () => {
  it("goes through the ingestion path, a corporation's newest month first, and resumes where it stopped", async () => {
    const messages: string[] = [];
    await loadDemoData(t.db, t.dataDir, (m) => messages.push(m), { limit: 2 });
    const first = await loadedMonths();
    expect(first).toHaveLength(2);
    expect(first.every((u) => u.status === 'loaded')).toBe(true);
    expect(messages.at(-1)).toContain('デモデータを読み込んでいます… 2/2');

    const facts = await t.db
      .selectFrom('prescriptions')
      .select(({ fn }) => [
        fn.countAll<number>().as('sheets'),
        fn.sum<number>('sales_yen').as('yen'),
      ])
      .executeTakeFirstOrThrow();
    // About 50 sheets a day at about 9,400 yen a sheet, for the part of the months loaded.
    expect(Number(facts.sheets)).toBeGreaterThan(200);
    expect(Number(facts.yen) / Number(facts.sheets)).toBeGreaterThan(7000);
    expect(Number(facts.yen) / Number(facts.sheets)).toBeLessThan(12000);
    const facilities = await t.db.selectFrom('facility_master').select('type').distinct().execute();
    expect(facilities.map((f) => f.type).sort()).toEqual(['care', 'clinic', 'pharmacy']);
    const demoFacilities = () =>
      t.db.selectFrom('facility_master').selectAll().orderBy('source_id').execute();
    const loadedFacilities = await demoFacilities();
    expect(loadedFacilities.length).toBeGreaterThan(300);
    expect(new Set(loadedFacilities.map((f) => f.source))).toEqual(new Set(['demo']));
    // Openings and closings for the radar: a clinic first seen months after the rest, and a few
    // last listed before the rest (the closed clinic of the story among them).
    const day = (d: unknown) => String(d);
    const clinics = loadedFacilities.filter((f) => f.type === 'clinic');
    const start = clinics.map((f) => day(f.first_seen_on)).sort()[0]!;
    const end = clinics
      .map((f) => day(f.last_seen_on))
      .sort()
      .at(-1)!;
    expect(clinics.filter((f) => day(f.first_seen_on) > start).map((f) => f.name)).toEqual([
      'さくら通り内科・糖尿病クリニック',
    ]);
    const closed = clinics.filter((f) => day(f.last_seen_on) < end).map((f) => f.name);
    expect(closed.sort()).toEqual(
      ['渡辺通内科診療所', 'みどり心療内科クリニック', '祇園駅前耳鼻咽喉科クリニック'].sort(),
    );

    await loadDemoData(t.db, t.dataDir, () => {}, { limit: 2 });
    // The facilities follow from the world alone: loading again changes none of them.
    expect(await demoFacilities()).toEqual(loadedFacilities);
    const second = await loadedMonths();
    expect(second).toHaveLength(4);
    const keys = second.map((u) => `${u.store_id}/${u.file_name}`);
    expect(new Set(keys).size).toBe(4);
    // Building the world and four store-months of files: tens of seconds on two busy cores.
  }, 120_000);
});
