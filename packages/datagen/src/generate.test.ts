import type { DispensingRecord } from '@pharmalytics/domain';
import { beforeAll, describe, expect, it } from 'vitest';
// The server's reader of our CSV, imported here only to prove the round trip.
import { parsePharmalyticsCsv } from '../../server/src/ingestion/parsers/pharmalytics-csv.ts';
import { dayNumber, isoOfDay, isPharmacyClosedDay } from './calendar.ts';
import { demoMedicineByCode } from './catalog.ts';
import { toDispensingCsv } from './csv.ts';
import { DEMO_CORPORATIONS } from './demo-accounts.ts';
import { drugPoints, generateStoreMonth } from './generate.ts';
import { fukuokaTowns } from './testing/towns.ts';
import { TEST_END_DATE, demoWorld } from './testing/world.ts';
import { createDemoWorld } from './world.ts';

const STORE = '1001';
const YEAR = [
  '2025-11',
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
];

const salesYen = (r: DispensingRecord): number =>
  r.fees.reduce((s, f) => s + f.points * f.count * 10, 0) +
  r.medicines.reduce((s, m) => s + m.amountYen, 0) +
  r.materials.reduce((s, m) => s + m.amountYen, 0);

const receptionKey = (r: DispensingRecord) => `${r.dispensingDate}/${r.receptionId}`;

