/**
 * The demo world: for every connected demo store, the clinics around it, its pharmacists, its
 * patients with their visit calendar, the care facilities and competing pharmacies nearby.
 * Everything follows from the seed and the inputs; nothing is read from files or the clock.
 *
 * Patients arrive over time (a stationary population is already there when the data starts),
 * are followed by one clinic and come back on a cycle (chronic), in episodes (acute) or are
 * visited at home (在宅). The calendar of visits is fixed here, so every month can be generated
 * on its own (generate.ts) while the same patient recurs month after month.
 */
import { townLevelAddress } from '@pharmalytics/domain';
import {
  addMonthsToDay,
  addYearsToDay,
  dayNumber,
  isoOfDay,
  isPharmacyClosedDay,
  monthIndexOfDay,
  monthOfIndex,
  partsOfDay,
  weekdayOfDay,
} from './calendar.ts';
import type { DemoCorporation, DemoStore } from './demo-accounts.ts';
import {
  CARE_FACILITY_WORDS,
  CLINIC_WORDS,
  FAMILY_NAMES,
  FEMALE_GIVEN_NAMES,
  MALE_GIVEN_NAMES,
  PHARMACY_BRANDS,
  placeBase,
  prefectureName,
} from './names.ts';
import {
  ACUTE_AFFINITY,
  AGE_BANDS,
  CHRONIC_AFFINITY,
  CYCLES,
  type Department,
  type DepartmentFamily,
  drawAge,
  drawCycle,
  familyOf,
} from './prescribing.ts';
import { Rng, WeightedTable, base64url, deriveSeed } from './rng.ts';

// ---------------------------------------------------------------------------------------------
// Public types

/** A town point of the prefecture (大字・町丁目), as the server's town table has them. */
export interface DemoTown {
  city: string;
  town: string;
  latitude: number;
  longitude: number;
  /** The town's postal code (Japan Post), which its residents write; null when unknown. */
  zip?: string | null;
}

export interface DemoWorldInput {
  seed: number;
  /** Last day with data, yyyy-MM-dd (inclusive). */
  endDate: string;
  /** Years of history before endDate. */
  years: number;
  corporations: readonly DemoCorporation[];
  towns: readonly DemoTown[];
}

export interface DemoDoctor {
  name: string;
  department: Department;
}

export interface DemoClinic {
  /** 医療機関コード, 10 digits (都道府県 2 + 医科 1 + 郡市区 2 + 番号 4 + 検証 1). */
  code: string;
  name: string;
  kind: 'clinic' | 'hospital';
  /** Main department (the first doctor's). */
  department: Department;
  doctors: DemoDoctor[];
  address: string;
  latitude: number;
  longitude: number;
  distanceKm: number;
  /** The store's 門前 clinic (the one it receives most prescriptions from). */
  top: boolean;
}

export interface DemoPharmacist {
  code: string;
  name: string;
  fullTime: boolean;
}

export type DemoPatientKind = 'chronic' | 'acute' | 'homeCare';

export interface DemoPatient {
  /** Pseudonymous key, as the uploader's keyed hash would give (32 characters, base64url). */
  key: string;
  gender: 1 | 2;
  /** yyyy-MM */
  birthMonth: string;
  /** Prefecture + city + town. */
  address: string;
  /** The postal code of the town. */
  zip: string | null;
  latitude: number;
  longitude: number;
  distanceKm: number;
  kind: DemoPatientKind;
  /** Name of the care facility a home-care patient lives in. */
  facilityName?: string;
}

export interface DemoFacility {
  type: 'clinic' | 'care' | 'pharmacy';
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  /** Care facilities: residents it can house. */
  capacity?: number;
  /** Care facilities: residents who are patients of the store (home-care visits). */
  patients?: number;
  /** The store the facility was placed around. */
  storeCode: string;
  /** Care facilities: kind (特別養護老人ホーム …). */
  careType?: string;
}

export interface DemoStoreProfile {
  /** Target mean prescriptions (sheets) per open day. */
  dailyPrescriptions: number;
  /** Target share of receptions from the 門前 clinic. */
  topClinicShare: number;
  /** Target 後発医薬品調剤割合 (quantity based) from 2024-10 on; 3 points lower before. */
  genericRate: number;
  /** Target share of 在宅 receptions. */
  homeCareShare: number;
  /** Share of receptions with the お薬手帳 shown. */
  notebookRate: number;
  /** 地域支援体制加算 届出 (0 = none). */
  regionalSupport: 0 | 1 | 2;
  /** 連携強化加算. */
  cooperation: boolean;
  /** 医療ＤＸ推進体制整備加算 tier. */
  dxTier: 1 | 2 | 3;
  /** 在宅薬学総合体制加算1. */
  homeCareSystem: boolean;
  /** Answers calls after closing time (時間外加算 receptions). */
  afterHours: boolean;
}

export interface DemoWorldStore {
  corporationCode: string;
  corporationName: string;
  storeCode: string;
  name: string;
  /** 保険薬局コード (10 digits). */
  pharmacyCode: string;
  prefecture: string;
  latitude: number;
  longitude: number;
  /** First and last day with data (yyyy-MM-dd). */
  dataFrom: string;
  dataTo: string;
  profile: DemoStoreProfile;
  clinics: DemoClinic[];
  pharmacists: DemoPharmacist[];
  /** Patients with at least one reception between dataFrom and dataTo. */
  patients: DemoPatient[];
  careFacilities: DemoFacility[];
  pharmacies: DemoFacility[];
}

export interface DemoWorld {
  seed: number;
  /** First and last day of the history (yyyy-MM-dd). */
  startDate: string;
  endDate: string;
  years: number;
  /** Connected stores only (an unconnected store has never uploaded). */
  stores: DemoWorldStore[];
  /** Clinics, care facilities and competing pharmacies around the stores. */
  facilities: DemoFacility[];
}

// ---------------------------------------------------------------------------------------------
// Internal simulation state (kept out of the public, JSON-friendly world)

export const KIND_CHRONIC = 0;
export const KIND_ACUTE = 1;
export const KIND_HOME = 2;

