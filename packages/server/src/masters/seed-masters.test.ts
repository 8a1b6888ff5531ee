import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { seedMastersIfEmpty } from './seed-masters.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
});
afterAll(() => t.close());

describe('shipped masters', () => {
  it('loads the real census mesh file and medicine master sample once', async () => {
    expect(await seedMastersIfEmpty(t.db)).toBe(true);
    const mesh = await t.db
      .selectFrom('mesh_population')
      .select(({ fn }) => [
        fn.countAll<number>().as('meshes'),
        fn.sum<number>('total').as('people'),
      ])
      .executeTakeFirstOrThrow();
    expect(Number(mesh.meshes)).toBe(9496);
    expect(Number(mesh.people)).toBeGreaterThan(2_000_000);
    const medicine = await t.db
      .selectFrom('medicine_master')
      .selectAll()
      .where('code', '=', '610406079')
      .executeTakeFirstOrThrow();
    expect(medicine).toMatchObject({
      name: 'ガスター散２％',
      yj_code: '2325003B2029',
      unit: 'g',
      price: 26,
    });
    expect(await seedMastersIfEmpty(t.db)).toBe(false);
  });
});
