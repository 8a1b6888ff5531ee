import { describe, expect, it } from 'vitest';
import { DEMO_CORPORATIONS } from './demo-accounts.ts';
import { fukuokaTowns } from './testing/towns.ts';
import { TEST_END_DATE, TEST_SEED, demoWorld } from './testing/world.ts';
import { createDemoWorld, institutionCode, luhnCheckDigit } from './world.ts';

describe('createDemoWorld', () => {
  const world = demoWorld();

  it('is deterministic', () => {
    const again = createDemoWorld({
      seed: TEST_SEED,
      endDate: TEST_END_DATE,
      years: 2,
      corporations: DEMO_CORPORATIONS,
      towns: fukuokaTowns(),
    });
    expect(JSON.stringify(again)).toBe(JSON.stringify(world));
  });

  it('has the connected stores only, with their data windows', () => {
    const connected = DEMO_CORPORATIONS.flatMap((c) => c.stores.filter((s) => s.connected));
    expect(world.stores.map((s) => s.storeCode)).toEqual(connected.map((s) => s.storeCode));
    expect(world.stores.filter((s) => s.corporationCode === '100001')).toHaveLength(8);
    expect(world.startDate).toBe('2024-11-20');
    const firstDay: Record<string, string> = { '100002': '2026-07-21', '100004': '2026-08-21' };
    for (const store of world.stores) {
      expect(store.dataTo).toBe(TEST_END_DATE);
      expect(store.dataFrom).toBe(firstDay[store.corporationCode] ?? '2024-11-20');
    }
  });

  it('sizes the stores by plan', () => {
    for (const store of world.stores) {
      const daily = store.profile.dailyPrescriptions;
      if (store.corporationCode === '100001') {
        expect(daily).toBeGreaterThanOrEqual(42);
        expect(daily).toBeLessThanOrEqual(62);
      } else {
        expect(daily).toBeGreaterThanOrEqual(25);
        expect(daily).toBeLessThanOrEqual(30);
      }
      expect(store.pharmacists.length).toBeGreaterThanOrEqual(3);
      expect(store.pharmacists.length).toBeLessThanOrEqual(6);
    }
    // Each store has its own profile, not a copy of another's.
    expect(new Set(world.stores.map((s) => JSON.stringify(s.profile))).size).toBe(
      world.stores.length,
    );
  });

  it('places a 門前 clinic and 20–60 others around each store', () => {
    const codes = new Set<string>();
    for (const store of world.stores) {
      const [top, ...others] = store.clinics;
      expect(top!.top).toBe(true);
      expect(top!.distanceKm).toBeLessThan(0.15);
      expect(others.length).toBeGreaterThanOrEqual(20);
      expect(others.length).toBeLessThanOrEqual(60);
      for (const clinic of store.clinics) {
        expect(clinic.code).toMatch(/^401\d{7}$/);
        expect(luhnCheckDigit(clinic.code.slice(0, 9))).toBe(clinic.code[9]);
        expect(clinic.address.startsWith('福岡県')).toBe(true);
        expect(clinic.doctors.length).toBeGreaterThanOrEqual(1);
        for (const doctor of clinic.doctors) expect(doctor.name).toMatch(/^\S+ \S+$/);
        codes.add(clinic.code);
      }
    }
    expect(codes.size).toBe(world.stores.reduce((n, s) => n + s.clinics.length, 0));
    expect(world.stores[0]!.clinics[0]!.name).toMatch(/内科/);
  });

  it('has pseudonymous patients living near the store', () => {
    for (const store of world.stores) {
      const keys = new Set(store.patients.map((p) => p.key));
      expect(keys.size).toBe(store.patients.length);
      const malformed = store.patients.filter(
        (p) =>
          !/^[A-Za-z0-9_-]{32}$/.test(p.key) ||
          !/^(19|20)\d{2}-(0[1-9]|1[0-2])$/.test(p.birthMonth) ||
          !p.address.startsWith('福岡県') ||
          !/^8[0-3]\d{5}$/.test(p.zip ?? ''),
      );
      expect(malformed).toEqual([]);
      const distances = store.patients.map((p) => p.distanceKm).sort((a, b) => a - b);
      const median = distances[Math.floor(distances.length / 2)]!;
      expect(median).toBeGreaterThan(0.5);
      expect(median).toBeLessThan(2);
      expect(distances[Math.floor(distances.length * 0.95)]).toBeLessThan(6);
    }
  });

  it('gives each patient the postal code of the town they live in', () => {
    const zipOf = new Map(fukuokaTowns().map((t) => [`福岡県${t.city}${t.town}`, t.zip]));
    const patients = world.stores.flatMap((s) => s.patients);
    expect(patients.filter((p) => p.zip !== zipOf.get(p.address))).toEqual([]);
    // Japan Post's codes of two towns where demo stores stand.
    expect(zipOf.get('福岡県福岡市中央区天神一丁目')).toBe('8100001');
    expect(zipOf.get('福岡県春日市春日公園三丁目')).toBe('8160811');
  });

  it('lists clinics, care facilities and competing pharmacies', () => {
    const types = new Set(world.facilities.map((f) => f.type));
    expect([...types].sort()).toEqual(['care', 'clinic', 'pharmacy']);
    for (const f of world.facilities) {
      expect(f.address.startsWith('福岡県')).toBe(true);
      expect(f.latitude).toBeGreaterThan(33);
      expect(f.latitude).toBeLessThan(34.3);
      if (f.type === 'care') {
        expect(f.capacity).toBeGreaterThan(0);
        expect(f.patients).toBeLessThanOrEqual(f.capacity!);
      }
    }
    expect(world.facilities.some((f) => f.type === 'care' && f.patients! > 0)).toBe(true);
    expect(new Set(world.facilities.map((f) => f.name)).size).toBe(world.facilities.length);
  });

  it('writes institution codes with a Luhn check digit', () => {
    expect(institutionCode(40, '11', 123)).toBe(`401110123${luhnCheckDigit('401110123')}`);
    expect(luhnCheckDigit('011011371')).toBe('9'); // 0110113719, a published example
    // 埼玉・千葉・東京・神奈川: the check digit covers the 7-digit part only.
    const tokyo = institutionCode(13, '12', 3456);
    expect(tokyo[9]).toBe(luhnCheckDigit('123456'));
  });

  it('rejects bad input', () => {
    const base = {
      seed: 1,
      endDate: '2026-11-20',
      years: 2,
      corporations: [],
      towns: fukuokaTowns(),
    };
    expect(() => createDemoWorld({ ...base, endDate: '2026-13-01' })).toThrow();
    expect(() => createDemoWorld({ ...base, years: 0 })).toThrow();
    expect(() => createDemoWorld({ ...base, towns: [] })).toThrow();
  });
});