/** Everything the month generator needs about a patient. */
export interface SimPatient {
  seed: number;
  kind: 0 | 1 | 2;
  /** Index into DemoWorldStore.patients (−1 while not yet known to have a visit). */
  publicIndex: number;
  info: DemoPatient;
  /** Month index of the birth month. */
  birthMonthIndex: number;
  /** Age in years when first seen (fixes a chronic patient's regimen). */
  ageAtArrival: number;
  clinic: number;
  doctor: number;
  /** Days per prescription for chronic and home-care patients. */
  cycle: number;
  notebookP: number;
  publicAid: boolean;
  employee: boolean;
  selfPay: boolean;
  /** Pharmacist index of the かかりつけ pharmacist, −1 when none. */
  primary: number;
  /** 一包化 (外来服薬支援料2). */
  packaging: boolean;
  /** Care facility index (home care), −1 when at home. */
  facility: number;
}

/** Flag bits of a visit. */
export const VISIT_NEW = 1;

export interface StoreSim {
  store: DemoWorldStore;
  storeIndex: number;
  patients: SimPatient[];
  /** Residents of each care facility who are home-care patients (単一建物患者数). */
  facilityResidents: number[];
  /** Visits sorted by day: day number, patient, previous visit (−1 none), clinic, doctor, episode start, flags. */
  day: Int32Array;
  patient: Int32Array;
  prev: Int32Array;
  clinic: Int16Array;
  doctor: Int16Array;
  episode: Int32Array;
  flags: Uint8Array;
}

const SIMS = new WeakMap<DemoWorld, Map<string, StoreSim>>();

/** The simulation of a store (throws for a store the world has no data for). */
export function storeSim(world: DemoWorld, storeCode: string): StoreSim {
  const sim = SIMS.get(world)?.get(storeCode);
  if (!sim) throw new Error(`no demo data for store ${storeCode}`);
  return sim;
}

// ---------------------------------------------------------------------------------------------
// Constants

/** Reception weight by weekday (Sun … Sat). */
export const WEEKDAY_FACTORS = [0, 1.15, 1.0, 0.9, 0.95, 1.05, 0.6] as const;

/** Seasonality of acute episodes by month (Jan … Dec), mean 1. */
const ACUTE_SEASON_RAW = [1.3, 1.25, 1.2, 1.0, 0.95, 0.92, 0.95, 0.85, 0.93, 0.98, 1.02, 1.12];
const SEASON_MEAN = ACUTE_SEASON_RAW.reduce((a, b) => a + b, 0) / 12;
export const ACUTE_SEASON = ACUTE_SEASON_RAW.map((v) => v / SEASON_MEAN);
const SEASON_MAX = Math.max(...ACUTE_SEASON);

const DAYS_PER_MONTH = 30.44;
/** Mean months a chronic / acute / home-care patient stays with the store. */
const CHRONIC_MONTHS = 36;
const ACUTE_MONTHS = 6;
const HOME_MONTHS = 20;
/** Share of new patients who become regular (chronic) patients. */
const CHRONIC_SHARE = 0.17;
const ACUTE_GAP_DAYS = 150;
const FOLLOW_UP_P = 0.25;
/** Sheets per reception (2-sheet receptions). */
export const SHEETS_PER_RECEPTION = 1.03;

const CHRONIC_JITTER: readonly (readonly [number, number])[] = [
  [-3, 1],
  [-2, 2],
  [-1, 3],
  [0, 4],
  [1, 3],
  [2, 2],
  [3, 1],
  [4, 1],
];

const OTHER_DEPARTMENTS: readonly (readonly [Department, number])[] = [
  ['内科', 30],
  ['循環器内科', 5],
  ['消化器内科', 5],
  ['糖尿病内科', 3],
  ['脳神経内科', 2],
  ['小児科', 10],
  ['整形外科', 11],
  ['皮膚科', 8],
  ['耳鼻咽喉科', 7],
  ['眼科', 6],
  ['精神科', 3],
  ['心療内科', 3],
  ['外科', 4],
  ['泌尿器科', 3],
];

const TOP_DEPARTMENTS: readonly (readonly [Department | 'hospital', number])[] = [
  ['内科', 45],
  ['循環器内科', 10],
  ['消化器内科', 5],
  ['整形外科', 15],
  ['hospital', 25],
];

const HOSPITAL_DEPARTMENTS: readonly Department[] = [
  '内科',
  '循環器内科',
  '消化器内科',
  '整形外科',
  '外科',
  '泌尿器科',
  '皮膚科',
  '眼科',
];

const CARE_TYPES: readonly (readonly [string, number, number, number, boolean])[] = [
  // type, weight, min capacity, max capacity, hosts home-care (在宅) patients
  ['特別養護老人ホーム', 2, 50, 100, false],
  ['介護老人保健施設', 1, 80, 100, false],
  ['グループホーム', 4, 9, 18, true],
  ['住宅型有料老人ホーム', 3, 20, 60, true],
  ['サービス付き高齢者向け住宅', 3, 20, 60, true],
];

// ---------------------------------------------------------------------------------------------
// Helpers

function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dy = (lat2 - lat1) * 110.574;
  const dx = (lng2 - lng1) * 111.32 * Math.cos(((lat1 + lat2) / 2) * (Math.PI / 180));
  return Math.sqrt(dx * dx + dy * dy);
}

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/** Luhn check digit for a string of digits (the digit that would be appended). */
export function luhnCheckDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/**
 * 医療機関コード (医科) with its check digit: Luhn over the 10 digits, or over the 7-digit part
 * for 埼玉・千葉・東京・神奈川 (dispensing-domain.md §4.1).
 */
export function institutionCode(prefectureId: number, district: string, serial: number): string {
  const pref = String(prefectureId).padStart(2, '0');
  const number = String(serial).padStart(4, '0');
  const body = `${pref}1${district}${number}`;
  const check =
    prefectureId >= 11 && prefectureId <= 14
      ? luhnCheckDigit(`${district}${number}`)
      : luhnCheckDigit(body);
  return body + check;
}

