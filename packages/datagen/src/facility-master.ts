/**
 * The demo world's facility master: the clinics, care facilities and other pharmacies the maps
 * draw around the demo stores, with the figures of a marker's card. Built from the world's own
 * facilities (every store's prescribing institutions, its care facilities and competitors) plus
 * what a real neighbourhood also has: pharmacies at the gates of hospitals and busy clinics, and
 * clinics and pharmacies in front of the stations near the stores. A few stores of the advanced
 * demo corporation get the neighbours that the distance tests of the R8 門前薬局等立地依存減算 look
 * for (LOCATION_CASES). Deterministic: each store and station draws from a generator seeded by the
 * world's seed and its own name, so the master follows from the world alone (not from the day the
 * history ends).
 */
import type { FacilityRecord } from '@pharmalytics/domain';
import { CLINIC_WORDS, PHARMACY_BRANDS, placeBase } from './names.ts';
import { Rng, deriveSeed } from './rng.ts';
import { DEMO_STATIONS, type DemoStation } from './stations.ts';
import type { Department } from './prescribing.ts';
import type { DemoClinic, DemoTown, DemoWorld, DemoWorldStore } from './world.ts';

/** A facility of the demo master; figures the card shows ー for are null. */
export type DemoMasterFacility = FacilityRecord;

/** Stations within this distance of a store get their station-front facilities. */
const STATION_REACH_KM = 1.5;
/** Share of the other clinics (not hospitals) with a pharmacy at their gate. */
const GATE_PHARMACY_SHARE = 0.12;
/** Clinics of these departments may have beds (有床診療所, 19 at most), one in five of them. */
const BEDDED_CLINIC_DEPARTMENTS: ReadonlySet<Department> = new Set([
  '整形外科',
  '外科',
  '眼科',
  '泌尿器科',
]);
const BEDDED_CLINIC_SHARE = 0.2;

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
  beds: null,
} as const;

/**
 * The beds of a store's prescribing institution, from a generator of its own (the master's other
 * figures draw as they did before beds were known): a hospital's follow its outpatients, at 1.2–2.2
 * outpatients a day per bed, and are 20 at least (a hospital by law); most clinics have none.
 */
function bedsOf(seed: number, clinic: DemoClinic, outpatients: number): number {
  const rng = new Rng(deriveSeed(seed, 'beds', clinic.code));
  if (clinic.kind === 'hospital') {
    return Math.max(20, Math.round(outpatients / rng.uniform(1.2, 2.2)));
  }
  return BEDDED_CLINIC_DEPARTMENTS.has(clinic.department) && rng.chance(BEDDED_CLINIC_SHARE)
    ? rng.int(4, 19)
    : 0;
}

