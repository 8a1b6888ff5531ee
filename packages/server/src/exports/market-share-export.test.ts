import {
  areaGroups,
  areaRows,
  CONDITION_LABELS,
  EXPORT_TEXTS,
  exportContracts,
  INPUT_LIMITS,
  INPUT_MESSAGES,
  MARKET_SHARE_CSV,
  MARKET_SHARE_LABELS,
  MESSAGES,
  NO_VALUE,
  selectedAreas,
  selectionTotals,
  type AreaFigures,
  type MarketShareResponse,
  type MeshEstimate,
} from '@pharmalytics/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMastersIfEmpty } from '../masters/seed-masters.ts';
import { signInDemoMembers, type DemoMember } from '../testing/auth.ts';
import type { HttpClient } from '../testing/http-client.ts';
import {
  MARKET_SHARE_PERIOD as PERIOD,
  MARKET_SHARE_SHEETS,
  TENJIN_MESH as TENJIN,
  uploadMarketShareSheets,
} from '../testing/market-share-sheets.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

/**
 * The acquisition-rate table's workbook, read back with exceljs and held against the map's JSON
 * through the table's one definition. The meshes are chosen in this order: 春吉 (in the map's
 * answer, no patients), 天神 (the store's own mesh: 3 of 935, 0.32%), 千代田 (a patient where the
 * census has nobody: '-'), and a mesh of 小倉 the map's answer does not hold (its own estimate).
 */
const HARUYOSHI = '503033024';
const TOKYO = '533946201';
const KOKURA_NEIGHBOUR = '503067603';
const CHOSEN = [HARUYOSHI, TENJIN, TOKYO, KOKURA_NEIGHBOUR];
const CORPORATION = '株式会社博多ファーマシー';
const STORE = 'はかた薬局 天神店';

let t: TestApp;
let clients: Record<DemoMember, HttpClient>;
beforeAll(async () => {
  t = await startTestApp();
  await seedMastersIfEmpty(t.db);
  await uploadMarketShareSheets(t, MARKET_SHARE_SHEETS);
  clients = await signInDemoMembers(t);
}, 120_000);
afterAll(() => t.close());

type Query = Record<string, string>;
const xlsxPath = (query: Query = {}) =>
  `${exportContracts.marketShareXlsx.path}?${new URLSearchParams({
    ...PERIOD,
    store_code: '1001',
    mesh_codes: CHOSEN.join(','),
    ...query,
  })}`;

