/** Test helper: the demo world of the demo accounts, built once per test file. */
import { DEMO_CORPORATIONS } from '../demo-accounts.ts';
import { type DemoWorld, createDemoWorld } from '../world.ts';
import { fukuokaTowns } from './towns.ts';

export const TEST_SEED = 20240601;
export const TEST_END_DATE = '2026-11-20';

const worlds = new Map<number, DemoWorld>();

export function demoWorld(seed = TEST_SEED): DemoWorld {
  let world = worlds.get(seed);
  if (!world) {
    world = createDemoWorld({
      seed,
      endDate: TEST_END_DATE,
      years: 2,
      corporations: DEMO_CORPORATIONS,
      towns: fukuokaTowns(),
    });
    worlds.set(seed, world);
  }
  return world;
}
