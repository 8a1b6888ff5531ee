import { dayNumber } from './calendar.ts';
import { deriveSeed } from './rng.ts';
import type { DemoWorld, StoreSim } from './world.ts';

/**
 * What the demo world tells beyond its steady flows, so that 患者の継続 and 処方元の変化 have
 * something to find: at one store of the advanced corporation the second clinic's patients drift
 * away over the last year (its flow to the store roughly halves), and a clinic opens near another
 * store a few months before the end (see DEMO_OPENINGS in facility-master.ts).
 */
export const DECLINING_FLOW = {
  corporationCode: '100001',
  storeCode: '1002',
  /** Index of the clinic in the store's list (0 is the 門前 clinic). */
  clinicIndex: 1,
  /** Share of its patients who stop coming, each on a day spread over the last year. */
  leavingShare: 0.6,
  days: 365,
} as const;

/** The clinic whose flow declines, for the demo's checks and the docs: its name and code. */
export function decliningClinic(world: DemoWorld): { code: string; name: string } | null {
  const store = world.stores.find(
    (s) =>
      s.corporationCode === DECLINING_FLOW.corporationCode &&
      s.storeCode === DECLINING_FLOW.storeCode,
  );
  const clinic = store?.clinics[DECLINING_FLOW.clinicIndex];
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
    sim.clinic[visit] !== DECLINING_FLOW.clinicIndex
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
