import { dayNumber, isoOfDay } from './calendar.ts';
import { deriveSeed } from './rng.ts';
import { storeSim, type DemoWorld, type StoreSim } from './world.ts';

/**
 * What the demo world tells beyond its steady flows, so that 患者の継続 and 処方元の変化 have
 * something to find: at one store of the advanced corporation the busiest clinic after its 門前
 * one loses its patients to other pharmacies over the last year (its flow to the store roughly
 * halves), at another the busiest clinic
 * after its 門前 one closes some weeks before the end (its regular flow stops), and a clinic opens
 * near a third store a few months before the end (the facility master's openings and closings are
 * the server's, packages/server/src/demo/demo-openings.ts).
 */
export const DECLINING_FLOW = {
  corporationCode: '100001',
  storeCode: '1002',
  /** Share of its patients who stop coming, each on a day spread over the last year. */
  leavingShare: 0.6,
  days: 365,
} as const;

/**
 * The index in a store's list of its busiest clinic after the 門前 one (index 0) over the year
 * to `lastDay` (a day number), so that a story is told by a clinic whose flow is news; -1 when
 * the world has no such store.
 */
function busiestAfterGate(
  world: DemoWorld,
  where: { corporationCode: string; storeCode: string },
  lastDay: number,
): number {
  const store = world.stores.find(
    (s) => s.corporationCode === where.corporationCode && s.storeCode === where.storeCode,
  );
  if (!store || store.clinics.length < 2) return -1;
  const sim = storeSim(world, store.storeCode);
  const visits = new Array<number>(store.clinics.length).fill(0);
  for (let v = 0; v < sim.day.length; v++) {
    const day = sim.day[v]!;
    if (day > lastDay - 365 && day <= lastDay) visits[sim.clinic[v]!]! += 1;
  }
  let index = 1;
  for (let i = 2; i < visits.length; i++) if (visits[i]! > visits[index]!) index = i;
  return index;
}

const DECLINING = new WeakMap<DemoWorld, number>();

/** The declining clinic's index at its store: the busiest after 門前 in the year before. */
function decliningIndex(world: DemoWorld): number {
  let index = DECLINING.get(world);
  if (index === undefined) {
    index = busiestAfterGate(world, DECLINING_FLOW, dayNumber(world.endDate) - DECLINING_FLOW.days);
    DECLINING.set(world, index);
  }
  return index;
}

/** The clinic whose flow declines, for the demo's checks and the docs: its name and code. */
export function decliningClinic(world: DemoWorld): { code: string; name: string } | null {
  const store = world.stores.find(
    (s) =>
      s.corporationCode === DECLINING_FLOW.corporationCode &&
      s.storeCode === DECLINING_FLOW.storeCode,
  );
  const clinic = store?.clinics[decliningIndex(world)];
  return clinic ? { code: clinic.code, name: clinic.name } : null;
}

/**
 * Whether a visit is left out because its patient has moved to another pharmacy: the patients
 * of the declining clinic at its store, a leavingShare of them, each from its own day of the last
 * year on (spread evenly, so the flow falls month by month).
 */
export function leftTheStore(world: DemoWorld, sim: StoreSim, visit: number): boolean {
  const { store } = sim;
  if (
    store.storeCode !== DECLINING_FLOW.storeCode ||
    store.corporationCode !== DECLINING_FLOW.corporationCode ||
    sim.clinic[visit] !== decliningIndex(world)
  ) {
    return false;
  }
  const patient = sim.patient[visit]!;
  const u = deriveSeed(world.seed, 'leaves', store.storeCode, patient) / 4294967296;
  if (u >= DECLINING_FLOW.leavingShare) return false;
  const start = dayNumber(world.endDate) - DECLINING_FLOW.days;
  const leaves = start + Math.floor((u / DECLINING_FLOW.leavingShare) * DECLINING_FLOW.days);
  return sim.day[visit]! >= leaves;
}

/** The clinic that closes: at this store, the busiest after the 門前 clinic over the year before. */
export const CLOSING_CLINIC = {
  corporationCode: '100001',
  storeCode: '1001',
  /** Its last day of practice, this many days before the history's end. */
  daysBeforeEnd: 75,
} as const;

const CLOSINGS = new WeakMap<
  DemoWorld,
  { index: number; code: string; name: string; lastDay: number } | null
>();

/**
 * The clinic that closes (CLOSING_CLINIC): its index in the store's list, code, name and last day
 * of practice (a day number); null when the world has no such store.
 */
function closing(world: DemoWorld) {
  if (CLOSINGS.has(world)) return CLOSINGS.get(world)!;
  const lastDay = dayNumber(world.endDate) - CLOSING_CLINIC.daysBeforeEnd;
  const index = busiestAfterGate(world, CLOSING_CLINIC, lastDay);
  const store = world.stores.find(
    (s) =>
      s.corporationCode === CLOSING_CLINIC.corporationCode &&
      s.storeCode === CLOSING_CLINIC.storeCode,
  );
  const clinic = store?.clinics[index];
  const found = clinic ? { index, code: clinic.code, name: clinic.name, lastDay } : null;
  CLOSINGS.set(world, found);
  return found;
}

/** The clinic that closes, for the demo's facility master and checks: its code, name, last day. */
export function closingClinic(
  world: DemoWorld,
): { code: string; name: string; lastDay: string } | null {
  const c = closing(world);
  return c ? { code: c.code, name: c.name, lastDay: isoOfDay(c.lastDay) } : null;
}

/** Whether a visit is left out because its clinic closed before its day (CLOSING_CLINIC). */
export function clinicClosed(world: DemoWorld, sim: StoreSim, visit: number): boolean {
  const { store } = sim;
  if (
    store.storeCode !== CLOSING_CLINIC.storeCode ||
    store.corporationCode !== CLOSING_CLINIC.corporationCode
  ) {
    return false;
  }
  const c = closing(world);
  return c !== null && sim.clinic[visit] === c.index && sim.day[visit]! > c.lastDay;
}
