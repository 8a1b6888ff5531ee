import { readFileSync } from 'node:fs';
import { AGE_BANDS, distanceMeters, halfMeshCode } from '@pharmalytics/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEstatMesh } from '../masters/estat-mesh.ts';
import { seedMastersIfEmpty } from '../masters/seed-masters.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import {
  bandOutpatientRates,
  bandPopulation,
  bandTreatedShares,
  censusGroupCounts,
  dailyFillRates,
  meshEstimator,
  rateScale,
  treatedShare,
  type EstimateModel,
} from './estimate-model.ts';
import { EstimateModelError, estimateModelFor } from './estimate-parameters.ts';
import { meshPeople } from './estimate-population.ts';
import { meshCentre, meshCodesAround } from './market-share-area.ts';

/**
 * The estimate model on the real census file (e-Stat T001101, first mesh 5030, shipped in
 * assets/masters and loaded by the masters seeding) with the parameters the migration seeds.
 */

const CENSUS_FILE = new URL('../../assets/masters/estat-mesh/tblT001101H5030.txt', import.meta.url);
const census = parseEstatMesh(readFileSync(CENSUS_FILE));
const censusRow = (meshCode: string) => census.rows.find((r) => r.meshCode === meshCode)!;

/** 1/2 mesh 503033023: 福岡市中央区 天神一丁目 and 渡辺通五丁目, where store 1001 stands. */
const TENJIN = '503033023';

let t: TestApp;
let model: EstimateModel;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
  await seedMastersIfEmpty(t.db);
  model = await estimateModelFor(t.db, '2025-03-31');
});
afterAll(() => t.close());

describe('the seeded model', () => {
  it('is the 2020 census structure and the 2023 survey level, with its sources', () => {
    expect(model).toMatchObject({
      version: '2020census-2023survey',
      effectiveFrom: '2020-10-01',
      outpatientRatePer100k: 5850,
      annualPrescriptions: 855_420_000,
      surveyDayOutpatients: 7_275_000,
      heterogeneity: 1,
    });
    expect(model.ageStructure).toHaveLength(20);
    expect(model.ageStructure.at(-1)).toEqual({ from: 95, to: null, value: 552 });
    expect(model.outpatientRates[0]).toEqual({ from: 0, to: 0, value: 6276 });
    expect(model.outpatientRates.at(-1)).toEqual({ from: 90, to: null, value: 8879 });
    // The level: 5,850 over the 2005 table at the 2020 structure (6,257.89); the fill ratio:
    // 855,420,000 prescriptions a year over 365 days of 7,275,000 outpatients.
    const scale = rateScale(model);
    expect(scale.level).toBeCloseTo(5850 / 6257.888, 5);
    expect(scale.fillRatio).toBeCloseTo(855_420_000 / (365 * 7_275_000), 10);
  });
});

