/**
 * The demo world's facility master: the clinics, care facilities and other pharmacies the maps
 * draw around the demo stores, with the figures of a marker's card. Built from the world's own
 * facilities (every store's prescribing institutions, its care facilities and competitors) plus
 * what a real neighbourhood also has: pharmacies at the gates of hospitals and busy clinics, and
 * clinics and pharmacies in front of the stations near the stores. Deterministic: each store and
 * station draws from a generator seeded by the world's seed and its own name, so the master
 * follows from the world alone (not from the day the history ends).
 */
import type { FacilityRecord } from '@pharmalytics/domain';
import { CLINIC_WORDS, PHARMACY_BRANDS, placeBase } from './names.ts';
import { Rng, deriveSeed } from './rng.ts';
import { DEMO_STATIONS, type DemoStation } from './stations.ts';
import type { DemoClinic, DemoTown, DemoWorld, DemoWorldStore } from './world.ts';

/** A facility of the demo master; figures the card shows ー for are null. */
export type DemoMasterFacility = FacilityRecord;

/** Stations within this distance of a store get their station-front facilities. */
const STATION_REACH_KM = 1.5;
/** Share of the other clinics (not hospitals) with a pharmacy at their gate. */
const GATE_PHARMACY_SHARE = 0.12;

function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dy = (lat2 - lat1) * 110.574;
  const dx = (lng2 - lng1) * 111.32 * Math.cos(((lat1 + lat2) / 2) * (Math.PI / 180));
  return Math.sqrt(dx * dx + dy * dy);
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** What the master needs of the places around: town points, to address a new facility. */
class Neighbourhood {
  constructor(
    private readonly towns: readonly DemoTown[],
    private readonly stores: readonly DemoWorldStore[],
  ) {}

  /** The address of a point: its nearest town, with the prefecture of the nearest store. */
  address(rng: Rng, latitude: number, longitude: number): { address: string; town: string } {
    let town = this.towns[0]!;
    let best = Number.POSITIVE_INFINITY;
    for (const t of this.towns) {
      const d = distanceKm(latitude, longitude, t.latitude, t.longitude);
      if (d < best) [town, best] = [t, d];
    }
    const store = this.nearestStore(latitude, longitude);
    const block = town.town.endsWith('丁目')
      ? `${rng.int(1, 24)}-${rng.int(1, 40)}`
      : `${rng.int(100, 2999)}`;
    return { address: `${store.prefecture}${town.city}${town.town}${block}`, town: town.town };
  }

  nearestStore(latitude: number, longitude: number): DemoWorldStore {
    let nearest = this.stores[0]!;
    let best = Number.POSITIVE_INFINITY;
    for (const s of this.stores) {
      const d = distanceKm(latitude, longitude, s.latitude, s.longitude);
      if (d < best) [nearest, best] = [s, d];
    }
    return nearest;
  }
}

/** A point `minKm`–`maxKm` from another, in a random direction. */
function near(rng: Rng, latitude: number, longitude: number, minKm: number, maxKm: number) {
  const angle = rng.uniform(0, 2 * Math.PI);
  const km = rng.uniform(minKm, maxKm);
  return {
    latitude: round6(latitude + (km * Math.sin(angle)) / 110.574),
    longitude: round6(
      longitude + (km * Math.cos(angle)) / (111.32 * Math.cos((latitude * Math.PI) / 180)),
    ),
  };
}

/** A name not used yet: `candidate()` drawn again on a clash, then numbered. */
function unique(names: Set<string>, candidate: () => string): string {
  for (let i = 0; i < 20; i++) {
    const name = candidate();
    if (!names.has(name)) {
      names.add(name);
      return name;
    }
  }
  const base = candidate();
  let n = 2;
  while (names.has(`${base}${n}`)) n++;
  names.add(`${base}${n}`);
  return `${base}${n}`;
}

const noFigures = {
  prescriptionPatients: null,
  outpatients: null,
  homecarePatients: null,
  capacity: null,
  totalUsers: null,
} as const;

/** Outpatients a day of a store's prescribing institution. */
function clinicFigures(rng: Rng, clinic: DemoClinic, store: DemoWorldStore) {
  if (clinic.kind === 'hospital') {
    return { ...noFigures, outpatients: rng.int(150, 700) };
  }
  // The 門前 clinic sends the store its share of the day's sheets; some of its patients go
  // elsewhere.
  const outpatients = clinic.top
    ? Math.round(
        store.profile.dailyPrescriptions * store.profile.topClinicShare * rng.uniform(1.15, 1.6),
      )
    : rng.int(12, 80);
  const visitsHomes = clinic.department.includes('内科') && rng.chance(0.4);
  return { ...noFigures, outpatients, homecarePatients: visitsHomes ? rng.int(3, 45) : 0 };
}

function pharmacyFigures(rng: Rng) {
  return {
    ...noFigures,
    prescriptionPatients: rng.int(300, 1600),
    homecarePatients: rng.chance(0.4) ? rng.int(1, 25) : 0,
  };
}

