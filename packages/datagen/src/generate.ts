/**
 * One store's dispensing records for one month, from the world's visit calendar: reception
 * times, sheets, medicines with their 薬剤料, and the fees of the revision in force that day.
 * Deterministic per (seed, store, month): months can be generated alone and in any order.
 */
import type { DispensingRecord, InsuranceType, ParsedFee, ParsedItem } from '@pharmalytics/domain';
import {
  addMonthsToDay,
  dayNumber,
  firstDayOfMonthIndex,
  isoOfDay,
  monthIndexOf,
  monthIndexOfDay,
  weekdayOfDay,
} from './calendar.ts';
import {
  DEMO_MATERIALS,
  type DemoFee,
  type DemoMaterial,
  type DemoMedicine,
  demoFeeOn,
  productChoices,
  revisionOn,
} from './catalog.ts';
import {
  NEEDLE_INGREDIENTS,
  type Regimen,
  type RxItem,
  type Timing,
  acuteEpisode,
  addOnItem,
  chronicRegimen,
  familyOf,
  quantityFor,
} from './prescribing.ts';
import { Rng, WeightedTable, deriveSeed } from './rng.ts';
import { clinicClosed, leftTheStore } from './story.ts';
import {
  type DemoWorld,
  type DemoWorldStore,
  KIND_ACUTE,
  KIND_HOME,
  type SimPatient,
  type StoreSim,
  VISIT_NEW,
  storeSim,
} from './world.ts';

/** Share of receptions with two sheets (same patient, clinic and day). */
const TWO_SHEETS_P = 0.03;
/** Share of a chronic patient's visits with an extra item. */
const ADD_ON_P = 0.07;
/** Share of weekday receptions after closing time at stores that answer calls. */
const AFTER_HOURS_P = 0.002;

const WEEKDAY_HOURS = new WeightedTable([6, 12, 16, 14, 6, 7, 9, 11, 12, 6, 1]); // 9:00 … 19:00
const SATURDAY_HOURS = new WeightedTable([20, 30, 30, 20]); // 9:00 … 12:00

/** Generic rate a store aims at on a date (the 2024-10 選定療養 pushed it up by ~3 points). */
export function genericTargetOn(store: DemoWorldStore, date: string): number {
  return store.profile.genericRate - (date < '2024-10-01' ? 0.03 : 0);
}

/**
 * Points of one unit of 薬剤料 from its price in 1/10,000 yen: 15円 or less → 1点, then 1点 per
 * 10円 or part of it (= price ÷ 10 rounded 五捨五超入).
 */
export function drugPoints(priceE4: number): number {
  if (priceE4 <= 150_000) return 1;
  return 1 + Math.ceil((priceE4 - 150_000) / 100_000);
}

/** Splits integer points over lines in proportion to their weights (largest remainder). */
function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (sum > 0 ? (total * w) / sum : total / weights.length));
  const out = exact.map(Math.floor);
  let rest = total - out.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, frac: x - Math.floor(x) }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (let k = 0; rest > 0; k++, rest--) out[order[k % order.length]!.i]!++;
  return out;
}

function priceE2(price: number): number {
  return Math.round(price * 100);
}

function round5(x: number): number {
  return Math.round(x * 100_000) / 100_000;
}

interface ResolvedItem {
  item: RxItem;
  product: DemoMedicine;
}

interface Sheet {
  items: ResolvedItem[];
  days: number;
}

interface SheetLines {
  medicines: ParsedItem[];
  materials: ParsedItem[];
  oralGroups: { days: number; psychotropic: boolean }[];
  asNeeded: number;
  asNeededPsychotropic: number;
  external: number;
  injection: number;
  highRisk: boolean;
}

function medicineLine(
  product: DemoMedicine,
  points: number,
  count: number,
  quantity: number,
): ParsedItem {
  return {
    code: product.yjCode,
    name: product.name,
    points,
    count,
    quantity: round5(quantity),
    unit: product.unit,
    amountYen: points * count * 10,
  };
}

