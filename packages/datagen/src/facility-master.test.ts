import { describe, expect, it } from 'vitest';
import { demoFacilityMaster, LOCATION_CASES } from './facility-master.ts';
import { DEMO_STATIONS } from './stations.ts';
import { fukuokaTowns } from './testing/towns.ts';
import { demoWorld } from './testing/world.ts';

describe('demoFacilityMaster', () => {
  const world = demoWorld();
  const master = demoFacilityMaster(world, fukuokaTowns());
  const ofType = (type: string) => master.filter((f) => f.type === type);

  it('is deterministic and a few hundred facilities', () => {
    expect(JSON.stringify(demoFacilityMaster(world, fukuokaTowns()))).toBe(JSON.stringify(master));
    expect(master.length).toBeGreaterThan(300);
    expect(master.length).toBeLessThan(2000);
  });

  it('holds every prescribing institution, care facility and competitor of the stores', () => {
    const ids = new Set(master.map((f) => f.sourceId));
    for (const store of world.stores) {
      for (const clinic of store.clinics) expect(ids.has(`clinic:${clinic.code}`)).toBe(true);
      expect(
        ofType('care').filter((f) => f.sourceId.startsWith(`care:${store.storeCode}:`)),
      ).toHaveLength(store.careFacilities.length);
    }
    const worldNames = new Set(world.facilities.map((f) => f.name));
    for (const name of worldNames) expect(master.some((f) => f.name === name)).toBe(true);
  });

  it('adds gate pharmacies and station fronts near the stores only', () => {
    const gates = master.filter((f) => f.sourceId.startsWith('pharmacy:gate:'));
    const hospitals = world.stores.flatMap((s) => s.clinics.filter((c) => c.kind === 'hospital'));
    expect(gates.length).toBeGreaterThanOrEqual(hospitals.length);
    const stations = new Set(
      master.filter((f) => f.sourceId.includes(':station:')).map((f) => f.sourceId.split(':')[2]),
    );
    expect(stations.has('天神')).toBe(true);
    expect(stations.has('小倉')).toBe(true);
    // 大橋's store has no data in the demo, and no store with data is near it.
    expect(stations.has('大橋')).toBe(false);
    expect([...stations].every((s) => DEMO_STATIONS.some((d) => d.name === s))).toBe(true);
  });

  it('gives each facility a unique id and name, an address and a point in the prefecture', () => {
    expect(new Set(master.map((f) => f.sourceId)).size).toBe(master.length);
    expect(new Set(master.map((f) => f.name)).size).toBe(master.length);
    for (const f of master) {
      expect(f.address).toMatch(/^福岡県\S+[0-9]/);
      expect(f.latitude).toBeGreaterThan(33);
      expect(f.latitude).toBeLessThan(34.3);
      expect(f.longitude).toBeGreaterThan(130);
      expect(f.longitude).toBeLessThan(131.2);
    }
  });

  it('fills the figures each type of card shows, and leaves the others empty', () => {
    for (const f of ofType('clinic')) {
      expect(f.outpatients).toBeGreaterThan(0);
      expect(f.beds).toBeGreaterThanOrEqual(0);
      expect([f.prescriptionPatients, f.capacity, f.totalUsers]).toEqual([null, null, null]);
    }
    for (const f of ofType('care')) {
      expect(f.capacity).toBeGreaterThan(0);
      expect(f.totalUsers).toBeGreaterThan(0);
      expect(f.totalUsers).toBeLessThanOrEqual(f.capacity!);
      expect([f.prescriptionPatients, f.outpatients, f.homecarePatients, f.beds]).toEqual([
        null,
        null,
        null,
        null,
      ]);
    }
    for (const f of ofType('pharmacy')) {
      expect(f.prescriptionPatients).toBeGreaterThan(0);
      expect(f.homecarePatients).toBeGreaterThanOrEqual(0);
      expect([f.outpatients, f.capacity, f.totalUsers, f.beds]).toEqual([null, null, null, null]);
    }
    // Hospitals have 20 beds or more; a clinic has at most 19 (有床診療所), most of them none.
    const beds = (clinic: { code: string }) =>
      master.find((f) => f.sourceId === `clinic:${clinic.code}`)!.beds!;
    const clinics = world.stores.flatMap((s) => s.clinics);
    for (const c of clinics) {
      if (c.kind === 'hospital') expect(beds(c)).toBeGreaterThanOrEqual(20);
      else expect(beds(c)).toBeLessThanOrEqual(19);
    }
    const hospitalBeds = clinics.filter((c) => c.kind === 'hospital').map(beds);
    expect(hospitalBeds.some((b) => b >= 200)).toBe(true);
    expect(hospitalBeds.some((b) => b < 200)).toBe(true);
    const clinicBeds = clinics.filter((c) => c.kind === 'clinic').map(beds);
    expect(clinicBeds.filter((b) => b === 0).length).toBeGreaterThan(clinicBeds.length * 0.8);
    expect(clinicBeds.some((b) => b > 0)).toBe(true);
    // The 門前 clinic of a store sees more patients a day than it sends the store.
    for (const store of world.stores) {
      const top = store.clinics.find((c) => c.top)!;
      const row = master.find((f) => f.sourceId === `clinic:${top.code}`)!;
      if (top.kind === 'clinic') {
        expect(row.outpatients).toBeGreaterThan(
          store.profile.dailyPrescriptions * store.profile.topClinicShare,
        );
      }
    }
  });
});