/** The facilities of one store: its world's facilities with figures, and its gate pharmacies. */
function storeFacilities(
  seed: number,
  store: DemoWorldStore,
  names: Set<string>,
  places: Neighbourhood,
): DemoMasterFacility[] {
  const rng = new Rng(deriveSeed(seed, 'facility-master', store.storeCode));
  const facilities: DemoMasterFacility[] = [];
  const at = (f: { name: string; address: string; latitude: number; longitude: number }) => ({
    name: f.name,
    address: f.address,
    latitude: f.latitude,
    longitude: f.longitude,
  });
  for (const clinic of store.clinics) {
    facilities.push({
      sourceId: `clinic:${clinic.code}`,
      type: 'clinic',
      ...at(clinic),
      ...clinicFigures(rng, clinic, store),
    });
  }
  store.careFacilities.forEach((care, i) => {
    const capacity = care.capacity ?? rng.int(9, 60);
    facilities.push({
      sourceId: `care:${store.storeCode}:${i + 1}`,
      type: 'care',
      ...at(care),
      ...noFigures,
      capacity,
      totalUsers: Math.max(1, Math.round(capacity * rng.uniform(0.75, 1))),
    });
  });
  store.pharmacies.forEach((pharmacy, i) => {
    facilities.push({
      sourceId: `pharmacy:${store.storeCode}:${i + 1}`,
      type: 'pharmacy',
      ...at(pharmacy),
      ...pharmacyFigures(rng),
    });
  });
  // Pharmacies at the gates of the hospitals and of some clinics (the store is its own 門前
  // clinic's pharmacy).
  for (const clinic of store.clinics) {
    if (clinic.top) continue;
    if (clinic.kind !== 'hospital' && !rng.chance(GATE_PHARMACY_SHARE)) continue;
    const point = near(rng, clinic.latitude, clinic.longitude, 0.03, 0.09);
    const { address, town } = places.address(rng, point.latitude, point.longitude);
    facilities.push({
      sourceId: `pharmacy:gate:${clinic.code}`,
      type: 'pharmacy',
      name: unique(names, () => `${rng.pick(PHARMACY_BRANDS)} ${placeBase(town)}店`),
      address,
      ...point,
      ...pharmacyFigures(rng),
    });
  }
  return facilities;
}

const STATION_DEPARTMENTS = ['内科', '耳鼻咽喉科', '皮膚科', '眼科', '歯科', '心療内科'] as const;

/** The clinics and pharmacies in front of a station. */
function stationFacilities(
  seed: number,
  station: DemoStation,
  names: Set<string>,
  places: Neighbourhood,
): DemoMasterFacility[] {
  const rng = new Rng(deriveSeed(seed, 'station', station.name));
  const facilities: DemoMasterFacility[] = [];
  const clinics = rng.int(1, 3);
  for (let i = 1; i <= clinics; i++) {
    const point = near(rng, station.latitude, station.longitude, 0.05, 0.25);
    const department = rng.pick(STATION_DEPARTMENTS);
    const suffix = department === '歯科' ? '医院' : 'クリニック';
    facilities.push({
      sourceId: `clinic:station:${station.name}:${i}`,
      type: 'clinic',
      name: unique(names, () =>
        rng.chance(0.6)
          ? `${station.name}駅前${department}${suffix}`
          : `${rng.pick(CLINIC_WORDS)}${department}${suffix}`,
      ),
      address: places.address(rng, point.latitude, point.longitude).address,
      ...point,
      ...noFigures,
      outpatients: rng.int(20, 90),
      homecarePatients: 0,
    });
  }
  const pharmacies = rng.int(1, 3);
  for (let i = 1; i <= pharmacies; i++) {
    const point = near(rng, station.latitude, station.longitude, 0.03, 0.2);
    facilities.push({
      sourceId: `pharmacy:station:${station.name}:${i}`,
      type: 'pharmacy',
      name: unique(names, () => `${rng.pick(PHARMACY_BRANDS)} ${station.name}駅前店`),
      address: places.address(rng, point.latitude, point.longitude).address,
      ...point,
      ...pharmacyFigures(rng),
    });
  }
  return facilities;
}

/**
 * The demo facility master of a world: for every store with data, its facilities and gate
 * pharmacies; then, for every station within STATION_REACH_KM of such a store, its station-front
 * clinics and pharmacies. `towns` are the town points of the stores' prefecture (the world's own
 * input), which address the facilities added here.
 */
export function demoFacilityMaster(
  world: DemoWorld,
  towns: readonly DemoTown[],
): DemoMasterFacility[] {
  if (world.stores.length === 0) return [];
  if (towns.length === 0) throw new Error('towns must not be empty');
  const places = new Neighbourhood(towns, world.stores);
  const names = new Set<string>([
    ...world.facilities.map((f) => f.name),
    ...world.stores.map((s) => s.name),
  ]);
  const facilities = world.stores.flatMap((store) =>
    storeFacilities(world.seed, store, names, places),
  );
  for (const station of DEMO_STATIONS) {
    const store = places.nearestStore(station.latitude, station.longitude);
    const km = distanceKm(station.latitude, station.longitude, store.latitude, store.longitude);
    if (km <= STATION_REACH_KM) {
      facilities.push(...stationFacilities(world.seed, station, names, places));
    }
  }
  return facilities;
}
