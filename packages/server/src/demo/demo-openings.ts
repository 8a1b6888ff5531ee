import { closingClinic, type DemoMasterFacility, type DemoWorld } from '@pharmalytics/datagen';

/** A clinic that opens near a demo store some months before the history's end. */
interface DemoOpening {
  corporationCode: string;
  storeCode: string;
  name: string;
  /** Metres north and east of the store. */
  north: number;
  east: number;
  daysBeforeEnd: number;
}

const OPENINGS: readonly DemoOpening[] = [
  {
    corporationCode: '100001',
    storeCode: '1003',
    name: 'さくら通り内科・糖尿病クリニック',
    north: 320,
    east: 410,
    daysBeforeEnd: 120,
  },
];

const METRES_PER_DEGREE = 111_320;

/**
 * The demo facility master's recent openings, with the day each was first seen: the rest of the
 * master is first seen on the history's first day, so these are found as openings
 * (docs/metrics.md, 処方元の変化).
 */
export function demoOpenings(
  world: DemoWorld,
): { facility: DemoMasterFacility; firstSeenOn: string }[] {
  return OPENINGS.flatMap((o) => {
    const store = world.stores.find(
      (s) => s.corporationCode === o.corporationCode && s.storeCode === o.storeCode,
    );
    if (!store) return [];
    const latitude = store.latitude + o.north / METRES_PER_DEGREE;
    const longitude =
      store.longitude + o.east / (METRES_PER_DEGREE * Math.cos((store.latitude * Math.PI) / 180));
    const facility: DemoMasterFacility = {
      sourceId: `opening:${o.storeCode}:1`,
      type: 'clinic',
      name: o.name,
      address: store.prefecture + '（' + store.name + '近隣）',
      latitude: Math.round(latitude * 1e6) / 1e6,
      longitude: Math.round(longitude * 1e6) / 1e6,
      prescriptionPatients: null,
      outpatients: 35,
      homecarePatients: 0,
      capacity: null,
      totalUsers: null,
      beds: null,
    };
    return [{ facility, firstSeenOn: isoDaysBeforeEnd(world, o.daysBeforeEnd) }];
  });
}

/**
 * A facility of the demo master that a load some days before the history's end listed for the last
 * time: a later load left it out, so the master takes it as closed.
 */
interface DemoClosing {
  /** The facility's id in the demo master. */
  sourceId: string;
  daysBeforeEnd: number;
}

/** Clinics near the stores that close without sending the stores anything. */
const CLOSINGS: readonly DemoClosing[] = [
  // About 110 m from はかた薬局 天神店 (1001).
  { sourceId: 'clinic:station:天神:1', daysBeforeEnd: 150 },
  // About 540 m from はかた薬局 博多駅前店 (1002).
  { sourceId: 'clinic:station:祇園:2', daysBeforeEnd: 40 },
];

const isoDaysBeforeEnd = (world: DemoWorld, days: number) =>
  new Date(Date.parse(`${world.endDate}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/**
 * The demo facility master's closings, with the day each was last listed: the clinic of the demo
 * story that closes (datagen's closingClinic: the sheets it sent 天神店 stop after its last day,
 * so the store's radar finds it lost) and a few station-front clinics near the stores
 * (CLOSINGS). The rest of the master is last listed on the history's last day, so these are found
 * as closed (docs/metrics.md, 処方元の変化). Facilities the master does not hold are left out.
 */
export function demoClosings(
  world: DemoWorld,
  facilities: readonly DemoMasterFacility[],
): { sourceId: string; lastSeenOn: string }[] {
  const ids = new Set(facilities.map((f) => f.sourceId));
  const story = closingClinic(world);
  return [
    ...(story ? [{ sourceId: `clinic:${story.code}`, lastSeenOn: story.lastDay }] : []),
    ...CLOSINGS.map((c) => ({
      sourceId: c.sourceId,
      lastSeenOn: isoDaysBeforeEnd(world, c.daysBeforeEnd),
    })),
  ].filter((c) => ids.has(c.sourceId));
}