/** Medicine and material lines of a sheet, with the counts the fees depend on. */
function sheetLines(sheet: Sheet, patientSeed: number): SheetLines {
  const out: SheetLines = {
    medicines: [],
    materials: [],
    oralGroups: [],
    asNeeded: 0,
    asNeededPsychotropic: 0,
    external: 0,
    injection: 0,
    highRisk: false,
  };
  const groups = new Map<Timing, ResolvedItem[]>();
  for (const r of sheet.items) {
    if (r.product.highRisk) out.highRisk = true;
    if (r.item.usage === '内服') {
      const timing = r.item.timing ?? '朝食後';
      const list = groups.get(timing);
      if (list) list.push(r);
      else groups.set(timing, [r]);
    }
  }
  // 内服: one 剤 per 服用時点; 薬剤料 per day of the 剤, split over its drugs.
  for (const list of groups.values()) {
    const costs = list.map(
      (r) => priceE2(r.product.price) * Math.round((r.item.perDay ?? 1) * 100),
    );
    const points = drugPoints(costs.reduce((a, b) => a + b, 0));
    const shares = apportion(points, costs);
    list.forEach((r, i) => {
      out.medicines.push({
        ...medicineLine(r.product, shares[i]!, sheet.days, (r.item.perDay ?? 1) * sheet.days),
        days: sheet.days,
      });
    });
    out.oralGroups.push({
      days: sheet.days,
      psychotropic: list.some((r) => r.product.psychotropic),
    });
  }
  // 屯服, 外用, 注射: one 調剤 each, 薬剤料 on the whole quantity.
  for (const r of sheet.items) {
    if (r.item.usage === '内服') continue;
    const quantity = quantityFor(r.item, sheet.days);
    const points = drugPoints(priceE2(r.product.price) * Math.round(quantity * 100));
    out.medicines.push(medicineLine(r.product, points, 1, quantity));
    if (r.item.usage === '屯服') {
      out.asNeeded++;
      if (r.product.psychotropic) out.asNeededPsychotropic++;
    } else if (r.item.usage === '外用') out.external++;
    else {
      out.injection++;
      if (NEEDLE_INGREDIENTS.has(r.item.ingredient)) {
        const material: DemoMaterial = DEMO_MATERIALS[patientSeed % 3]!;
        const perDay = r.item.ingredient === 'insulin-lispro' ? 3 : 1;
        const needles = perDay * sheet.days;
        const materialPoints = Math.round((material.price * needles) / 10);
        out.materials.push({
          code: material.code,
          name: material.name,
          points: materialPoints,
          count: 1,
          quantity: needles,
          unit: material.unit,
          amountYen: materialPoints * 10,
        });
      }
    }
  }
  return out;
}

interface Reception {
  visit: number;
  time: string;
  afterHours: boolean;
  order: number;
}

interface MonthContext {
  world: DemoWorld;
  sim: StoreSim;
  store: DemoWorldStore;
  rng: Rng;
  productCache: Map<string, DemoMedicine>;
  feeRows: FeeRows;
}

function chooseProduct(
  ctx: MonthContext,
  p: SimPatient,
  ingredient: string,
  date: string,
): DemoMedicine {
  const choice = productChoices(ingredient);
  if (choice.only) return choice.only;
  const u = deriveSeed(p.seed, 'generic', ingredient) / 4294967296;
  if (u >= genericTargetOn(ctx.store, date)) return choice.brand!;
  let generic = ctx.productCache.get(ingredient);
  if (!generic) {
    const generics = choice.generics;
    generic =
      generics[deriveSeed(ctx.world.seed, ctx.store.storeCode, ingredient) % generics.length]!;
    ctx.productCache.set(ingredient, generic);
  }
  return generic;
}

const REGIMENS = new WeakMap<StoreSim, Map<number, Regimen>>();

/** Chronic regimens by patient index (pure functions of the patient, kept across months). */
function regimenCache(sim: StoreSim): Map<number, Regimen> {
  let cache = REGIMENS.get(sim);
  if (!cache) {
    cache = new Map();
    REGIMENS.set(sim, cache);
  }
  return cache;
}

function ageOn(p: SimPatient, day: number): number {
  return Math.floor((monthIndexOfDay(day) - p.birthMonthIndex) / 12);
}

function insuranceOf(p: SimPatient, age: number, workInjury: boolean): InsuranceType {
  if (p.selfPay) return '自費';
  if (workInjury) return '労災';
  if (p.publicAid) return '公費';
  if (age >= 75) return '後期高齢';
  return p.employee ? '社保' : '国保';
}