function personName(rng: Rng, gender: 1 | 2): string {
  const given = gender === 1 ? MALE_GIVEN_NAMES : FEMALE_GIVEN_NAMES;
  return `${rng.pick(FAMILY_NAMES)} ${rng.pick(given)}`;
}

interface TownRow extends DemoTown {
  address: string;
}

interface TownPicker {
  towns: TownRow[];
  distances: number[];
  table: WeightedTable;
}

function townPicker(
  towns: readonly TownRow[],
  lat: number,
  lng: number,
  maxKm: number,
  scaleKm: number,
): TownPicker {
  const picked: TownRow[] = [];
  const distances: number[] = [];
  for (const t of towns) {
    const d = distanceKm(lat, lng, t.latitude, t.longitude);
    if (d <= maxKm) {
      picked.push(t);
      distances.push(d);
    }
  }
  if (picked.length === 0) {
    // No town that close (a sparse area): take the 20 nearest.
    const all = towns
      .map((t) => ({ t, d: distanceKm(lat, lng, t.latitude, t.longitude) }))
      .sort((a, b) => a.d - b.d)
      .slice(0, 20);
    for (const { t, d } of all) {
      picked.push(t);
      distances.push(d);
    }
  }
  const table = new WeightedTable(distances.map((d) => Math.exp(-d / scaleKm)));
  return { towns: picked, distances, table };
}

function blockNumber(rng: Rng, town: string): string {
  if (town.endsWith('丁目')) return `${rng.int(1, 24)}-${rng.int(1, 40)}`;
  return rng.chance(0.5) ? `${rng.int(100, 2999)}` : `${rng.int(1, 9)}-${rng.int(1, 40)}`;
}

interface Registry {
  names: Set<string>;
  serials: Map<string, number>;
}

function uniqueName(registry: Registry, candidates: () => string): string {
  for (let i = 0; i < 50; i++) {
    const name = candidates();
    if (!registry.names.has(name)) {
      registry.names.add(name);
      return name;
    }
  }
  let n = 2;
  const base = candidates();
  while (registry.names.has(`${base}${n}`)) n++;
  registry.names.add(`${base}${n}`);
  return `${base}${n}`;
}

// ---------------------------------------------------------------------------------------------
// World

/**
 * Builds the demo world. Deterministic: the same input always gives the same world. The visit
 * calendar behind generateStoreMonth stays attached to the returned object (a copy made with
 * JSON cannot generate months).
 */
export function createDemoWorld(input: DemoWorldInput): DemoWorld {
  if (!Number.isInteger(input.seed)) throw new Error('seed must be an integer');
  if (!(input.years > 0)) throw new Error('years must be positive');
  if (input.towns.length === 0) throw new Error('towns must not be empty');
  const end = dayNumber(input.endDate);
  const start = addYearsToDay(end, -input.years);

  const registry: Registry = { names: new Set(), serials: new Map() };
  const world: DemoWorld = {
    seed: input.seed,
    startDate: isoOfDay(start),
    endDate: input.endDate,
    years: input.years,
    stores: [],
    facilities: [],
  };
  const sims = new Map<string, StoreSim>();
  SIMS.set(world, sims);

  const townCache = new Map<number, TownRow[]>();
  const townsOf = (prefectureId: number): TownRow[] => {
    let rows = townCache.get(prefectureId);
    if (!rows) {
      const prefecture = prefectureName(prefectureId);
      const seen = new Set<string>();
      rows = [];
      for (const t of input.towns) {
        const key = `${t.city}\u0000${t.town}`;
        if (seen.has(key)) continue;
        seen.add(key);
        rows.push({ ...t, address: `${prefecture}${t.city}${t.town}` });
      }
      townCache.set(prefectureId, rows);
    }
    return rows;
  };

  for (const corporation of input.corporations) {
    let corporationStoreIndex = 0;
    for (const store of corporation.stores) {
      if (!store.connected) continue;
      const sim = buildStore({
        seed: input.seed,
        start,
        end,
        corporation,
        store,
        flagship: corporationStoreIndex === 0,
        towns: townsOf(store.prefectureId),
        registry,
        storeIndex: world.stores.length,
      });
      corporationStoreIndex++;
      world.stores.push(sim.store);
      sims.set(store.storeCode, sim);
      for (const clinic of sim.store.clinics) {
        world.facilities.push({
          type: 'clinic',
          name: clinic.name,
          address: clinic.address,
          latitude: clinic.latitude,
          longitude: clinic.longitude,
          storeCode: store.storeCode,
        });
      }
      world.facilities.push(...sim.store.careFacilities, ...sim.store.pharmacies);
    }
  }
  return world;
}

interface BuildContext {
  seed: number;
  start: number;
  end: number;
  corporation: DemoCorporation;
  store: DemoStore;
  flagship: boolean;
  towns: TownRow[];
  registry: Registry;
  storeIndex: number;
}

function drawProfile(rng: Rng, corporation: DemoCorporation): DemoStoreProfile {
  const advanced = corporation.plan === 'advanced';
  const daily = advanced
    ? Math.min(62, Math.max(42, 51 * Math.exp(rng.normal(0, 0.12))))
    : rng.uniform(25, 30);
  const regionalSupport: 0 | 1 | 2 = advanced
    ? rng.weighted([
        [1, 6],
        [2, 1],
        [0, 3],
      ] as const)
    : rng.chance(0.3)
      ? 1
      : 0;
  return {
    dailyPrescriptions: Math.round(daily * 10) / 10,
    topClinicShare: round3(Math.min(0.8, Math.max(0.5, rng.normal(0.64, 0.08)))),
    genericRate: round3(rng.uniform(0.885, 0.92)),
    homeCareShare: round3(rng.uniform(0.015, 0.03)),
    notebookRate: round3(rng.uniform(0.78, 0.92)),
    regionalSupport,
    cooperation: regionalSupport > 0,
    dxTier: rng.weighted([
      [1, 4],
      [2, 4],
      [3, 2],
    ] as const),
    homeCareSystem: regionalSupport > 0,
    afterHours: regionalSupport > 0,
  };
}