async function workbook(client: HttpClient, path: string) {
  const reply = await client.get(path);
  expect(reply.status, reply.bytes.toString('utf8').slice(0, 200)).toBe(200);
  expect(reply.headers.get('content-type')).toBe(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  // Streamed as exceljs writes it: no length is sent ahead.
  expect(reply.headers.get('transfer-encoding')).toBe('chunked');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(reply.bytes as unknown as ArrayBuffer);
  return { book, disposition: decodeURIComponent(reply.headers.get('content-disposition')!) };
}

/** A row's values from column 1 (exceljs keeps index 0 empty). */
const rowValues = (ws: ExcelJS.Worksheet, n: number) =>
  (ws.getRow(n).values as ExcelJS.CellValue[]).slice(1);

/** The conditions block, a blank row, then the header: the table starts below it. */
const HEADER_ROW = 9;

/** A figure as its cell holds it: the screen's '-' is an empty cell. */
const cell = (value: AreaFigures['rate']) => (value === NO_VALUE ? undefined : value);

describe('GET /v3/xlsx/market_share', () => {
  let book: ExcelJS.Workbook;
  let ws: ExcelJS.Worksheet;
  let disposition: string;
  beforeAll(async () => {
    ({ book, disposition } = await workbook(clients.admin, xlsxPath()));
    ws = book.worksheets[0]!;
  });

  it('names the file by the table and the period, the sheet in Japanese', () => {
    expect(disposition).toContain('Pharmalytics_患者獲得率_2025-01-01_2025-03-31.xlsx');
    expect(book.worksheets.map((s) => s.name)).toEqual([MARKET_SHARE_LABELS.table]);
  });

  it('opens with the conditions: corporation, store, period, the chosen meshes, time made', () => {
    const block = Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((n) => rowValues(ws, n)));
    expect(block).toEqual({
      [CONDITION_LABELS.corporation]: CORPORATION,
      [CONDITION_LABELS.stores]: `${STORE}（1店舗）`,
      [CONDITION_LABELS.period]: '2025/01/01〜2025/03/31',
      [CONDITION_LABELS.comparison]: 'なし',
      [CONDITION_LABELS.filters]: 'なし',
      [CONDITION_LABELS.selection]: `1. ${HARUYOSHI}、2. ${TENJIN}、3. ${TOKYO}、4. ${KOKURA_NEIGHBOUR}（4エリア）`,
      [CONDITION_LABELS.madeAt]: expect.stringMatching(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/),
    });
    expect(rowValues(ws, 8)).toEqual([]);
    expect(rowValues(ws, HEADER_ROW)).toEqual([...MARKET_SHARE_CSV.header]);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: HEADER_ROW });
  });

  it('holds the rows the screen draws from the map’s JSON: each mesh’s 合計 and its age bands', async () => {
    const map = await clients.admin.get<MarketShareResponse>(
      `/v3/market_share/?${new URLSearchParams({ ...PERIOD, store_code: '1001' })}`,
    );
    expect(map.status).toBe(200);
    const loaded = new Map(map.body.estimatedPatientCounts.map((m) => [m.meshCode, m]));
    // The last mesh is outside the map's answer: the screen asks for its own estimate.
    expect(CHOSEN.filter((code) => !loaded.has(code))).toEqual([KOKURA_NEIGHBOUR]);
    const own = await clients.admin.get<MeshEstimate[]>(
      `/v3/estimate_count/?${new URLSearchParams({ ...PERIOD, mesh_code: KOKURA_NEIGHBOUR })}`,
    );
    const estimates = new Map([[KOKURA_NEIGHBOUR, own.body[0]!]]);
    const areas = selectedAreas(CHOSEN, loaded, estimates);
    const expected = areaRows(areaGroups(areas));
    // Four meshes, each 合計 and 11 bands.
    expect(expected).toHaveLength(4 * 12);
    expect(ws.rowCount).toBe(HEADER_ROW + expected.length + 1);
    expected.forEach((row, i) => {
      expect(rowValues(ws, HEADER_ROW + 1 + i), `${row.meshCode} ${row.ageBand}`).toEqual([
        row.number,
        row.meshCode,
        row.ageBand,
        cell(row.rate),
        cell(row.count),
        cell(row.estimate),
      ]);
    });
    const totals = selectionTotals(areas)!;
    expect(rowValues(ws, ws.rowCount)).toEqual([
      MARKET_SHARE_LABELS.summary,
      undefined,
      undefined,
      cell(totals.rate),
      totals.count,
      totals.estimate,
    ]);
  });

  it('writes the figures the spec gives as numbers, in % and 人', () => {
    const tenjin = ws.getRow(HEADER_ROW + 1 + 12);
    expect(rowValues(ws, tenjin.number)).toEqual([2, TENJIN, '合計', 0.32, 3, 935]);
    expect(tenjin.getCell(1).type).toBe(ExcelJS.ValueType.Number);
    expect(tenjin.getCell(2).type).toBe(ExcelJS.ValueType.String);
    for (const column of [4, 5, 6]) {
      expect(tenjin.getCell(column).type).toBe(ExcelJS.ValueType.Number);
    }
    expect(tenjin.getCell(4).numFmt).toBe('0.00"%"');
    expect(tenjin.getCell(5).numFmt).toBe('#,##0"人"');
    expect(tenjin.getCell(6).numFmt).toBe('#,##0"人"');
    // 70～79: 1 of 121 is 0.826…%, truncated as the screen truncates it.
    expect(rowValues(ws, tenjin.number + 8)).toEqual([2, TENJIN, '70～79', 0.82, 1, 121]);
    // 千代田: a patient and no estimate, a rate that cannot be computed.
    const tokyo = ws.getRow(HEADER_ROW + 1 + 24);
    expect(rowValues(ws, tokyo.number)).toEqual([3, TOKYO, '合計', undefined, 1, 0]);
    expect(tokyo.getCell(4).type).toBe(ExcelJS.ValueType.Null);
  });
});