function receptionTime(rng: Rng, day: number, home: boolean, afterHours: boolean): string {
  const weekday = weekdayOfDay(day);
  let hour: number;
  let minute: number;
  if (afterHours) {
    hour = rng.int(20, 21);
    minute = rng.int(0, 59);
  } else if (home) {
    hour = rng.int(13, 17);
    minute = rng.int(0, 59);
  } else if (weekday === 6) {
    hour = 9 + rng.fromTable(SATURDAY_HOURS);
    minute = rng.int(0, 59);
  } else {
    hour = 9 + rng.fromTable(WEEKDAY_HOURS);
    minute = hour === 19 ? rng.int(0, 29) : rng.int(0, 59);
  }
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** Pharmacists on duty on a day (at least one). */
function onDuty(ctx: MonthContext, day: number): number[] {
  const rng = new Rng(deriveSeed(ctx.world.seed, ctx.store.storeCode, 'duty', day));
  const saturday = weekdayOfDay(day) === 6;
  const list: number[] = [];
  ctx.store.pharmacists.forEach((ph, i) => {
    const p = ph.fullTime ? (saturday ? 0.5 : 0.85) : saturday ? 0.35 : 0.45;
    if (rng.chance(p)) list.push(i);
  });
  if (list.length === 0) list.push(0);
  return list;
}

/** Fee rows by key for one month (every fee period starts on the 1st of a month). */
type FeeRows = Map<string, DemoFee | undefined>;

class FeeList {
  readonly fees: ParsedFee[] = [];
  constructor(
    private readonly date: string,
    private readonly rows: FeeRows,
  ) {}

  /** Adds an item when billable on the date; returns its points × count (0 when not). */
  add(key: string, count = 1, points?: number): number {
    if (count <= 0) return 0;
    let row = this.rows.get(key);
    if (row === undefined && !this.rows.has(key)) {
      row = demoFeeOn(key, this.date);
      this.rows.set(key, row);
    }
    if (!row) return 0;
    const value = points ?? row.points;
    if (value === null || value === undefined) throw new Error(`${key} needs points`);
    this.fees.push({
      code: row.code,
      name: row.name,
      category: row.category,
      points: value,
      count,
    });
    return value * count;
  }
}

function buildReception(
  ctx: MonthContext,
  reception: Reception,
  receptionId: string,
  duty: number[],
): DispensingRecord[] {
  const { sim, store, rng } = ctx;
  const v = reception.visit;
  const day = sim.day[v]!;
  const date = isoOfDay(day);
  const p = sim.patients[sim.patient[v]!]!;
  const clinic = store.clinics[sim.clinic[v]!]!;
  const doctor = clinic.doctors[sim.doctor[v]!] ?? clinic.doctors[0]!;
  const family = familyOf(doctor.department);
  const age = ageOn(p, day);
  const home = p.kind === KIND_HOME;
  const isNew = (sim.flags[v]! & VISIT_NEW) !== 0;
  const prev = sim.prev[v]!;
  const episode = sim.episode[v]!;

  // Contents.
  let regimen: Regimen;
  if (p.kind === KIND_ACUTE) {
    regimen = acuteEpisode(
      new Rng(deriveSeed(p.seed, 'episode', episode)),
      family,
      age,
      Number(isoOfDay(episode).slice(5, 7)),
    );
  } else {
    let cached = regimenCache(sim).get(sim.patient[v]!);
    if (!cached) {
      const patientClinic = store.clinics[p.clinic]!;
      const patientFamily = familyOf(
        (patientClinic.doctors[p.doctor] ?? patientClinic.doctors[0]!).department,
      );
      cached = chronicRegimen(
        new Rng(deriveSeed(p.seed, 'regimen')),
        patientFamily,
        { age: p.ageAtArrival, gender: p.info.gender },
        p.cycle,
        patientClinic.kind === 'hospital',
      );
      regimenCache(sim).set(sim.patient[v]!, cached);
    }
    regimen = cached;
  }
  let items = regimen.items;
  let extra: RxItem | null = null;
  if (p.kind !== KIND_ACUTE && rng.chance(ADD_ON_P)) extra = addOnItem(rng, family);
  const twoSheets = rng.chance(TWO_SHEETS_P);
  const resolve = (list: readonly RxItem[]): ResolvedItem[] =>
    list.map((item) => ({ item, product: chooseProduct(ctx, p, item.ingredient, date) }));
  const sheets: Sheet[] = [];
  if (twoSheets && items.length >= 2) {
    const cut = Math.ceil(items.length / 2);
    sheets.push({ items: resolve(items.slice(0, cut)), days: regimen.days });
    sheets.push({
      items: resolve([...items.slice(cut), ...(extra ? [extra] : [])]),
      days: regimen.days,
    });
  } else if (twoSheets) {
    sheets.push({ items: resolve(items), days: regimen.days });
    sheets.push({ items: resolve([extra ?? addOnItem(rng, family)]), days: regimen.days });
  } else {
    if (extra && items.length < 5) items = [...items, extra];
    sheets.push({ items: resolve(items), days: regimen.days });
  }
  const lines = sheets.map((s) => sheetLines(s, p.seed));

  // Who and how.
  const notebook = rng.chance(p.notebookP);
  const primaryOnDuty = p.primary >= 0 && duty.includes(p.primary);
  const pharmacistIndex = home
    ? (duty.find((i) => store.pharmacists[i]!.fullTime) ?? duty[0]!)
    : primaryOnDuty
      ? p.primary
      : duty[rng.int(0, duty.length - 1)]!;
  const pharmacist = store.pharmacists[pharmacistIndex]!;
  const workInjury =
    p.kind === KIND_ACUTE &&
    family === '整形外科' &&
    age >= 18 &&
    age < 65 &&
    deriveSeed(p.seed, 'work', episode) % 100 < 4;
  const insuranceType = insuranceOf(p, age, workInjury);

  // Fees.
  const revision = revisionOn(date);
  const sheetFees = sheets.map(() => new FeeList(date, ctx.feeRows));
  const head = sheetFees[0]!;
  const basic = head.add('basic1');
  const generic = genericTargetOn(store, date);
  const profile = store.profile;
  if (revision === 'R6') {
    if (profile.regionalSupport > 0) head.add(`regional${profile.regionalSupport}`);
    if (generic >= 0.9) head.add('generic3');
    else if (generic >= 0.85) head.add('generic2');
    else if (generic >= 0.8) head.add('generic1');
  } else if (profile.regionalSupport > 0) head.add(`supply${profile.regionalSupport + 1}`);
  else if (generic >= 0.85) head.add('supply1');
  if (profile.cooperation) head.add('cooperation');
  const monthStart = firstDayOfMonthIndex(monthIndexOfDay(day));
  if (prev < monthStart) head.add(`dx${profile.dxTier}`);
  if (revision === 'R8') {
    head.add('baseUp');
    const monthIndex = monthIndexOfDay(day);
    const quarterStart = firstDayOfMonthIndex(monthIndex - (monthIndex % 3));
    if (prev < quarterStart) head.add('priceSupport');
  }
  if (home && profile.homeCareSystem) head.add('homeSystem1');
  if (!reception.afterHours && reception.time >= '19:00') head.add('nightHoliday');

  // 薬剤調製料 and 調剤管理料 per 剤 (at most 3 内服 剤 and 3 外用 調剤 per reception).
  let oralLeft = 3;
  let externalLeft = 3;
  let asNeededDone = false;
  let injectionDone = false;
  let prep = 0;
  let management = 0;
  let anyOral = false;
  lines.forEach((l, s) => {
    const fees = sheetFees[s]!;
    const oral = Math.min(oralLeft, l.oralGroups.length);
    oralLeft -= oral;
    if (oral > 0) anyOral = true;
    prep += fees.add('prepOral', oral);
    const psychotropic =
      l.oralGroups.slice(0, oral).filter((g) => g.psychotropic).length + l.asNeededPsychotropic;
    if (l.asNeeded > 0 && !asNeededDone) {
      prep += fees.add('prepAsNeeded');
      asNeededDone = true;
    }
    const external = Math.min(externalLeft, l.external);
    externalLeft -= external;
    prep += fees.add('prepExternal', external);
    if (l.injection > 0 && !injectionDone) {
      prep += fees.add('prepInjection');
      injectionDone = true;
    }
    fees.add('psychotropic', psychotropic);
    for (const g of l.oralGroups.slice(0, oral)) {
      if (revision === 'R6') {
        const key =
          g.days <= 7
            ? 'mgmtOral7'
            : g.days <= 14
              ? 'mgmtOral14'
              : g.days <= 28
                ? 'mgmtOral28'
                : 'mgmtOral29';
        management += fees.add(key);
      } else {
        management += fees.add(g.days >= 28 ? 'mgmtOralLong' : 'mgmtOralShort');
      }
    }
  });
  if (!anyOral) management += head.add('mgmtOther');
  if (reception.afterHours) {
    head.add('afterHours', 1, basic + prep);
    head.add('mgmtAfterHours', 1, management);
  }

  // 指導料 (外来) or 訪問薬剤管理指導料 (在宅).
  const recent = prev >= 0 && prev >= addMonthsToDay(day, -3);
  const highRisk = lines.some((l) => l.highRisk);
  if (home) {
    const residents = p.facility >= 0 ? sim.facilityResidents[p.facility]! : 1;
    head.add(residents >= 10 ? 'homeVisit10' : residents >= 2 ? 'homeVisit2' : 'homeVisit1');
  } else {
    const light = recent && notebook;
    if (revision === 'R6') head.add(primaryOnDuty ? 'primary' : light ? 'guidance1' : 'guidance2');
    else if (primaryOnDuty) head.add(light ? 'primary1' : 'primary2');
    else head.add(light ? 'guidance1' : 'guidance2');
    if (age < 6) head.add('infant');
    if (highRisk && rng.chance(0.6)) head.add(isNew ? 'highRiskNew' : 'highRisk');
  }
  const oralDays = lines.find((l) => l.oralGroups.length > 0)?.oralGroups[0]?.days ?? 0;
  if (p.packaging && oralDays > 0) {
    if (oralDays <= 42) head.add('support2', Math.ceil(oralDays / 7));
    else head.add('support2Long');
  } else if (p.kind !== KIND_ACUTE && age >= 70 && prev < monthStart && rng.chance(0.003)) {
    head.add('support1');
  }

  return sheets.map((_, s): DispensingRecord => ({
    pharmacyCode: store.pharmacyCode,
    dispensingDate: date,
    receptionTime: reception.time,
    receptionId,
    prescriptionNo: s + 1,
    patient: {
      key: p.info.key,
      gender: p.info.gender,
      birthMonth: p.info.birthMonth,
      zip: p.info.zip,
      address: p.info.address,
    },
    insuranceType,
    receptionType: home ? '在宅' : '外来',
    visitType: isNew ? '新規' : '再来',
    medicineNotebook: notebook,
    institution: { code: clinic.code, name: clinic.name },
    doctorName: doctor.name,
    department: doctor.department,
    pharmacist: { code: pharmacist.code, name: pharmacist.name },
    fees: sheetFees[s]!.fees,
    medicines: lines[s]!.medicines,
    materials: lines[s]!.materials,
  }));
}

function lowerBound(days: Int32Array, value: number): number {
  let lo = 0;
  let hi = days.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (days[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The dispensing records of one store for one month (yyyy-MM): every open day of the month
 * within the store's data window, sorted by date, reception and sheet. Empty outside the window.
 */
export function generateStoreMonth(
  world: DemoWorld,
  storeCode: string,
  month: string,
): DispensingRecord[] {
  const sim = storeSim(world, storeCode);
  const store = sim.store;
  const monthIndex = monthIndexOf(month);
  const from = Math.max(firstDayOfMonthIndex(monthIndex), dayNumber(store.dataFrom));
  const to = Math.min(firstDayOfMonthIndex(monthIndex + 1) - 1, dayNumber(store.dataTo));
  if (from > to) return [];
  const ctx: MonthContext = {
    world,
    sim,
    store,
    rng: new Rng(deriveSeed(world.seed, storeCode, month)),
    productCache: new Map(),
    feeRows: new Map(),
  };
  const records: DispensingRecord[] = [];
  let v = lowerBound(sim.day, from);
  const end = lowerBound(sim.day, to + 1);
  while (v < end) {
    const day = sim.day[v]!;
    const receptions: Reception[] = [];
    const weekday = weekdayOfDay(day);
    for (; v < end && sim.day[v] === day; v++) {
      if (leftTheStore(world, sim, v) || clinicClosed(world, sim, v)) continue;
      const home = sim.patients[sim.patient[v]!]!.kind === KIND_HOME;
      const afterHours =
        !home && weekday !== 6 && store.profile.afterHours && ctx.rng.chance(AFTER_HOURS_P);
      receptions.push({
        visit: v,
        time: receptionTime(ctx.rng, day, home, afterHours),
        afterHours,
        order: receptions.length,
      });
    }
    receptions.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : a.order - b.order));
    const duty = onDuty(ctx, day);
    const prefix = isoOfDay(day).replaceAll('-', '');
    receptions.forEach((r, i) => {
      const id = `${prefix}${String(i + 1).padStart(4, '0')}`;
      for (const record of buildReception(ctx, r, id, duty)) records.push(record);
    });
  }
  return records;
}
