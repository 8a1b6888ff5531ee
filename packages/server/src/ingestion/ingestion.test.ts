import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { deviceCredentials, dispensingCsv, uploadFile } from '../testing/upload.ts';
import { SHEETS_PER_ROUND } from './load-prescriptions.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Insurance institution codes of the demo stores. */
const PHARMACY: Record<string, string> = {
  '1001': '4041100018',
  '1002': '4041100026',
  '1003': '4041100034',
  '1004': '4041100042',
  '1005': '4041100059',
  '1006': '4041100067',
  '1007': '4041100075',
};

/** A prescription of a store with one fee and one medicine: (points + 28) × 10 yen. */
function rows(store: string, receptionId: string, date = '2026-04-01', basicPoints = 45) {
  const pharmacy = PHARMACY[store];
  const common = `${pharmacy},${date},09:12,${receptionId},1,P-${receptionId},2,1958-07,8100001,福岡県福岡市中央区天神二丁目,社保,外来,再来,1,4011012345,天神内科クリニック,山本 一郎,内科,P01,田中 誠`;
  return [
    `${common},FEE,120000110,調剤基本料１,調剤基本料,${basicPoints},1,,,`,
    `${common},MEDICINE,2149039F1030,アムロジピン錠５ｍｇ,,28,1,28,錠,`,
  ];
}
const csv = dispensingCsv;
const credentials = (storeCode: string) => deviceCredentials(t, storeCode);

const upload = (storeCode: string, body: Buffer, fileName?: string, key?: string) =>
  uploadFile(t, storeCode, body, fileName, key);

async function facts(storeCode: string) {
  const row = await t.db
    .selectFrom('prescriptions as p')
    .innerJoin('stores as s', (j) =>
      j.onRef('s.id', '=', 'p.store_id').onRef('s.corporation_id', '=', 'p.corporation_id'),
    )
    .select(({ fn }) => [
      fn.countAll<number>().as('count'),
      fn.sum<number>('p.sales_yen').as('sales'),
    ])
    .where('s.store_code', '=', storeCode)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), sales: Number(row.sales ?? 0) };
}