function buildStore(ctx: BuildContext): StoreSim {
  const { store, corporation, registry } = ctx;
  const rng = new Rng(deriveSeed(ctx.seed, 'store', store.storeCode));
  const profile = drawProfile(rng, corporation);
  const prefecture = prefectureName(store.prefectureId);
  const dataTo = ctx.end;
  // A suspended corporation stopped sending three months ago; a free-plan one sees three months
  // back, so it has sent four.
  const recentMonths = corporation.suspended ? 3 : corporation.plan === 'free' ? 4 : null;
  const dataFrom =
    recentMonths === null
      ? ctx.start
      : Math.max(ctx.start, addMonthsToDay(ctx.end, -recentMonths) + 1);
  const district = /^\d{10}$/.test(store.insuranceInstitutionCode)
    ? store.insuranceInstitutionCode.slice(3, 5)
    : '01';

  const nearTowns = townPicker(ctx.towns, store.latitude, store.longitude, 8, 0.75);
  const clinicTowns = townPicker(ctx.towns, store.latitude, store.longitude, 5, 1.1);
  const homeTowns = townPicker(ctx.towns, store.latitude, store.longitude, 1.6, 0.6);
  const pickTown = (picker: TownPicker) => {
    const i = rng.fromTable(picker.table);
    return { town: picker.towns[i]!, distance: picker.distances[i]! };
  };
  const place = (picker: TownPicker, spread: number) => {
    const { town } = pickTown(picker);
    const latitude = round6(town.latitude + rng.uniform(-spread, spread));
    const longitude = round6(town.longitude + rng.uniform(-spread, spread) * 1.2);
    return {
      town,
      latitude,
      longitude,
      address: `${town.address}${blockNumber(rng, town.town)}`,
      distanceKm: round3(distanceKm(store.latitude, store.longitude, latitude, longitude)),
    };
  };
  const storeTown = nearTowns.towns[nearTowns.distances.indexOf(Math.min(...nearTowns.distances))]!;
  const storeTownAddress = `${prefecture}${townLevelAddress(store.city + store.block)}`;

  // Clinics -----------------------------------------------------------------------------------
  const nextSerial = (): number => {
    // Sparse like real numbering, yet room for the clinics of 50 stores in one district.
    const n = (registry.serials.get(district) ?? 100 + (ctx.storeIndex % 7) * 3) + rng.int(1, 6);
    if (n > 9999) throw new Error(`医療機関コードの番号が4桁を超えます（郡市区 ${district}）`);
    registry.serials.set(district, n);
    return n;
  };
  const clinics: DemoClinic[] = [];
  const makeDoctors = (departments: readonly Department[], count: number): DemoDoctor[] => {
    const doctors: DemoDoctor[] = [];
    for (let i = 0; i < count; i++) {
      const gender: 1 | 2 = rng.chance(0.72) ? 1 : 2;
      doctors.push({
        name: personName(rng, gender),
        department: departments[i % departments.length]!,
      });
    }
    return doctors;
  };
  const clinicName = (
    department: Department,
    town: TownRow,
    director: string,
    hospital: boolean,
  ): string => {
    const base = placeBase(town.town);
    const family = director.split(' ')[0]!;
    if (hospital) {
      return uniqueName(registry, () =>
        rng.weighted([
          [`${base}中央病院`, 3],
          [`${family}記念病院`, 2],
          [`医療法人${rng.pick(CLINIC_WORDS)}会 ${base}病院`, 2],
          [`${base}総合病院`, 1],
        ] as const),
      );
    }
    const label =
      department === '小児科'
        ? rng.pick(['小児科', 'こども'])
        : department === '耳鼻咽喉科'
          ? rng.pick(['耳鼻咽喉科', '耳鼻科'])
          : department === '皮膚科'
            ? rng.pick(['皮膚科', '皮ふ科'])
            : department === '精神科'
              ? 'メンタル'
              : department;
    return uniqueName(registry, () => {
      const prefix = rng.weighted([
        [base, 5],
        [family, 4],
        [rng.pick(CLINIC_WORDS), 2],
      ] as const);
      const suffix =
        label === 'メンタル'
          ? 'クリニック'
          : rng.pick(['クリニック', 'クリニック', '医院', '診療所']);
      return `${prefix}${label}${suffix}`;
    });
  };

  const topChoice: Department | 'hospital' = ctx.flagship ? '内科' : rng.weighted(TOP_DEPARTMENTS);
  {
    const hospital = topChoice === 'hospital';
    const departments: Department[] = hospital
      ? ['内科', ...HOSPITAL_DEPARTMENTS.filter((d) => d !== '内科' && rng.chance(0.6))]
      : [topChoice];
    const doctors = makeDoctors(
      departments,
      hospital ? departments.length + rng.int(1, 3) : rng.int(1, 3),
    );
    const latitude = round6(
      store.latitude + rng.uniform(0.0002, 0.0006) * (rng.chance(0.5) ? 1 : -1),
    );
    const longitude = round6(
      store.longitude + rng.uniform(0.0002, 0.0006) * (rng.chance(0.5) ? 1 : -1),
    );
    const houseNumber = /(\d+)-(\d+)/.exec(store.block);
    const block = houseNumber
      ? `${houseNumber[1]}-${Number(houseNumber[2]) + rng.int(1, 6)}`
      : blockNumber(rng, storeTown.town);
    clinics.push({
      code: institutionCode(store.prefectureId, district, nextSerial()),
      name: clinicName(departments[0]!, storeTown, doctors[0]!.name, hospital),
      kind: hospital ? 'hospital' : 'clinic',
      department: departments[0]!,
      doctors,
      address: `${storeTownAddress}${block}`,
      latitude,
      longitude,
      distanceKm: round3(distanceKm(store.latitude, store.longitude, latitude, longitude)),
      top: true,
    });
  }
  const otherCount = corporation.plan === 'advanced' ? rng.int(30, 60) : rng.int(20, 36);
  const hospitalsAmongOthers = rng.int(1, 2);
  for (let i = 0; i < otherCount; i++) {
    const hospital = i < hospitalsAmongOthers;
    const departments: Department[] = hospital
      ? ['内科', ...HOSPITAL_DEPARTMENTS.filter((d) => d !== '内科' && rng.chance(0.5))]
      : [rng.weighted(OTHER_DEPARTMENTS)];
    const doctors = makeDoctors(
      departments,
      hospital
        ? departments.length + rng.int(1, 3)
        : rng.weighted([
            [1, 5],
            [2, 3],
            [3, 1],
          ] as const),
    );
    const where = place(clinicTowns, 0.0012);
    clinics.push({
      code: institutionCode(store.prefectureId, district, nextSerial()),
      name: clinicName(departments[0]!, where.town, doctors[0]!.name, hospital),
      kind: hospital ? 'hospital' : 'clinic',
      department: departments[0]!,
      doctors,
      address: where.address,
      latitude: where.latitude,
      longitude: where.longitude,
      distanceKm: where.distanceKm,
      top: false,
    });
  }
  // Popularity of the other clinics: a long tail, nearer ones busier.
  const order = clinics.slice(1).map((_, i) => i + 1);
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const popularity = new Array<number>(clinics.length).fill(0);
  order.forEach((clinicIndex, rank) => {
    const c = clinics[clinicIndex]!;
    popularity[clinicIndex] =
      (1 / Math.pow(rank + 2, 1.05)) *
      Math.exp(-c.distanceKm / 3) *
      (c.kind === 'hospital' ? 2 : 1);
  });

  // Pharmacists --------------------------------------------------------------------------------
  const pharmacistCount = Math.min(6, Math.max(3, Math.round(profile.dailyPrescriptions / 14) + 1));
  const pharmacists: DemoPharmacist[] = [];
  const usedNames = new Set<string>();
  for (let i = 0; i < pharmacistCount; i++) {
    let name = i === 0 ? store.managementPharmacistName : personName(rng, rng.chance(0.6) ? 2 : 1);
    while (usedNames.has(name)) name = personName(rng, rng.chance(0.6) ? 2 : 1);
    usedNames.add(name);
    pharmacists.push({
      code: `${store.storeCode}${String(i + 1).padStart(2, '0')}`,
      name,
      fullTime: i < Math.max(2, pharmacistCount - 2),
    });
  }

  // Care facilities and competing pharmacies ----------------------------------------------------
  const careFacilities: DemoFacility[] = [];
  const careCount = rng.int(3, 7);
  for (let i = 0; i < careCount; i++) {
    const [careType, , minCap, maxCap] =
      i === 0 ? CARE_TYPES[2]! : rng.weighted(CARE_TYPES.map((t) => [t, t[1]] as const));
    const where = place(homeTowns, 0.001);
    const base = placeBase(where.town.town);
    const word = rng.pick(CARE_FACILITY_WORDS);
    const name = uniqueName(registry, () =>
      careType === '特別養護老人ホーム'
        ? rng.pick([`特別養護老人ホーム${base}園`, `特別養護老人ホーム${word}の里`])
        : careType === '介護老人保健施設'
          ? `介護老人保健施設${word}${base}`
          : careType === 'グループホーム'
            ? `グループホーム${word}${base}`
            : careType === '住宅型有料老人ホーム'
              ? `有料老人ホーム${word}${base}`
              : `サービス付き高齢者向け住宅${word}${base}`,
    );
    const capacity = careType === 'グループホーム' ? rng.pick([9, 18]) : rng.int(minCap, maxCap);
    careFacilities.push({
      type: 'care',
      careType,
      name,
      address: where.address,
      latitude: where.latitude,
      longitude: where.longitude,
      capacity,
      patients: 0,
      storeCode: store.storeCode,
    });
  }
  const pharmacies: DemoFacility[] = [];
  const competitorCount = rng.int(4, 10);
  for (let i = 0; i < competitorCount; i++) {
    const where = place(homeTowns, 0.001);
    const base = placeBase(where.town.town);
    const name = uniqueName(registry, () => `${rng.pick(PHARMACY_BRANDS)} ${base}店`);
    pharmacies.push({
      type: 'pharmacy',
      name,
      address: where.address,
      latitude: where.latitude,
      longitude: where.longitude,
      storeCode: store.storeCode,
    });
  }

  const publicStore: DemoWorldStore = {
    corporationCode: corporation.corporationCode,
    corporationName: corporation.name,
    storeCode: store.storeCode,
    name: store.name,
    pharmacyCode: store.insuranceInstitutionCode,
    prefecture,
    latitude: store.latitude,
    longitude: store.longitude,
    dataFrom: isoOfDay(dataFrom),
    dataTo: isoOfDay(dataTo),
    profile,
    clinics,
    pharmacists,
    patients: [],
    careFacilities,
    pharmacies,
  };

  return simulatePatients({
    ctx,
    rng: new Rng(deriveSeed(ctx.seed, 'patients', store.storeCode)),
    store: publicStore,
    dataFrom,
    dataTo,
    popularity,
    nearTowns,
    homeTowns,
  });
}