/** Outpatients a day and beds of a store's prescribing institution. */
function clinicFigures(seed: number, rng: Rng, clinic: DemoClinic, store: DemoWorldStore) {
  if (clinic.kind === 'hospital') {
    const outpatients = rng.int(150, 700);
    return { ...noFigures, outpatients, beds: bedsOf(seed, clinic, outpatients) };
  }
  // The 門前 clinic sends the store its share of the day's sheets; some of its patients go
  // elsewhere.
  const outpatients = clinic.top
    ? Math.round(
        store.profile.dailyPrescriptions * store.profile.topClinicShare * rng.uniform(1.15, 1.6),
      )
    : rng.int(12, 80);
  const visitsHomes = clinic.department.includes('内科') && rng.chance(0.4);
  return {
    ...noFigures,
    outpatients,
    homecarePatients: visitsHomes ? rng.int(3, 45) : 0,
    beds: bedsOf(seed, clinic, outpatients),
  };
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
      ...clinicFigures(seed, rng, clinic, store),
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
      beds: 0,
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
 * What a store's neighbourhood shows of the distance tests of the R8 門前薬局等立地依存減算
 * (other pharmacies within 500 m and within 50 m; a hospital of 200 beds or more within 100 m,
 * with two or more other pharmacies within 100 m of it):
 * - `hospitalGate`: the store is at the gate of a hospital of 200 beds or more (its 門前 hospital
 *   when it has one, else a hospital added 70 m away), with two more gate pharmacies 55 m and
 *   80 m from the hospital, on its far side from the store;
 * - `pharmacyCluster`: two other pharmacies 25 m and 40 m from the store (a row of pharmacies);
 * - `nearlyCluster`: one other pharmacy 35 m from the store, one short of the cluster.
 */
type LocationCase = 'hospitalGate' | 'pharmacyCluster' | 'nearlyCluster';

/**
 * The stores of 株式会社博多ファーマシー (the advanced demo corporation) given a location case; every
 * one of its stores has other pharmacies within 500 m without one. A store not in the world gets
 * nothing.
 */
export const LOCATION_CASES: Readonly<Record<string, LocationCase>> = {
  '1002': 'hospitalGate', // はかた薬局 博多駅前店, 門前 of 博多駅前中央病院
  '1001': 'pharmacyCluster', // はかた薬局 天神店
  '1003': 'nearlyCluster', // はかた薬局 薬院店
};

/** The point `metres` from another towards `bearing` (degrees clockwise from north). */
function offset(
  from: { latitude: number; longitude: number },
  metres: number,
  bearing: number,
): { latitude: number; longitude: number } {
  const angle = (bearing * Math.PI) / 180;
  const km = metres / 1000;
  return {
    latitude: round6(from.latitude + (km * Math.cos(angle)) / 110.574),
    longitude: round6(
      from.longitude +
        (km * Math.sin(angle)) / (111.32 * Math.cos((from.latitude * Math.PI) / 180)),
    ),
  };
}

/** The bearing from one point to another (degrees clockwise from north). */
function bearingOf(
  from: { latitude: number; longitude: number },
  to: { latitude: number; longitude: number },
): number {
  const north = (to.latitude - from.latitude) * 110.574;
  const east = (to.longitude - from.longitude) * 111.32 * Math.cos((from.latitude * Math.PI) / 180);
  return (Math.atan2(east, north) * 180) / Math.PI;
}

/**
 * The facilities a store's location case adds to the master (`master` holds the rest: the case
 * of a 門前 hospital raises that hospital's beds to 200 or more in place). Drawn from the store's
 * own generator, after every other facility has its name, so the rest of the master is as it
 * would be without the cases.
 */
function locationCaseFacilities(
  seed: number,
  store: DemoWorldStore,
  locationCase: LocationCase,
  master: DemoMasterFacility[],
  names: Set<string>,
  places: Neighbourhood,
): DemoMasterFacility[] {
  const rng = new Rng(deriveSeed(seed, 'location-case', store.storeCode));
  const added: DemoMasterFacility[] = [];
  const pharmacy = (
    point: { latitude: number; longitude: number },
    name: (town: string) => string,
  ) => {
    const { address, town } = places.address(rng, point.latitude, point.longitude);
    added.push({
      sourceId: `pharmacy:location:${store.storeCode}:${added.length + 1}`,
      type: 'pharmacy',
      name: unique(names, () => name(town)),
      address,
      ...point,
      ...pharmacyFigures(rng),
    });
  };
  const brandAt = (town: string) => `${rng.pick(PHARMACY_BRANDS)} ${placeBase(town)}店`;
  switch (locationCase) {
    case 'hospitalGate': {
      const top = store.clinics.find((c) => c.top);
      let hospital =
        top?.kind === 'hospital'
          ? master.find((f) => f.sourceId === `clinic:${top.code}`)
          : undefined;
      if (hospital) {
        hospital.beds = Math.max(hospital.beds ?? 0, rng.int(300, 460));
      } else {
        const point = offset(store, 70, 120);
        const { address, town } = places.address(rng, point.latitude, point.longitude);
        hospital = {
          sourceId: `clinic:location:${store.storeCode}`,
          type: 'clinic',
          name: unique(names, () => `${placeBase(town)}総合病院`),
          address,
          ...point,
          ...noFigures,
          outpatients: rng.int(500, 900),
          beds: rng.int(300, 460),
        };
        added.push(hospital);
      }
      // The gate pharmacies stand on the hospital's far side from the store.
      const away = bearingOf(store, hospital);
      const gateName = `${hospital.name.split(' ').at(-1)}前店`;
      pharmacy(offset(hospital, 55, away + 70), () => `${rng.pick(PHARMACY_BRANDS)} ${gateName}`);
      pharmacy(offset(hospital, 80, away - 80), () => `${rng.pick(PHARMACY_BRANDS)} ${gateName}`);
      break;
    }
    case 'pharmacyCluster':
      pharmacy(offset(store, 25, 80), brandAt);
      pharmacy(offset(store, 40, 200), brandAt);
      break;
    case 'nearlyCluster':
      pharmacy(offset(store, 35, 300), brandAt);
      break;
  }
  return added;
}

/**
 * The demo facility master of a world: for every store with data, its facilities and gate
 * pharmacies; then, for every station within STATION_REACH_KM of such a store, its station-front
 * clinics and pharmacies; last, the facilities of the stores' location cases (LOCATION_CASES).
 * `towns` are the town points of the stores' prefecture (the world's own input), which address the
 * facilities added here.
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
  for (const store of world.stores) {
    const locationCase = LOCATION_CASES[store.storeCode];
    if (locationCase) {
      facilities.push(
        ...locationCaseFacilities(world.seed, store, locationCase, facilities, names, places),
      );
    }
  }
  return facilities;
}