describe('a known mesh by hand', () => {
  /*
   * The file's row of 503033023 (HTKSYORI 0): 人口 1,663; 0～14歳 35; 15～64歳 916; 65歳以上 314;
   * 75歳以上 190; 85歳以上 98; 95歳以上 20. Census groups: 0–14 35, 15–64 916, 65–74 124,
   * 75–84 92, 85–94 78, 95+ 20 = 1,265 of known age; the 398 of unknown age follow the same
   * profile, so every group is scaled by 1,663 / 1,265 = 1.314625.
   *
   * National structure (thousands): 0–14 = 4,516 + 5,089 + 5,351 = 14,956; 15–64 = 72,922
   * (15–19 5,617 | 20–29 11,963 | 30–39 13,797 | 40–49 17,941 | 50–59 16,307 | 60–64 7,297);
   * 65–74 = 8,075 + 9,045; 75–84 = 7,010 + 5,354; 85–94 = 3,689 + 1,804.
   *
   *   0～9    1.314625 × 35 × 9,605/14,956                           =  29.5496
   *   10～19  1.314625 × (35 × 5,351/14,956 + 916 × 5,617/72,922)     = 109.2185
   *   20～29  1.314625 × 916 × 11,963/72,922                           = 197.5508
   *   30～39  1.314625 × 916 × 13,797/72,922                           = 227.8365
   *   40～49  1.314625 × 916 × 17,941/72,922                           = 296.2684
   *   50～59  1.314625 × 916 × 16,307/72,922                           = 269.2853
   *   60～69  1.314625 × (916 × 7,297/72,922 + 124 × 8,075/17,120)     = 197.3875
   *   70～79  1.314625 × (124 × 9,045/17,120 + 92 × 7,010/12,364)      = 154.6971
   *   80～89  1.314625 × (92 × 5,354/12,364 + 78 × 3,689/5,493)        = 121.2377
   *   90歳以上 1.314625 × (78 × 1,804/5,493 + 20)                       =  59.9687
   *                                                                 sum = 1,663
   */
  const HAND_POPULATION = [
    29.5496, 109.2185, 197.5508, 227.8365, 296.2684, 269.2853, 197.3875, 154.6971, 121.2377,
    59.9687,
  ];

  it('reads the row as the file has it', () => {
    expect(censusRow(TENJIN)).toMatchObject({
      total: 1663,
      age0to14: 35,
      age15to64: 916,
      age65plus: 314,
      age75plus: 190,
      age85plus: 98,
      age95plus: 20,
      secrecy: 0,
      mergedInto: null,
    });
    expect(censusGroupCounts(censusRow(TENJIN))).toEqual([35, 916, 124, 92, 78, 20]);
  });

  it('spreads its population over the 10-year bands', async () => {
    const mesh = (await meshPeople(t.db, [TENJIN])).get(TENJIN)!;
    expect(mesh).toEqual({
      meshCode: TENJIN,
      people: 1663,
      groupCounts: [35, 916, 124, 92, 78, 20],
    });
    const population = bandPopulation(mesh.people, mesh.groupCounts, model.ageStructure);
    population.forEach((people, band) =>
      expect(people, AGE_BANDS[band]).toBeCloseTo(HAND_POPULATION[band]!, 3),
    );
    expect(population.reduce((a, b) => a + b)).toBeCloseTo(1663, 9);
  });

  /*
   * Over 90 days. Band rate = the 2005 outpatient rates weighted by the national structure
   * (0～9: (6,276 × 903.2 + 6,477 × 3,612.8 + 4,030 × 5,089) / 9,605 = 5,161.61; 90歳以上 8,879);
   * daily fill rate = rate / 100,000 × level 0.934820 × fill ratio 0.322147;
   * λ = rate × 90; share = λ / (1 + λ) (k = 1); estimate = round(population × share).
   *
   *   band      rate      daily     λ       share    population  estimate
   *   0～9      5,161.61  0.015544  1.3990  0.58315   29.5496     17
   *   10～19    2,143.67  0.006456  0.5810  0.36749  109.2185     40
   *   20～29    2,512.15  0.007565  0.6809  0.40507  197.5508     80
   *   30～39    3,026.64  0.009115  0.8203  0.45065  227.8365    103
   *   40～49    3,598.76  0.010838  0.9754  0.49377  296.2684    146
   *   50～59    4,985.64  0.015014  1.3513  0.57470  269.2853    155
   *   60～69    8,426.78  0.025377  2.2839  0.69549  197.3875    137
   *   70～79   13,376.06  0.040282  3.6254  0.78380  154.6971    121
   *   80～89   12,859.95  0.038728  3.4855  0.77706  121.2377     94
   *   90歳以上  8,879.00  0.026739  2.4065  0.70644   59.9687     42
   *                                                               total 935
   */
  const HAND_DAILY = [
    0.015544, 0.006456, 0.007565, 0.009115, 0.010838, 0.015014, 0.025377, 0.040282, 0.038728,
    0.026739,
  ];
  const HAND_ESTIMATE_90_DAYS = [17, 40, 80, 103, 146, 155, 137, 121, 94, 42];

  it('estimates its treated patients over 90 days', async () => {
    expect(bandOutpatientRates(model)[0]).toBeCloseTo(5161.61, 2);
    dailyFillRates(model).forEach((rate, band) =>
      expect(rate, AGE_BANDS[band]).toBeCloseTo(HAND_DAILY[band]!, 6),
    );
    const shares = bandTreatedShares(model, 90);
    expect(shares[7]).toBeCloseTo(0.7838, 5);
    const mesh = (await meshPeople(t.db, [TENJIN])).get(TENJIN)!;
    const estimate = meshEstimator(model, 90)(mesh.people, mesh.groupCounts);
    expect(estimate).toEqual(HAND_ESTIMATE_90_DAYS);
    expect(estimate.reduce((a, b) => a + b)).toBe(935);
  });
});