describe('refusals', () => {
  it('follow the page: the basic and free plans, other corporations and a visitor are refused', async () => {
    const asked = [
      [clients.basic, '3001', 403],
      [clients.free, '2001', 403],
      [clients.admin, '3001', 403],
      [clients.user, '1003', 403],
      [t.client(), '1001', 401],
    ] as const;
    for (const [client, storeCode, status] of asked) {
      const reply = await client.get(xlsxPath({ store_code: storeCode }));
      expect(reply.status, storeCode).toBe(status);
      expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    }
    const basic = await clients.basic.get(xlsxPath({ store_code: '3001' }));
    expect(basic.body).toMatchObject({ message: EXPORT_TEXTS.xlsxFailed });
    // A role user exports the stores it browses.
    expect((await clients.user.get(xlsxPath({ store_code: '1002' }))).status).toBe(200);
  });

  it('answer bad input with a JSON error, before any byte of a workbook', async () => {
    const refusal = (path: string, message: string) => ({
      statusCode: 400,
      message: 'validation error',
      errors: [{ path, message }],
    });
    const cases: [Query, ReturnType<typeof refusal>][] = [
      [{ mesh_codes: '' }, refusal('mesh_codes', INPUT_MESSAGES.meshCodesRequired)],
      [
        { mesh_codes: `${TENJIN},${HARUYOSHI},${TENJIN}` },
        refusal('mesh_codes', INPUT_MESSAGES.meshCodesRepeated),
      ],
      [{ mesh_codes: `${TENJIN},50303302x` }, refusal('mesh_codes', INPUT_MESSAGES.meshCodeList)],
      [
        { mesh_codes: `${TENJIN};${HARUYOSHI}` },
        refusal('mesh_codes', INPUT_MESSAGES.meshCodeList),
      ],
      [
        {
          mesh_codes: Array.from({ length: INPUT_LIMITS.meshCodesMax + 1 }, () => TENJIN).join(','),
        },
        refusal('mesh_codes', INPUT_MESSAGES.meshCodesTooMany(INPUT_LIMITS.meshCodesMax)),
      ],
      [{ store_code: '' }, refusal('store_code', MESSAGES.selectStore)],
    ];
    for (const [query, body] of cases) {
      const reply = await clients.admin.get(xlsxPath(query));
      expect(reply.body, JSON.stringify(query).slice(0, 80)).toEqual(body);
    }
    const reversed = await clients.admin.get(xlsxPath({ from: PERIOD.to, to: PERIOD.from }));
    expect(reversed.status).toBe(400);
    expect(reversed.headers.get('content-type')).toMatch(/^application\/json/);
    expect(reversed.body.message).toMatch(/./);
  });

  it('take the most meshes a workbook holds', async () => {
    // Distinct codes in the order chosen: the selection numbers follow it.
    const many = Array.from(
      { length: INPUT_LIMITS.meshCodesMax },
      (_, i) => `5030${String(3300 + Math.floor(i / 4)).padStart(4, '0')}${(i % 4) + 1}`,
    );
    expect(new Set(many).size).toBe(many.length);
    const { book } = await workbook(clients.admin, xlsxPath({ mesh_codes: many.join(',') }));
    const ws = book.worksheets[0]!;
    expect(rowValues(ws, HEADER_ROW + 1).slice(0, 3)).toEqual([1, many[0], '合計']);
  }, 60_000);
});
