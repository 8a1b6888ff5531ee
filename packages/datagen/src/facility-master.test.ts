import { describe, expect, it } from 'vitest';
import { demoFacilityMaster } from './facility-master.ts';
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
      expect([f.prescriptionPatients, f.capacity, f.totalUsers]).toEqual([null, null, null]);
    }
    for (const f of ofType('care')) {
      expect(f.capacity).toBeGreaterThan(0);
      expect(f.totalUsers).toBeGreaterThan(0);
      expect(f.totalUsers).toBeLessThanOrEqual(f.capacity!);
      expect([f.prescriptionPatients, f.outpatients, f.homecarePatients]).toEqual([
        null,
        null,
        null,
      ]);
    }
    for (const f of ofType('pharmacy')) {
      expect(f.prescriptionPatients).toBeGreaterThan(0);
      expect(f.homecarePatients).toBeGreaterThanOrEqual(0);
      expect([f.outpatients, f.capacity, f.totalUsers]).toEqual([null, null, null]);
    }
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
