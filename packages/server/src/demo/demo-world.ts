/**
 * The deterministic demo world and the files its stores' uploaders would send. Runs on the
 * background worker thread (workers/jobs.ts): building the world and writing files is CPU work.
 */
import {
  createDemoWorld,
  DEMO_CORPORATIONS,
  demoFacilityMaster,
  generateStoreMonth,
  type DemoMasterFacility,
  type DemoTown,
  type DemoWorld,
} from '@pharmalytics/datagen';
import { createHash } from 'node:crypto';
import { townGeocoder } from '../geocoding/town-geocoder.ts';
import { prepareFile, toMoved } from '../ingestion/prepared-file.ts';
import { demoClosings, demoOpenings } from './demo-openings.ts';
import { townZipCodes } from '../geocoding/zip-lookup.ts';

export const DEMO_SEED = 20240601;
export const DEMO_YEARS = 2;

/** The demo stores with history and the facility master around them. */
export interface DemoPlan {
  stores: { storeCode: string; dataFrom: string; dataTo: string }[];
  facilities: DemoMasterFacility[];
  /** First-seen day of each facility: the history's first day, or a recent opening's day. */
  firstSeenOn: Record<string, string>;
  /** Last-seen day of each facility: the history's last day, or a closing's last day. */
  lastSeenOn: Record<string, string>;
}

export interface DemoFileRequest {
  /** Last day of the history (yyyy-MM-dd). */
  endDate: string;
  storeCode: string;
  /** yyyy-MM */
  month: string;
  pharmacyCode: string;
}

let cached: DemoWorld | null = null;

const DEMO_PREFECTURE = '福岡県';
let towns: DemoTown[] | null = null;
/** The prefecture's town points, each with its real postal code for the patients living there. */
export function demoTowns(): DemoTown[] {
  if (!towns) {
    const zipOf = townZipCodes(DEMO_PREFECTURE);
    towns = townGeocoder()
      .townsOf(DEMO_PREFECTURE)
      .map((t) => ({ ...t, zip: zipOf(t.city, t.town) }));
  }
  return towns;
}

function worldEnding(endDate: string): DemoWorld {
  if (cached?.endDate !== endDate) {
    cached = createDemoWorld({
      seed: DEMO_SEED,
      endDate,
      years: DEMO_YEARS,
      corporations: DEMO_CORPORATIONS,
      towns: demoTowns(),
    });
  }
  return cached;
}

export function demoPlan(endDate: string): DemoPlan {
  const world = worldEnding(endDate);
  return {
    stores: world.stores.map(({ storeCode, dataFrom, dataTo }) => ({
      storeCode,
      dataFrom,
      dataTo,
    })),
    ...withOpenings(world, demoFacilityMaster(world, demoTowns())),
  };
}

function withOpenings(world: DemoWorld, facilities: DemoMasterFacility[]) {
  const openings = demoOpenings(world);
  const firstSeenOn: Record<string, string> = {};
  const lastSeenOn: Record<string, string> = {};
  for (const f of facilities) {
    firstSeenOn[f.sourceId] = world.startDate;
    lastSeenOn[f.sourceId] = world.endDate;
  }
  for (const o of openings) {
    firstSeenOn[o.facility.sourceId] = o.firstSeenOn;
    lastSeenOn[o.facility.sourceId] = world.endDate;
  }
  for (const c of demoClosings(world, facilities)) lastSeenOn[c.sourceId] = c.lastSeenOn;
  return {
    facilities: [...facilities, ...openings.map((o) => o.facility)],
    firstSeenOn,
    lastSeenOn,
  };
}

/**
 * One store-month as the loader takes a file (prepared-file.ts): the generated prescriptions
 * prepared as a parsed file's are, with the SHA-256 and size of the prepared chunks (same
 * content, same hash). No text is written or parsed: a parsed file equals the generated records
 * (the round-trip test of ingestion holds the parser to that), so the demo skips the detour, and
 * keeps no raw file.
 */
export function demoFile({ endDate, storeCode, month, pharmacyCode }: DemoFileRequest) {
  const world = worldEnding(endDate);
  const records = generateStoreMonth(world, storeCode, month);
  const prescriptions = records.map((r, i) => ({ ...r, pharmacyCode, lineNo: i + 1 }));
  const moved = toMoved(
    prepareFile(
      { ok: true, format: 'pharmalytics-csv', prescriptions, rejected: [] },
      pharmacyCode,
    ),
  );
  const chunks = moved.result.ok ? moved.result.load.chunks : [];
  const hash = createHash('sha256');
  for (const chunk of chunks) hash.update(chunk);
  return {
    result: {
      prepared: moved.result,
      hash: hash.digest('hex'),
      size: chunks.reduce((n, c) => n + c.length, 0),
    },
    transfer: moved.transfer,
  };
}