// ---------------------------------------------------------------------------------------------
// Patients and their visits

interface SimulationInput {
  ctx: BuildContext;
  rng: Rng;
  store: DemoWorldStore;
  dataFrom: number;
  dataTo: number;
  popularity: number[];
  nearTowns: TownPicker;
  homeTowns: TownPicker;
}

/** How well an age band fits a department family (0 = never seen there). */
const AGE_FIT: Record<DepartmentFamily, readonly number[]> = {
  内科: [0.2, 0.4, 1, 1, 1, 1, 1],
  小児科: [1, 1, 0.05, 0, 0, 0, 0],
  整形外科: [0.1, 0.5, 1, 1, 1, 1, 1],
  皮膚科: [1, 1, 1, 1, 1, 0.8, 0.6],
  眼科: [0.6, 1, 1, 1, 1, 1, 1],
  耳鼻咽喉科: [1, 1, 1, 1, 0.8, 0.6, 0.5],
  精神科: [0, 0.1, 1, 1, 0.6, 0.4, 0.3],
  外科: [0.1, 0.4, 1, 1, 1, 1, 1],
  泌尿器科: [0, 0.1, 0.5, 1, 1, 1, 1],
};

function ageBand(age: number): number {
  for (let i = 0; i < AGE_BANDS.length; i++) if (age <= AGE_BANDS[i]![1]) return i;
  return AGE_BANDS.length - 1;
}