/** Metres between two points on the sphere (haversine, mean Earth radius). */
function metres(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 +
    Math.cos(a.latitude * rad) *
      Math.cos(b.latitude * rad) *
      Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
}

describe('the R8 門前薬局等立地依存減算 distance cases of 株式会社博多ファーマシー', () => {
  const world = demoWorld();
  const master = demoFacilityMaster(world, fukuokaTowns());
  const stores = world.stores.filter((s) => s.corporationName === '株式会社博多ファーマシー');
  type Point = { name: string; latitude: number; longitude: number };
  // Other pharmacies: the master's, and the demo stores (of every corporation) besides the one judged.
  const pharmacies: Point[] = [...master.filter((f) => f.type === 'pharmacy'), ...world.stores];
  const within = (point: Point, m: number, except?: Point) =>
    pharmacies.filter((p) => p !== point && p !== except && metres(point, p) <= m);
  const largeHospitals = master.filter((f) => f.type === 'clinic' && f.beds! >= 200);
  const codes = (judged: (store: Point) => boolean) =>
    stores.filter(judged).map((s) => s.storeCode);

  it('judges the eight stores with data, and places the cases at its stores', () => {
    expect(stores.map((s) => s.storeCode)).toEqual([
      '1001',
      '1002',
      '1003',
      '1004',
      '1005',
      '1007',
      '1008',
      '1009',
    ]);
    for (const code of Object.keys(LOCATION_CASES)) {
      expect(stores.some((s) => s.storeCode === code)).toBe(true);
    }
  });

  it('gives every store another pharmacy within 500 m', () => {
    for (const store of stores) expect(within(store, 500).length, store.name).toBeGreaterThan(0);
  });

  it('puts one store within 100 m of a hospital of 200 beds or more with two other pharmacies within 100 m of it', () => {
    const atTheGate = (store: Point) =>
      largeHospitals.some((h) => metres(store, h) <= 100 && within(h, 100, store).length >= 2);
    expect(codes(atTheGate)).toEqual(['1002']);
    // 西新店 is near a hospital of 200 beds or more too, with one other pharmacy beside it.
    const nearLarge = (store: Point) => largeHospitals.some((h) => metres(store, h) <= 100);
    expect(codes(nearLarge)).toEqual(['1002', '1004']);
    const nishijin = stores.find((s) => s.storeCode === '1004')!;
    const hospital1004 = largeHospitals.find((h) => metres(nishijin, h) <= 100)!;
    expect(within(hospital1004, 100, nishijin)).toHaveLength(1);
    // The store's own 門前 hospital, two more gate pharmacies beside it.
    const store = stores.find((s) => s.storeCode === '1002')!;
    const top = store.clinics.find((c) => c.top)!;
    expect(top.kind).toBe('hospital');
    const hospital = master.find((f) => f.sourceId === `clinic:${top.code}`)!;
    expect(hospital.beds).toBeGreaterThanOrEqual(200);
    expect(metres(store, hospital)).toBeLessThanOrEqual(100);
    expect(within(hospital, 100, store).map((p) => p.name)).toEqual([
      expect.stringMatching(/ 博多駅前中央病院前店$/),
      expect.stringMatching(/ 博多駅前中央病院前店$/),
    ]);
  });

  it('adds a hospital of 200 beds or more for the gate case of a store without a 門前 hospital', () => {
    const changed = structuredClone(world);
    const store = changed.stores.find((s) => s.storeCode === '1002')!;
    const top = store.clinics.find((c) => c.top)!;
    top.kind = 'clinic';
    const rows = demoFacilityMaster(changed, fukuokaTowns());
    const hospital = rows.find((f) => f.sourceId === 'clinic:location:1002')!;
    expect(hospital.beds).toBeGreaterThanOrEqual(200);
    expect(hospital.outpatients).toBeGreaterThan(0);
    expect(metres(store, hospital)).toBeLessThanOrEqual(100);
    const gates = rows.filter((f) => f.sourceId.startsWith('pharmacy:location:1002:'));
    expect(gates).toHaveLength(2);
    for (const gate of gates) expect(metres(hospital, gate)).toBeLessThanOrEqual(100);
    expect(rows.find((f) => f.sourceId === `clinic:${top.code}`)!.beds).toBeLessThan(20);
  });

  it('puts two other pharmacies within 50 m of one store, and one within 50 m of another', () => {
    expect(codes((store) => within(store, 50).length >= 2)).toEqual(['1001']);
    expect(codes((store) => within(store, 50).length === 1)).toEqual(['1003']);
    // The 薬院 store nearly meets it: its neighbour has no other pharmacy within 50 m either.
    const store = stores.find((s) => s.storeCode === '1003')!;
    const [neighbour] = within(store, 50);
    expect(within(neighbour!, 50, store)).toEqual([]);
  });
});