describe('generateStoreMonth', () => {
  const world = demoWorld();
  let year: DispensingRecord[] = [];
  let firsts: DispensingRecord[] = [];

  beforeAll(() => {
    year = YEAR.flatMap((month) => generateStoreMonth(world, STORE, month));
    firsts = year.filter((r) => r.prescriptionNo === 1);
  });

  it('is deterministic per seed, store and month, in any order', () => {
    // Only the first corporation: the other corporations' stores do not change this store.
    const input = {
      seed: world.seed,
      endDate: TEST_END_DATE,
      years: 2,
      corporations: DEMO_CORPORATIONS.slice(0, 1),
      towns: fukuokaTowns(),
    };
    const fresh = createDemoWorld(input);
    const july = toDispensingCsv(generateStoreMonth(fresh, STORE, '2026-07'), '4041100018');
    const march = toDispensingCsv(generateStoreMonth(fresh, STORE, '2026-03'), '4041100018');
    expect(march).toBe(toDispensingCsv(generateStoreMonth(world, STORE, '2026-03'), '4041100018'));
    expect(july).toBe(toDispensingCsv(generateStoreMonth(world, STORE, '2026-07'), '4041100018'));
    const other = createDemoWorld({ ...input, seed: world.seed + 1 });
    expect(toDispensingCsv(generateStoreMonth(other, STORE, '2026-07'), '4041100018')).not.toBe(
      july,
    );
  });

  it('keeps patients and clinics across months', () => {
    const keys = (month: string) =>
      new Set(generateStoreMonth(world, STORE, month).map((r) => r.patient.key));
    const june = keys('2026-06');
    const july = keys('2026-07');
    const both = [...june].filter((k) => july.has(k)).length;
    expect(both / june.size).toBeGreaterThan(0.4);
    const known = new Set(world.stores[0]!.patients.map((p) => p.key));
    expect([...july].every((k) => known.has(k))).toBe(true);
  });

  it('has about 50 prescriptions per open day and none on closed days', () => {
    let open = 0;
    for (let d = dayNumber('2025-11-01'); d <= dayNumber('2026-10-31'); d++) {
      if (!isPharmacyClosedDay(d)) open++;
    }
    const days = new Set(year.map((r) => r.dispensingDate));
    expect([...days].filter((d) => isPharmacyClosedDay(dayNumber(d)))).toEqual([]);
    expect(days.size).toBe(open);
    for (const day of ['2026-01-01', '2026-01-02', '2026-05-05', '2026-09-22', '2026-11-01']) {
      expect(days.has(day)).toBe(false);
    }
    const perDay = year.length / open;
    expect(perDay).toBeGreaterThanOrEqual(40);
    expect(perDay).toBeLessThanOrEqual(60);
  });

  it('has national unit prices, generic rate, concentration and 在宅 share', () => {
    const unitPrice = year.reduce((s, r) => s + salesYen(r), 0) / year.length;
    expect(unitPrice).toBeGreaterThanOrEqual(8500);
    expect(unitPrice).toBeLessThanOrEqual(10500);

    let generic = 0;
    let withGeneric = 0;
    for (const r of year) {
      for (const m of r.medicines) {
        const cls = demoMedicineByCode(m.code)!.genericClass;
        if (cls === 3) generic += m.quantity!;
        if (cls !== 1) withGeneric += m.quantity!;
      }
    }
    expect(generic / withGeneric).toBeGreaterThanOrEqual(0.86);
    expect(generic / withGeneric).toBeLessThanOrEqual(0.94);

    const byInstitution = new Map<string, number>();
    for (const r of firsts) {
      byInstitution.set(r.institution.code, (byInstitution.get(r.institution.code) ?? 0) + 1);
    }
    const top = Math.max(...byInstitution.values()) / firsts.length;
    expect(top).toBeGreaterThanOrEqual(0.45);
    expect(top).toBeLessThanOrEqual(0.85);
    expect(byInstitution.size).toBeGreaterThanOrEqual(15);

    const home = firsts.filter((r) => r.receptionType === '在宅').length / firsts.length;
    expect(home).toBeGreaterThanOrEqual(0.01);
    expect(home).toBeLessThanOrEqual(0.04);
  });

  it('has realistic patients, visits and payers', () => {
    const share = (f: (r: DispensingRecord) => boolean) => firsts.filter(f).length / firsts.length;
    expect(share((r) => r.visitType === '新規')).toBeGreaterThan(0.08);
    expect(share((r) => r.visitType === '新規')).toBeLessThan(0.2);
    expect(share((r) => r.medicineNotebook === true)).toBeGreaterThan(0.7);
    expect(share((r) => r.medicineNotebook === true)).toBeLessThan(0.95);
    expect(share((r) => r.insuranceType === '社保')).toBeGreaterThan(0.35);
    expect(share((r) => r.insuranceType === '国保')).toBeGreaterThan(0.15);
    expect(share((r) => r.insuranceType === '後期高齢')).toBeGreaterThan(0.2);
    expect(share((r) => r.insuranceType === '後期高齢')).toBeLessThan(0.4);
    expect(share((r) => r.insuranceType === '公費')).toBeGreaterThan(0.01);
    expect(share((r) => r.insuranceType === '公費')).toBeLessThan(0.07);
    // Sheets per reception (~3 % of receptions have two).
    expect(year.length / firsts.length).toBeGreaterThan(1.015);
    expect(year.length / firsts.length).toBeLessThan(1.05);
    // Unique patients per month ≈ 0.8 × receptions.
    const months = new Map<string, { patients: Set<string>; receptions: number }>();
    for (const r of firsts) {
      const m = months.get(r.dispensingDate.slice(0, 7)) ?? { patients: new Set(), receptions: 0 };
      m.patients.add(r.patient.key);
      m.receptions++;
      months.set(r.dispensingDate.slice(0, 7), m);
    }
    for (const m of months.values()) {
      expect(m.patients.size / m.receptions).toBeGreaterThan(0.7);
      expect(m.patients.size / m.receptions).toBeLessThan(0.9);
    }
    // Receptions follow the hour weights: busiest before noon, few after 19:00.
    const hour = (r: DispensingRecord) => Number(r.receptionTime!.slice(0, 2));
    expect(share((r) => hour(r) === 11)).toBeGreaterThan(share((r) => hour(r) === 14));
    expect(share((r) => hour(r) >= 19)).toBeLessThan(0.03);
  });

  it('bills consistent sheets', () => {
    for (const r of year.slice(0, 3000)) {
      expect(r.medicines.length).toBeGreaterThanOrEqual(1);
      expect(r.medicines.length).toBeLessThanOrEqual(6);
      for (const m of [...r.medicines, ...r.materials]) {
        expect(Number.isInteger(m.points)).toBe(true);
        expect(m.amountYen).toBe(m.points * m.count * 10);
      }
    }
    const materials = year.filter((r) => r.materials.length > 0).length / year.length;
    expect(materials).toBeGreaterThan(0.002);
    expect(materials).toBeLessThan(0.03);
    // Every reception has one 調剤基本料 and, when 外来, one 指導料, on its first sheet.
    for (const r of firsts) {
      expect(r.fees.filter((f) => f.category === '調剤基本料')).toHaveLength(1);
    }
    for (const r of year.filter((r) => r.prescriptionNo === 2)) {
      expect(r.fees.some((f) => f.category === '調剤基本料')).toBe(false);
    }
  });

  it('switches fee points on 2026-06-01 (R6 → R8)', () => {
    const may = generateStoreMonth(world, STORE, '2026-05');
    const june = generateStoreMonth(world, STORE, '2026-06');
    const fee = (records: DispensingRecord[], name: string) =>
      new Set(records.flatMap((r) => r.fees.filter((f) => f.name === name).map((f) => f.points)));
    expect(fee(may, '調剤基本料１')).toEqual(new Set([45]));
    expect(fee(june, '調剤基本料１')).toEqual(new Set([47]));
    expect(fee(may, '調剤管理料（内服薬・１５日分以上２８日分以下）')).toEqual(new Set([50]));
    expect(fee(june, '調剤管理料（内服薬・１５日分以上２８日分以下）').size).toBe(0);
    expect(fee(june, '調剤管理料（内服薬・２８日分以上）')).toEqual(new Set([60]));
    expect(fee(june, '調剤管理料（内服薬・２８日分未満）')).toEqual(new Set([10]));
    expect(fee(may, '服薬管理指導料１')).toEqual(new Set([45]));
    expect(fee(june, '服薬管理指導料１')).toEqual(new Set());
    expect(fee(june, '服薬管理指導料１ロ')).toEqual(new Set([45]));
    const names = (records: DispensingRecord[]) =>
      new Set(records.flatMap((r) => r.fees.map((f) => f.name)));
    expect([...names(may)].some((n) => n.startsWith('後発医薬品調剤体制加算'))).toBe(true);
    expect([...names(june)].some((n) => n.startsWith('後発医薬品調剤体制加算'))).toBe(false);
    expect([...names(june)].some((n) => n.startsWith('地域支援・医薬品供給対応体制加算'))).toBe(
      true,
    );
    expect(names(may).has('調剤ベースアップ評価料')).toBe(false);
    expect(names(june).has('調剤ベースアップ評価料')).toBe(true);
    expect(names(june).has('電子的調剤情報連携体制整備加算')).toBe(true);
    expect([...names(june)].some((n) => n.startsWith('医療ＤＸ'))).toBe(false);
  });

  it('computes 薬剤料 points 五捨五超入', () => {
    const e4 = (yen: number) => Math.round(yen * 10_000);
    expect(drugPoints(e4(10.1))).toBe(1);
    expect(drugPoints(e4(15))).toBe(1);
    expect(drugPoints(e4(15.01))).toBe(2);
    expect(drugPoints(e4(25))).toBe(2);
    expect(drugPoints(e4(35))).toBe(3);
    expect(drugPoints(e4(105.2))).toBe(11);
    expect(drugPoints(e4(428.2))).toBe(43);
  });

  it('writes CSV the server reads back exactly', () => {
    const records = generateStoreMonth(world, STORE, '2026-06');
    const csv = toDispensingCsv(records, '4041100018');
    // The server decodes uploads to LF line ends before parsing (decodeText).
    const result = parsePharmalyticsCsv(csv.replace(/\r\n/g, '\n'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rejected).toEqual([]);
    expect(result.prescriptions).toHaveLength(records.length);
    const parsedYen = result.prescriptions.reduce((s, p) => s + salesYen(p), 0);
    expect(parsedYen).toBe(records.reduce((s, r) => s + salesYen(r), 0));
    expect(new Set(result.prescriptions.map(receptionKey)).size).toBe(
      new Set(records.map(receptionKey)).size,
    );
    const parsed = result.prescriptions.map(({ lineNo: _, ...rest }) => rest);
    expect(parsed).toEqual(records);
  });

  it('gives the basic corporation smaller stores and the suspended one 3 months', () => {
    const basic = generateStoreMonth(world, '3001', '2026-06');
    const days = new Set(basic.map((r) => r.dispensingDate)).size;
    expect(basic.length / days).toBeGreaterThan(20);
    expect(basic.length / days).toBeLessThan(35);
    expect(generateStoreMonth(world, '4001', '2026-07')).toEqual([]);
    expect(
      generateStoreMonth(world, '4001', '2026-08').every((r) => r.dispensingDate >= '2026-08-21'),
    ).toBe(true);
    expect(generateStoreMonth(world, '4001', '2026-10').length).toBeGreaterThan(300);
    expect(generateStoreMonth(world, STORE, '2024-10')).toEqual([]);
    expect(generateStoreMonth(world, STORE, '2026-12')).toEqual([]);
    expect(() => generateStoreMonth(world, '1006', '2026-06')).toThrow(); // never connected
    expect(generateStoreMonth(world, '2001', '2026-06')).toEqual([]); // free plan: 4 months
    expect(generateStoreMonth(world, '2001', '2026-10').length).toBeGreaterThan(300);
  });

  it('dates the last month up to the end date', () => {
    const last = generateStoreMonth(world, STORE, '2026-11');
    expect(last.at(-1)!.dispensingDate <= TEST_END_DATE).toBe(true);
    expect(isoOfDay(dayNumber(last.at(-1)!.dispensingDate))).toBe(last.at(-1)!.dispensingDate);
  });
});
