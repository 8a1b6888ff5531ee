import { CSV_COLUMNS, UPLOAD_MESSAGES } from '@pharmalytics/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { deviceCredentials, dispensingCsv, uploadFile } from '../testing/upload.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** One CSV line of store 1001's pharmacy, with some columns set. */
function line(values: Partial<Record<(typeof CSV_COLUMNS)[number], string>> = {}) {
  const base: Record<string, string> = {
    pharmacy_code: '4041100018',
    dispensing_date: '2026-04-01',
    reception_id: 'R1',
    prescription_no: '1',
    patient_id: 'K1',
    insurance_type: '社保',
    reception_type: '外来',
    institution_code: '4011012345',
    institution_name: '天神内科クリニック',
    line_type: 'MEDICINE',
    code: '2149039F1030',
    name: 'アムロジピン錠',
    points: '28',
    count: '1',
    quantity: '28',
    ...values,
  };
  return CSV_COLUMNS.map((c) => base[c] ?? '').join(',');
}

async function basic(storeCode: string) {
  const c = await deviceCredentials(t, storeCode);
  return `Basic ${Buffer.from(`${c.user}:${c.key}`).toString('base64')}`;
}

async function post(path: string, headers: Record<string, string>, body?: string | Buffer) {
  const response = await fetch(`${t.baseUrl}${path}`, { method: 'POST', headers, body });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const uploadRows = () =>
  t.db
    .selectFrom('uploads')
    .select(['id', 'file_name', 'status', 'message'])
    .orderBy('id')
    .execute();

describe('the uploader API answers bad input with a clear 4xx and leaves nothing half done', () => {
  it('refuses a file name with a NUL or another control character', async () => {
    const before = await uploadRows();
    for (const name of ['a%00b.csv', 'a%01b.csv', 'line%0Abreak.csv', 'del%7F.csv']) {
      const reply = await post(
        '/uploader/v1/files',
        {
          authorization: await basic('1001'),
          'content-type': 'application/octet-stream',
          'x-file-name': name,
        },
        dispensingCsv(line()),
      );
      expect(reply.status, name).toBe(400);
      expect(reply.body.message).toMatch(/X-File-Name/);
    }
    expect(await uploadRows()).toEqual(before);
  });

  it('refuses a device name with a control character, and the device keeps working', async () => {
    const authorization = await basic('1002');
    const bad = await post('/uploader/v1/contact', { authorization, 'x-device-name': 'PC%00' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/X-Device-Name/);
    const good = await post('/uploader/v1/contact', { authorization, 'x-device-name': 'PC' });
    expect(good.status).toBe(200);
    const again = await post('/uploader/v1/contact', { authorization });
    expect(again.status).toBe(200);
  });

  it('answers 401 to a user name or key with a NUL', async () => {
    const c = await deviceCredentials(t, '1001');
    for (const pair of [`${c.user}\u0000:${c.key}`, `\u0000:x`, `${c.user}:${c.key}\u0000`]) {
      const reply = await post('/uploader/v1/contact', {
        authorization: `Basic ${Buffer.from(pair).toString('base64')}`,
      });
      expect(reply.status).toBe(401);
    }
  });

  it('answers 415 to a file sent as JSON or text, before reading it', async () => {
    const before = await uploadRows();
    for (const [type, body] of [
      ['application/json', '{"a":1}'],
      ['text/plain', 'hello'],
    ] as const) {
      const reply = await post(
        '/uploader/v1/files',
        {
          authorization: await basic('1001'),
          'content-type': type,
          'x-file-name': 'x.csv',
        },
        body,
      );
      expect(reply.status, type).toBe(415);
      expect(reply.body.message).toMatch(/application\/octet-stream/);
    }
    expect(await uploadRows()).toEqual(before);
  });

  it('refuses points beyond the column range by line number and loads the rest', async () => {
    const reply = await uploadFile(
      t,
      '1001',
      dispensingCsv(
        line({ reception_id: 'BIG', points: '99999999999' }),
        line({
          reception_id: 'BIG',
          line_type: 'FEE',
          code: '120000110',
          category: '調剤基本料',
          points: '100000000',
          quantity: '',
        }),
        line({ reception_id: 'OK1' }),
        line({ reception_id: 'QTY', quantity: '123456789012' }),
      ),
      'big-points.csv',
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ status: 'loaded', prescriptionsLoaded: 1, rowsRefused: 3 });
    const reasons = reply.body.rejected.map((r: { lineNo: number; reason: string }) => [
      r.lineNo,
      r.reason,
    ]);
    expect(reasons).toEqual([
      [3, expect.stringContaining('points は 9999999999.99 まで')],
      [4, expect.stringContaining('points は -99999999.99 から 99999999.99 まで')],
      [6, expect.stringContaining('quantity は 99999999999.999 まで')],
    ]);
  });

  it('refuses a prescription of 40,000 lines, reporting its lines, instead of failing', async () => {
    const lines = Array.from({ length: 40_000 }, () => line({ reception_id: 'HUGE' }));
    const reply = await uploadFile(
      t,
      '1001',
      dispensingCsv(...lines, line({ reception_id: 'OK2' })),
      'huge.csv',
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      status: 'loaded',
      prescriptionsLoaded: 1,
      rowsRefused: 40_000,
    });
    expect(reply.body.rejected[0]).toMatchObject({
      lineNo: 3,
      reason: expect.stringContaining('32767'),
    });
  }, 120_000);

  it('refuses lines holding a NUL or another control character, keeping the file loadable', async () => {
    const reply = await uploadFile(
      t,
      '1001',
      dispensingCsv(
        line({ reception_id: 'NUL', name: 'ア\u0000ムロ' }),
        line({ reception_id: 'OK3', name: 'タブ\tあり' }),
        line({ reception_id: 'SUB', name: 'x\u001ay' }),
      ),
      'control.csv',
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ status: 'loaded', prescriptionsLoaded: 1, rowsRefused: 2 });
    expect(reply.body.rejected.map((r: { lineNo: number }) => r.lineNo)).toEqual([3, 5]);
    expect(reply.body.rejected[0].reason).toContain('制御文字');
    expect(reply.body.rejected[0].raw).not.toContain('\u0000');
  });

  it('records a load that fails in the database as failed, with its reason, loading nothing', async () => {
    await sql`
      create function refuse_prescription() returns trigger language plpgsql as $$
      begin
        if new.reception_id = 'BOOM' then raise exception 'refused by test'; end if;
        return new;
      end $$`.execute(t.db);
    await sql`create trigger refuse before insert on prescriptions
      for each row execute function refuse_prescription()`.execute(t.db);
    try {
      const reply = await uploadFile(
        t,
        '1001',
        dispensingCsv(line({ reception_id: 'FINE' }), line({ reception_id: 'BOOM' })),
        'boom.csv',
      );
      expect(reply.status).toBe(500);
    } finally {
      await sql`drop trigger refuse on prescriptions`.execute(t.db);
      await sql`drop function refuse_prescription`.execute(t.db);
    }
    const rows = await uploadRows();
    expect(rows.at(-1)).toMatchObject({
      file_name: 'boom.csv',
      status: 'failed',
      message: UPLOAD_MESSAGES.failed,
    });
    const fine = await t.db
      .selectFrom('prescriptions')
      .select('id')
      .where('reception_id', '=', 'FINE')
      .execute();
    expect(fine).toEqual([]);
  });

  it('never leaves an upload row received: every one of this file ends loaded or failed', async () => {
    const rows = await uploadRows();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.status === 'received')).toEqual([]);
  });
});