describe('uploads', () => {
  it('loads a file for the device’s store, to the yen', async () => {
    const reply = await upload(
      '1003',
      csv(...rows('1003', 'B1'), ...rows('1003', 'B2')),
      '処方_0401.csv',
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      status: 'loaded',
      format: 'pharmalytics-csv',
      prescriptionsLoaded: 2,
      rowsRefused: 0,
    });
    // (45 + 28) points × 10 yen × 2 prescriptions
    expect(await facts('1003')).toEqual({ count: 2, sales: 1460 });
    const patient = await t.db
      .selectFrom('patients')
      .selectAll()
      .where('patient_key', '=', 'P-B1')
      .executeTakeFirstOrThrow();
    expect(patient).toMatchObject({ town: '天神二丁目', gender: 2, birth_month: '1958-07-01' });
    expect(patient.mesh_code).toMatch(/^5030\d{4}[1-4]$/);
  });

  it('keeps a patient a later file tells nothing new about, and takes a move', async () => {
    const TENJIN = '8100001,福岡県福岡市中央区天神二丁目';
    /** A sheet of patient P-M1 on `date`, living at `home` (zip and address, or both empty). */
    const sheetOf = (receptionId: string, date: string, home: string) =>
      rows('1007', receptionId, date).map((l) =>
        l.replace(`P-${receptionId}`, 'P-M1').replace(TENJIN, home),
      );
    const patient = async () =>
      (
        await sql<{ version: string; zip_code: string | null; town: string | null }>`
          select xmin::text as version, zip_code, town from patients
          where patient_key = 'P-M1'`.execute(t.db)
      ).rows[0]!;
    await upload('1007', csv(...sheetOf('M1', '2026-04-03', TENJIN)));
    const first = await patient();
    expect(first).toMatchObject({ zip_code: '8100001', town: '天神二丁目' });

    // The same home, then no home at all (as the national receipt file tells): the row as it was.
    await upload('1007', csv(...sheetOf('M2', '2026-04-04', TENJIN)));
    await upload('1007', csv(...sheetOf('M3', '2026-04-05', ',')));
    expect(await patient()).toEqual(first);

    await upload(
      '1007',
      csv(...sheetOf('M4', '2026-04-06', '8100041,福岡県福岡市中央区大名一丁目')),
    );
    expect(await patient()).toMatchObject({ zip_code: '8100041', town: '大名一丁目' });
  });

  it('gives medicine lines the generic class of the medicine master', async () => {
    await t.db
      .insertInto('medicine_master')
      .values({
        code: '622224901',
        yj_code: '2171022F1093',
        name: 'アムロジピン錠５ｍｇ',
        unit: '錠',
        price: 10.1,
        generic_class: 3,
      })
      .execute();
    const file = csv(...rows('1002', 'G1').map((l) => l.replace('2149039F1030', '2171022F1093')));
    expect((await upload('1002', file)).body.prescriptionsLoaded).toBe(1);
    const line = await t.db
      .selectFrom('prescription_medicines')
      .select(['yj_code', 'generic_class'])
      .where('code', '=', '2171022F1093')
      .executeTakeFirstOrThrow();
    expect(line).toEqual({ yj_code: '2171022F1093', generic_class: 3 });
  });

  it('recognises the same file sent twice and changes nothing', async () => {
    const file = csv(...rows('1004', 'C1'));
    expect((await upload('1004', file)).body.status).toBe('loaded');
    const before = await facts('1004');
    const again = await upload('1004', file);
    expect(again.body.status).toBe('duplicate');
    expect(await facts('1004')).toEqual(before);
  });

  it('replaces a corrected prescription instead of adding it', async () => {
    await upload('1005', csv(...rows('1005', 'D1', '2026-04-02', 45)));
    const corrected = await upload('1005', csv(...rows('1005', 'D1', '2026-04-02', 29)));
    expect(corrected.body.status).toBe('loaded');
    expect(await facts('1005')).toEqual({ count: 1, sales: (29 + 28) * 10 });
    // The lines of the replaced copy went with it: one fee and one medicine remain, no orphans.
    for (const table of ['prescription_fee_lines', 'prescription_medicines']) {
      const { rows } = await sql<{ store_code: string | null; points: number }>`
        select s.store_code, l.points from ${sql.table(table)} l
        left join prescriptions p on p.corporation_id = l.corporation_id and p.id = l.prescription_id
        left join stores s on s.corporation_id = p.corporation_id and s.id = p.store_id
        where s.store_code = '1005' or p.id is null`.execute(t.db);
      expect(rows.map((l) => [l.store_code, Number(l.points)])).toEqual([
        ['1005', table === 'prescription_fee_lines' ? 29 : 28],
      ]);
    }
  });

  it('loads the good prescriptions of a file and reports the bad lines with their numbers', async () => {
    const bad = rows('1006', 'E2')[0]!.replace('2026-04-01', '2026-13-01');
    const reply = await upload('1006', csv(...rows('1006', 'E1'), bad));
    expect(reply.body).toMatchObject({ status: 'loaded', prescriptionsLoaded: 1, rowsRefused: 1 });
    expect(reply.body.rejected[0].lineNo).toBe(5);
    expect(reply.body.rejected[0].reason).toContain('dispensing_date');
    expect(await facts('1006')).toMatchObject({ count: 1 });
  });

  it('loads a file of more sheets than one round, and replaces them all from its correction', async () => {
    const sheets = SHEETS_PER_ROUND + 1;
    const file = (basicPoints: number) =>
      csv(
        ...Array.from({ length: sheets }, (_, i) =>
          rows('1003', `R${i}`, `2026-05-${String(1 + (i % 28)).padStart(2, '0')}`, basicPoints),
        ).flat(),
      );
    const before = await facts('1003');
    const first = await upload('1003', file(45), 'may.csv');
    expect(first.body).toMatchObject({ status: 'loaded', prescriptionsLoaded: sheets });
    expect(await facts('1003')).toEqual({
      count: before.count + sheets,
      sales: before.sales + sheets * (45 + 28) * 10,
    });
    const corrected = await upload('1003', file(29), 'may-corrected.csv');
    expect(corrected.body).toMatchObject({ status: 'loaded', prescriptionsLoaded: sheets });
    expect(await facts('1003')).toEqual({
      count: before.count + sheets,
      sales: before.sales + sheets * (29 + 28) * 10,
    });
  }, 60_000);

  it('refuses a 医科 receipt file with a message naming the line, loading nothing', async () => {
    const reply = await upload('1001', Buffer.from('IR,1,40,1,1234567,,テスト病院,202604,00\r\n'));
    expect(reply.status).toBe(422);
    expect(reply.body.status).toBe('failed');
    expect(reply.body.message).toContain('1行目');
    expect(await facts('1001')).toEqual({ count: 0, sales: 0 });
  });

  it('does not let a store’s key upload for another store', async () => {
    const other = await credentials('1002');
    const forged = await upload('1001', csv(...rows('1001', 'F1')), 'x.csv', other.key);
    expect(forged.status).toBe(401);
    // The right key of store 1001 with rows of store 1002's pharmacy code: refused line by line.
    const foreignRows = await upload('1001', csv(...rows('1002', 'F2')));
    expect(foreignRows.body).toMatchObject({ prescriptionsLoaded: 0, rowsRefused: 1 });
    expect(foreignRows.body.rejected).toEqual([
      {
        lineNo: 3,
        reason: 'pharmacy_code 4041100026 はこの店舗の保険薬局コード（4041100018）と異なります',
        raw: '',
      },
    ]);
    expect((await facts('1002')).count).toBe(1);
  });

  it('takes a file name that is not valid URL encoding as it came', async () => {
    const c = await credentials('1006');
    const response = await fetch(`${t.baseUrl}/uploader/v1/files`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${c.user}:${c.key}`).toString('base64')}`,
        'content-type': 'application/octet-stream',
        'x-file-name': '100%_sales.csv',
      },
      body: csv(...rows('1006', 'H1')),
    });
    expect(response.status).toBe(200);
    const { uploadId } = (await response.json()) as { uploadId: number };
    const row = await t.db
      .selectFrom('uploads')
      .select('file_name')
      .where('id', '=', uploadId)
      .executeTakeFirstOrThrow();
    expect(row.file_name).toBe('100%_sales.csv');
  });

  it('keeps every file raw and lists the upload history of a store', async () => {
    const client = t.client();
    await client.login('admin@example.com');
    const history = await client.get('/v3/branches/1004/uploads');
    expect(history.body.lastContactAt).not.toBeNull();
    expect(history.body.uploads.map((u: { status: string }) => u.status)).toEqual([
      'duplicate',
      'loaded',
    ]);
    const user = t.client();
    await user.login('user@example.com');
    expect((await user.get('/v3/branches/1004/uploads')).status).toBe(404);
  });

  it('marks a store connected at the uploader’s first contact', async () => {
    const client = t.client();
    await client.login('admin@example.com');
    const before = (await client.get('/v3/branches/1006')).body;
    expect(before.connected).toBe(true); // uploaded above
    const c = await credentials('1003');
    const reply = await fetch(`${t.baseUrl}/uploader/v1/contact`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${c.user}:${c.key}`).toString('base64')}` },
    });
    expect(await reply.json()).toEqual({ storeCode: '1003', storeName: 'はかた薬局 薬院店' });
  });
});
