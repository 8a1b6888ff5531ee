import { describe, expect, it } from 'vitest';
import { MARKET_SHARE_AGE_BANDS } from './filters.ts';
import { acquisitionRate } from './maps.ts';
import {
  areaGroups,
  marketShareCsv,
  selectedAreas,
  selectionTotals,
  type SelectedArea,
} from './market-share-table.ts';
import type { MeshDetail, MeshEstimate } from './schemas/maps.ts';

/** A mesh whose figures are the sums of its bands, as the server answers. */
function mesh(meshCode: string, bands: readonly (readonly [number, number])[]): MeshEstimate {
  const details: MeshDetail[] = MARKET_SHARE_AGE_BANDS.map((ageRangeName, ageRange) => {
    const [count, estimate] = bands[ageRange] ?? [0, 0];
    return {
      ageRange,
      ageRangeName,
      count,
      estimate,
      estimateRate: acquisitionRate(count, estimate),
    };
  });
  const count = details.reduce((s, d) => s + d.count, 0);
  const estimate = details.reduce((s, d) => s + d.estimate, 0);
  return {
    meshCode,
    ageRangeName: '合計',
    count,
    estimate,
    estimateRate: acquisitionRate(count, estimate),
    details,
  };
}

// 3 of 935: 0.32%. The unknown band has a patient and no estimate.
const TENJIN = mesh('503033023', [
  [0, 17],
  [0, 40],
  [0, 80],
  [1, 103],
  [0, 146],
  [0, 155],
  [0, 137],
  [1, 121],
  [0, 94],
  [0, 42],
  [1, 0],
]);
const HARUYOSHI = mesh('503033024', [
  [0, 10],
  [0, 90],
]);
const TOKYO = mesh('533946201', [
  [0, 0],
  [0, 0],
  [0, 0],
  [0, 0],
  [0, 0],
  [2, 0],
]);

const loaded = new Map([TENJIN, TOKYO].map((m) => [m.meshCode, m]));

describe('selectedAreas', () => {
  it('numbers the chosen meshes and takes figures from the map, else from their own call', () => {
    const estimates = new Map<string, MeshEstimate | null>([
      ['503033024', HARUYOSHI],
      ['503033031', null],
    ]);
    const areas = selectedAreas(
      ['503033024', '503033023', '503033031', '503033032'],
      loaded,
      estimates,
    );
    expect(areas.map((a) => [a.number, a.meshCode, a.figures?.count ?? a.figures])).toEqual([
      [1, '503033024', 0],
      [2, '503033023', 3],
      [3, '503033031', null],
      [4, '503033032', undefined],
    ]);
  });
});

describe('selectionTotals', () => {
  const area = (figures: MeshEstimate | null | undefined, number = 1): SelectedArea => ({
    number,
    meshCode: figures?.meshCode ?? '503033031',
    figures,
  });

  it('sums the known meshes and rates the sums', () => {
    // (3 + 0) / (935 + 100) = 0.2898…% → 0.28
    expect(selectionTotals([area(TENJIN), area(HARUYOSHI, 2), area(null, 3)])).toEqual({
      rate: 0.28,
      count: 3,
      estimate: 1035,
    });
    expect(selectionTotals([area(TENJIN)])).toEqual({ rate: 0.32, count: 3, estimate: 935 });
  });

  it("is '-' where nothing is known, and null with nothing chosen", () => {
    expect(selectionTotals([])).toBeNull();
    expect(selectionTotals([area(null), area(undefined, 2)])).toEqual({
      rate: '-',
      count: '-',
      estimate: '-',
    });
    // Patients where the census has nobody.
    expect(selectionTotals([area(TOKYO)])).toEqual({ rate: '-', count: 2, estimate: 0 });
  });
});

describe('areaGroups', () => {
  const groups = areaGroups(
    selectedAreas(['503033023', '503033031'], loaded, new Map([['503033031', null]])),
  );

  it('starts each mesh with its all-ages 合計 row', () => {
    expect(groups.map((g) => g.total)).toEqual([
      { number: 1, meshCode: '503033023', ageBand: '合計', rate: 0.32, count: 3, estimate: 935 },
      { number: 2, meshCode: '503033031', ageBand: '合計', rate: '-', count: '-', estimate: '-' },
    ]);
  });

  it('gives a row per age band, 10 bands and 不明; none for a mesh without result', () => {
    const [tenjin, unknown] = groups;
    expect(tenjin!.ages.map((r) => r.ageBand)).toEqual([...MARKET_SHARE_AGE_BANDS]);
    expect(tenjin!.ages[7]).toEqual({
      number: 1,
      meshCode: '503033023',
      ageBand: '70～79',
      rate: 0.82, // 1 / 121 = 0.826…%: truncated
      count: 1,
      estimate: 121,
    });
    expect(tenjin!.ages[10]).toMatchObject({ ageBand: '不明', rate: '-', count: 1, estimate: 0 });
    expect(tenjin!.ages[0]).toMatchObject({ rate: 0, count: 0, estimate: 17 });
    expect(unknown!.ages).toEqual([]);
  });
});

describe('marketShareCsv', () => {
  it('writes the header, then each mesh with its age bands: text quoted, numbers bare, CRLF, with BOM', () => {
    const groups = areaGroups(
      selectedAreas(
        ['503033024', '503033031'],
        loaded,
        new Map([
          ['503033024', mesh('503033024', [[1, 3]])],
          ['503033031', null],
        ]),
      ),
    );
    const csv = marketShareCsv(groups);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toHaveLength(1 + 1 + 11 + 1 + 1); // header, total + bands, total, final CRLF
    expect(lines.slice(0, 4)).toEqual([
      '"選択番号","エリアID","年代","獲得率","獲得患者数","推計患者数"',
      '1,"503033024","合計",33.33,1,3',
      '1,"503033024","0～9",33.33,1,3',
      '1,"503033024","10～19",0,0,0',
    ]);
    expect(lines.at(-2)).toBe('2,"503033031","合計","-","-","-"');
    expect(lines.at(-1)).toBe('');
  });

  it('is the header alone with nothing chosen', () => {
    expect(marketShareCsv([])).toBe(
      '\uFEFF"選択番号","エリアID","年代","獲得率","獲得患者数","推計患者数"\r\n',
    );
  });
});
