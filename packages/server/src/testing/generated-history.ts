import {
  createDemoWorld,
  DEMO_CORPORATIONS,
  generateStoreMonth,
  toDispensingCsv,
  type DemoWorld,
} from '@pharmalytics/datagen';
import { expect } from 'vitest';
import { demoTowns } from '../demo/demo-world.ts';
import type { TestApp } from './test-app.ts';
import { uploadFile } from './upload.ts';

/** Insurance pharmacy codes of the demo stores that tests send generated files for. */
export const DEMO_PHARMACY_CODES: Record<string, string> = {
  '1001': '4041100018',
  '1002': '4041100026',
  '1003': '4041100034',
};

/** The demo corporations in Fukuoka with a year of history to 2026-10-31, drawn from `seed`. */
export function generatedWorld(seed: number): DemoWorld {
  return createDemoWorld({
    seed,
    endDate: '2026-10-31',
    years: 1,
    corporations: DEMO_CORPORATIONS,
    towns: demoTowns(),
  });
}

/** One CSV file of the generated months of a store, as its receipt computer would write it. */
export function generatedFile(world: DemoWorld, storeCode: string, months: readonly string[]) {
  const records = months.flatMap((month) => generateStoreMonth(world, storeCode, month));
  return { records, file: Buffer.from(toDispensingCsv(records, DEMO_PHARMACY_CODES[storeCode]!)) };
}

/** Sends each month of each store as its uploader would; every file must load. */
export async function uploadGeneratedMonths(
  t: TestApp,
  world: DemoWorld,
  storeCodes: readonly string[],
  months: readonly string[],
) {
  for (const store of storeCodes) {
    for (const month of months) {
      const { file } = generatedFile(world, store, [month]);
      const reply = await uploadFile(t, store, file, `${month}.csv`);
      expect(reply.body.status).toBe('loaded');
    }
  }
}