function ageFit(family: DepartmentFamily, age: number): number {
  return AGE_FIT[family][ageBand(age)]!;
}

function simulatePatients(input: SimulationInput): StoreSim {
  const { ctx, rng, store, dataFrom, dataTo, popularity } = input;
  const profile = store.profile;
  const clinics = store.clinics;
  const windowDays = dataTo - dataFrom + 1;

  // Day weights: weekday pattern × day-to-day noise; zero when closed.
  const weight = new Float64Array(windowDays);
  const homeWeight = new Float64Array(windowDays);
  let openDays = 0;
  for (let i = 0; i < windowDays; i++) {
    const d = dataFrom + i;
    const noise = Math.exp(rng.normal(0, 0.1));
    if (isPharmacyClosedDay(d)) continue;
    const w = weekdayOfDay(d);
    weight[i] = WEEKDAY_FACTORS[w]! * noise;
    homeWeight[i] = w === 6 ? 0 : 1;
    openDays++;
  }
  const kernel = [0.55, 0.8, 1, 0.8, 0.55];
  const candDays = new Int32Array(64);
  const candWeights = new Float64Array(64);
  /** An open day near `ideal`, weighted by the day weights (−1 past the window's end). */
  const pickNear = (ideal: number, weights: Float64Array): number => {
    for (let widen = 0; widen < 4; widen++) {
      let total = 0;
      let count = 0;
      const lo = ideal - 2 - widen * 4;
      const hi = ideal + 2 + widen * 4;
      for (let d = lo; d <= hi; d++) {
        const i = d - dataFrom;
        if (i < 0 || i >= windowDays) continue;
        const offset = d - ideal;
        const k = widen === 0 ? kernel[offset + 2]! : 1 / (1 + 0.25 * Math.abs(offset));
        const w = weights[i]! * k;
        if (w > 0) {
          candDays[count] = d;
          candWeights[count] = w;
          count++;
          total += w;
        }
      }
      if (total > 0) {
        let target = rng.next() * total;
        for (let c = 0; c < count; c++) {
          target -= candWeights[c]!;
          if (target < 0) return candDays[c]!;
        }
        return candDays[count - 1]!;
      }
      if (hi > dataTo) return -1;
    }
    return -1;
  };
  const jitterTable = new WeightedTable(CHRONIC_JITTER.map((j) => j[1]));

  // Calibration: receptions per month → arrivals per month.
  const months = windowDays / DAYS_PER_MONTH;
  const receptionsPerMonth =
    ((profile.dailyPrescriptions / SHEETS_PER_RECEPTION) * openDays) / months;
  const homePerMonth = receptionsPerMonth * profile.homeCareShare;
  const homePatients = homePerMonth / (DAYS_PER_MONTH / 14.3);
  const visitsPerChronicMonth = expectedChronicVisitsPerMonth();
  const chronicLifetime = CHRONIC_MONTHS * visitsPerChronicMonth;
  const acuteLifetime = (1 + (ACUTE_MONTHS * DAYS_PER_MONTH) / ACUTE_GAP_DAYS) * (1 + FOLLOW_UP_P);
  const arrivals =
    (receptionsPerMonth - homePerMonth) /
    (CHRONIC_SHARE * chronicLifetime + (1 - CHRONIC_SHARE) * acuteLifetime);
  const chronicArrivals = arrivals * CHRONIC_SHARE;
  const acuteArrivals = arrivals * (1 - CHRONIC_SHARE);
  const homeArrivals = homePatients / HOME_MONTHS;

  // Clinic choice tables.
  const topIndex = 0;
  const familyOfClinic = clinics.map((c) => familyOf(c.department));
  const homeClinic = (() => {
    if (familyOfClinic[topIndex] === '内科') return topIndex;
    let best = -1;
    for (let i = 1; i < clinics.length; i++) {
      if (familyOfClinic[i] === '内科' && (best < 0 || popularity[i]! > popularity[best]!))
        best = i;
    }
    return best < 0 ? topIndex : best;
  })();

  const pickDoctor = (clinic: number, chronic: boolean): number => {
    const doctors = clinics[clinic]!.doctors;
    if (doctors.length === 1) return 0;
    const weights = doctors.map((d, i) => {
      const family = familyOf(d.department);
      return (chronic ? CHRONIC_AFFINITY[family] : ACUTE_AFFINITY[family]) * (i === 0 ? 1.5 : 1);
    });
    return rng.weightedIndex(weights);
  };
  const otherTables = new Map<number, WeightedTable>();
  /** A clinic other than the 門前 one, by popularity, kind of patient and age band. */
  const pickOtherClinic = (chronic: boolean, age: number | null): number => {
    const band = age === null ? -1 : ageBand(age);
    const key = (chronic ? 100 : 0) + band + 1;
    let table = otherTables.get(key);
    if (!table) {
      table = new WeightedTable(
        clinics.map((_, i) => {
          if (i === topIndex) return 0;
          const family = familyOfClinic[i]!;
          const fit = band < 0 ? 1 : AGE_FIT[family][band]!;
          return (
            popularity[i]! * (chronic ? CHRONIC_AFFINITY[family] : ACUTE_AFFINITY[family]) * fit
          );
        }),
      );
      otherTables.set(key, table);
    }
    return rng.fromTable(table);
  };

  const patients: SimPatient[] = [];
  const vDay: number[] = [];
  const vPatient: number[] = [];
  const vPrev: number[] = [];
  const vClinic: number[] = [];
  const vDoctor: number[] = [];
  const vEpisode: number[] = [];
  const vFlags: number[] = [];
  const record = (
    p: number,
    day: number,
    prev: number,
    clinic: number,
    doctor: number,
    episode: number,
  ) => {
    vDay.push(day);
    vPatient.push(p);
    vPrev.push(prev);
    vClinic.push(clinic);
    vDoctor.push(doctor);
    vEpisode.push(episode);
    vFlags.push(prev < 0 ? VISIT_NEW : 0);
  };

  // Residents of a care facility write the postal code of its town.
  const zipOfTownAddress = new Map(ctx.towns.map((t) => [t.address, t.zip ?? null]));
  const facilitiesForHome = store.careFacilities
    .map((f, i) => ({ f, i }))
    .filter(({ f }) => CARE_TYPES.find((t) => t[0] === f.careType)?.[4]);
  const facilityResidents = new Array<number>(store.careFacilities.length).fill(0);

  const newPatient = (kind: 0 | 1 | 2, arrivalDay: number): SimPatient => {
    const index = patients.length;
    const seed = deriveSeed(ctx.seed, store.storeCode, 'patient', index);
    let clinic: number;
    if (kind === KIND_HOME) clinic = homeClinic;
    else if (rng.chance(profile.topClinicShare)) clinic = topIndex;
    else clinic = pickOtherClinic(kind === KIND_CHRONIC, null);
    const doctor = pickDoctor(clinic, kind !== KIND_ACUTE);
    const family = familyOf(clinics[clinic]!.doctors[doctor]!.department);
    const age =
      kind === KIND_HOME
        ? 75 + Math.min(24, Math.floor(rng.exponential(9)))
        : drawAge(rng, family, kind === KIND_CHRONIC);
    const gender: 1 | 2 = rng.chance(kind === KIND_HOME ? 0.35 : 0.47) ? 1 : 2;
    const arrival = partsOfDay(arrivalDay);
    const birthMonthIndex = arrival.year * 12 + arrival.month - 1 - age * 12 - rng.int(0, 11);
    let facility = -1;
    let home: { address: string; zip: string | null; latitude: number; longitude: number };
    if (kind === KIND_HOME && facilitiesForHome.length > 0 && rng.chance(0.6)) {
      const chosen = facilitiesForHome[rng.int(0, facilitiesForHome.length - 1)]!;
      facility = chosen.i;
      const address = chosen.f.address.replace(/[0-9-]+$/, '');
      home = {
        address,
        zip: zipOfTownAddress.get(address) ?? null,
        latitude: chosen.f.latitude,
        longitude: chosen.f.longitude,
      };
    } else {
      const picker = kind === KIND_HOME ? input.homeTowns : input.nearTowns;
      const town = picker.towns[rng.fromTable(picker.table)]!;
      home = {
        address: town.address,
        zip: town.zip ?? null,
        latitude: town.latitude,
        longitude: town.longitude,
      };
    }
    const notebookUser = rng.chance(Math.min(0.99, profile.notebookRate + 0.04));
    const ageNow = age;
    const publicAid = rng.chance(ageNow >= 65 ? 0.045 : 0.028);
    const employee = ageNow < 65 ? rng.chance(0.84) : ageNow < 75 ? rng.chance(0.3) : false;
    const info: DemoPatient = {
      key: base64url(new Rng(deriveSeed(seed, 'key')).bytes(24)),
      gender,
      birthMonth: monthOfIndex(birthMonthIndex),
      address: home.address,
      zip: home.zip,
      latitude: round6(home.latitude),
      longitude: round6(home.longitude),
      distanceKm: round3(
        distanceKm(store.latitude, store.longitude, home.latitude, home.longitude),
      ),
      kind: kind === KIND_CHRONIC ? 'chronic' : kind === KIND_ACUTE ? 'acute' : 'homeCare',
    };
    if (facility >= 0) info.facilityName = store.careFacilities[facility]!.name;
    const p: SimPatient = {
      seed,
      kind,
      publicIndex: -1,
      info,
      birthMonthIndex,
      ageAtArrival: age,
      clinic,
      doctor,
      cycle: kind === KIND_HOME ? 14 : kind === KIND_CHRONIC ? drawCycle(rng) : 0,
      notebookP: notebookUser ? 0.97 : 0.12,
      publicAid,
      employee,
      selfPay: kind === KIND_ACUTE && rng.chance(0.0015),
      primary:
        kind === KIND_CHRONIC && profile.regionalSupport > 0 && rng.chance(0.07)
          ? rng.int(0, Math.min(1, store.pharmacists.length - 1))
          : -1,
      packaging: kind !== KIND_ACUTE && age >= 75 && rng.chance(kind === KIND_HOME ? 0.5 : 0.12),
      facility,
    };
    patients.push(p);
    return p;
  };

  const seasonAt = (d: number): number => ACUTE_SEASON[monthIndexOfDay(d) % 12]!;
  const lifeEnd = (from: number, meanMonths: number) =>
    from + Math.round(rng.exponential(meanMonths * DAYS_PER_MONTH));

  const runChronic = (p: SimPatient, index: number, first: number, prev: number, end: number) => {
    let day = first;
    let last = prev;
    const weights = p.kind === KIND_HOME ? homeWeight : weight;
    while (day >= 0 && day <= end) {
      record(index, day, last, p.clinic, p.doctor, day);
      last = day;
      const jitter =
        p.kind === KIND_HOME ? rng.int(-1, 1) : CHRONIC_JITTER[rng.fromTable(jitterTable)]![0];
      day = pickNear(day + p.cycle + jitter, weights);
    }
  };
  const runAcute = (p: SimPatient, index: number, first: number, prev: number, end: number) => {
    let day = first;
    let last = prev;
    let clinic = p.clinic;
    let doctor = p.doctor;
    const age = (d: number) => Math.floor((monthIndexOfDay(d) - p.birthMonthIndex) / 12);
    while (day >= 0 && day <= end) {
      record(index, day, last, clinic, doctor, day);
      last = day;
      const episode = day;
      if (rng.chance(FOLLOW_UP_P)) {
        const follow = pickNear(day + rng.int(5, 14), weight);
        if (follow >= 0 && follow <= end && follow > day) {
          record(index, follow, last, clinic, doctor, episode);
          last = follow;
        }
      }
      // Next episode: a seasonal Poisson process (thinning).
      let t = last;
      for (;;) {
        t += Math.max(1, Math.round(rng.exponential(ACUTE_GAP_DAYS / SEASON_MAX)));
        if (t > end) break;
        if (rng.next() < seasonAt(t) / SEASON_MAX) break;
      }
      if (t > end) break;
      day = pickNear(t, weight);
      if (rng.chance(0.3)) {
        clinic = rng.chance(profile.topClinicShare) ? topIndex : pickOtherClinic(false, age(t));
        if (ageFit(familyOfClinic[clinic]!, age(t)) === 0) clinic = p.clinic;
        doctor = clinic === p.clinic ? p.doctor : pickDoctor(clinic, false);
      }
    }
  };

  // The population already there when the data starts (stationary counts; memoryless lives).
  const initial = (kind: 0 | 1 | 2, count: number) => {
    for (let n = 0; n < count; n++) {
      const p = newPatient(kind, dataFrom);
      const index = patients.length - 1;
      const end = Math.min(
        dataTo,
        lifeEnd(
          dataFrom,
          kind === KIND_CHRONIC ? CHRONIC_MONTHS : kind === KIND_ACUTE ? ACUTE_MONTHS : HOME_MONTHS,
        ),
      );
      if (kind === KIND_ACUTE) {
        const prev = dataFrom - 1 - Math.round(rng.exponential(ACUTE_GAP_DAYS));
        let t = dataFrom - 1;
        for (;;) {
          t += Math.max(1, Math.round(rng.exponential(ACUTE_GAP_DAYS / SEASON_MAX)));
          if (rng.next() < seasonAt(t) / SEASON_MAX) break;
        }
        if (t <= end) runAcute(p, index, pickNear(t, weight), prev, end);
      } else {
        const ideal = dataFrom + rng.int(0, p.cycle - 1);
        const first = pickNear(ideal, kind === KIND_HOME ? homeWeight : weight);
        runChronic(p, index, first, ideal - p.cycle, end);
      }
    }
  };
  initial(KIND_CHRONIC, rng.poisson(chronicArrivals * CHRONIC_MONTHS));
  initial(KIND_ACUTE, rng.poisson(acuteArrivals * ACUTE_MONTHS));
  initial(KIND_HOME, Math.round(homePatients));

  // Arrivals, month by month, on days weighted like receptions.
  const firstMonth = monthIndexOfDay(dataFrom);
  const lastMonth = monthIndexOfDay(dataTo);
  const meanMonthWeight = weight.reduce((a, b) => a + b, 0) / months;
  for (let m = firstMonth; m <= lastMonth; m++) {
    const days: number[] = [];
    const w: number[] = [];
    let total = 0;
    for (
      let d = Math.max(dataFrom, dayOfMonthIndex(m));
      d <= Math.min(dataTo, dayOfMonthIndex(m + 1) - 1);
      d++
    ) {
      const x = weight[d - dataFrom]!;
      if (x > 0) {
        days.push(d);
        w.push(x);
        total += x;
      }
    }
    if (days.length === 0) continue;
    const share = total / meanMonthWeight;
    const table = new WeightedTable(w);
    const season = ACUTE_SEASON[m % 12]!;
    const arrive = (kind: 0 | 1 | 2, expected: number) => {
      const count = rng.poisson(expected);
      for (let n = 0; n < count; n++) {
        const day = days[rng.fromTable(table)]!;
        const p = newPatient(kind, day);
        const index = patients.length - 1;
        const end = Math.min(
          dataTo,
          lifeEnd(
            day,
            kind === KIND_CHRONIC
              ? CHRONIC_MONTHS
              : kind === KIND_ACUTE
                ? ACUTE_MONTHS
                : HOME_MONTHS,
          ),
        );
        const start = kind === KIND_HOME ? pickNear(day, homeWeight) : day;
        if (kind === KIND_ACUTE) runAcute(p, index, start, -1, end);
        else runChronic(p, index, start, -1, end);
      }
    };
    arrive(KIND_CHRONIC, chronicArrivals * share);
    arrive(KIND_ACUTE, acuteArrivals * share * season);
    arrive(KIND_HOME, homeArrivals * share);
  }

  // Sort the visits by day (then patient), keep the patients that have one.
  const n = vDay.length;
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => vDay[a]! - vDay[b]! || vPatient[a]! - vPatient[b]! || a - b);
  const sim: StoreSim = {
    store,
    storeIndex: ctx.storeIndex,
    patients,
    facilityResidents,
    day: new Int32Array(n),
    patient: new Int32Array(n),
    prev: new Int32Array(n),
    clinic: new Int16Array(n),
    doctor: new Int16Array(n),
    episode: new Int32Array(n),
    flags: new Uint8Array(n),
  };
  for (let k = 0; k < n; k++) {
    const i = order[k]!;
    sim.day[k] = vDay[i]!;
    sim.patient[k] = vPatient[i]!;
    sim.prev[k] = vPrev[i]!;
    sim.clinic[k] = vClinic[i]!;
    sim.doctor[k] = vDoctor[i]!;
    sim.episode[k] = vEpisode[i]!;
    sim.flags[k] = vFlags[i]!;
    const p = patients[vPatient[i]!]!;
    if (p.publicIndex < 0) {
      p.publicIndex = store.patients.length;
      store.patients.push(p.info);
      if (p.facility >= 0) facilityResidents[p.facility]!++;
    }
  }
  store.careFacilities.forEach((f, i) => {
    f.patients = facilityResidents[i]!;
  });
  return sim;
}

function dayOfMonthIndex(index: number): number {
  return Date.UTC(Math.floor(index / 12), index % 12, 1) / 86_400_000;
}

function expectedChronicVisitsPerMonth(): number {
  // Mean of 30.44 / (cycle + mean jitter) over the cycle mix of drawCycle.
  const jitter = 0.24;
  return CYCLES.reduce((sum, [c, p]) => sum + (p * DAYS_PER_MONTH) / (c + jitter), 0);
}