describe('secret meshes', () => {
  /*
   * 503000012 and 503000014 (HTKSYORI 2, 人口 2 each) have their age groups counted in 503000011
   * (HTKSYORI 1, GASSAN 503000012;503000014, 人口 52), whose age groups (0–14 10, 15–64 31,
   * 65–74 9, 75–84 6) cover the 56 people of the three.
   */
  it('take the age profile of the mesh they were merged into, keeping their own people', async () => {
    const meshes = await meshPeople(t.db, ['503000011', '503000012', '503000014']);
    expect(censusRow('503000012')).toMatchObject({ secrecy: 2, mergedInto: '503000011', total: 2 });
    expect(meshes.get('503000012')).toEqual({
      meshCode: '503000012',
      people: 2,
      groupCounts: [10, 31, 9, 6, 0, 0],
    });
    const population = [...meshes.values()].map((m) =>
      bandPopulation(m.people, m.groupCounts, model.ageStructure),
    );
    const group = AGE_BANDS.map((_, band) => population.reduce((s, p) => s + p[band]!, 0));
    // The group's bands hold exactly its 56 people, as its age groups say.
    expect(group.reduce((a, b) => a + b)).toBeCloseTo(56, 9);
    expect(group[0]).toBeCloseTo((10 * 9605) / 14956, 9);
    expect(population[1]!.reduce((a, b) => a + b)).toBeCloseTo(2, 9);
  });

  it('a mesh without any known age takes the national profile', () => {
    const population = bandPopulation(100, [0, 0, 0, 0, 0, 0], model.ageStructure);
    expect(population.reduce((a, b) => a + b)).toBeCloseTo(100, 9);
    // 0～9 of the nation: 9,605 of 125,414 thousand.
    const nation = model.ageStructure.reduce((s, r) => s + r.value, 0);
    expect(population[0]).toBeCloseTo((100 * 9605) / nation, 9);
  });

  it('meshes the census has no row for are left out', async () => {
    expect((await meshPeople(t.db, ['533946201', TENJIN])).has('533946201')).toBe(false);
  });
});

describe('the treated share', () => {
  it('is λ / (1 + λ) with k = 1 and tends to 1 − e^−λ as k grows', () => {
    expect(treatedShare(0.01, 100, 1)).toBeCloseTo(0.5, 12);
    expect(treatedShare(0.01, 100, 1e7)).toBeCloseTo(1 - Math.exp(-1), 6);
    expect(treatedShare(0.02, 0, 1)).toBe(0);
  });

  it('grows with the period and stays below 1', () => {
    const days = [1, 7, 30, 90, 365, 3650];
    for (const rate of dailyFillRates(model)) {
      const shares = days.map((d) => treatedShare(rate, d, model.heterogeneity));
      shares.slice(1).forEach((share, i) => expect(share).toBeGreaterThan(shares[i]!));
      expect(shares.at(-1)).toBeLessThan(1);
    }
  });
});

describe('model versions', () => {
  const copyVersion = async (version: string, effectiveFrom: string, heterogeneity: number) => {
    await t.db
      .insertInto('market_share_models')
      .values({
        version,
        effective_from: effectiveFrom,
        outpatient_rate_per_100k: 5850,
        annual_prescriptions: 855_420_000,
        survey_day_outpatients: 7_275_000,
        heterogeneity,
        sources: 'test',
      })
      .execute();
    for (const table of ['market_share_age_structure', 'market_share_treatment_rates'] as const) {
      const rows = await t.db
        .selectFrom(table)
        .selectAll()
        .where('model_version', '=', model.version)
        .execute();
      await t.db
        .insertInto(table)
        .values(rows.map((r) => ({ ...r, model_version: version })))
        .execute();
    }
  };
  const drop = (version: string) =>
    t.db.deleteFrom('market_share_models').where('version', '=', version).execute();

  it('the newest version effective at the end of the period applies', async () => {
    await copyVersion('test-2030', '2030-01-01', 2);
    try {
      expect((await estimateModelFor(t.db, '2029-12-31')).version).toBe(model.version);
      expect((await estimateModelFor(t.db, '2030-01-01')).heterogeneity).toBe(2);
      // A period before every version takes the oldest.
      expect((await estimateModelFor(t.db, '2001-01-01')).version).toBe(model.version);
    } finally {
      await drop('test-2030');
    }
  });

  it('tables that do not tile the ages are refused, naming the table', async () => {
    await copyVersion('test-gap', '2040-01-01', 1);
    try {
      await t.db
        .deleteFrom('market_share_age_structure')
        .where('model_version', '=', 'test-gap')
        .where('age_from', '=', 20)
        .execute();
      await expect(estimateModelFor(t.db, '2040-01-01')).rejects.toThrow(
        new EstimateModelError(
          'market share model test-gap: market_share_age_structure must continue at age 20, not 25',
        ),
      );
    } finally {
      await drop('test-gap');
    }
  });
});

describe('the trade area', () => {
  const store1001 = { latitude: 33.5914, longitude: 130.4004 };

  it('holds the meshes whose centre lies within the radius, the store’s own among them', () => {
    const codes = meshCodesAround(store1001, 2000);
    expect(codes).toContain(halfMeshCode(store1001.latitude, store1001.longitude));
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes)
      expect(distanceMeters(store1001, meshCentre(code))).toBeLessThanOrEqual(2000);
    // About π × 2² km² over 0.463 km × 0.578 km cells.
    expect(codes.length).toBeGreaterThan(40);
    expect(codes.length).toBeLessThan(55);
    // Every neighbour of the area's cells that is not in it lies beyond the radius.
    const wider = meshCodesAround(store1001, 2600).filter((c) => !codes.includes(c));
    expect(wider.length).toBeGreaterThan(0);
    for (const code of wider)
      expect(distanceMeters(store1001, meshCentre(code))).toBeGreaterThan(2000);
  });
});
