import type { DemoMasterFacility, DemoWorld } from '@pharmalytics/datagen';

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
  const end = Date.parse(`${world.endDate}T00:00:00Z`);
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
    const firstSeenOn = new Date(end - o.daysBeforeEnd * 86_400_000).toISOString().slice(0, 10);
    return [{ facility, firstSeenOn }];
  });
}
