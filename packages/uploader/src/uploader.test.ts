import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FILE_FORMAT_MESSAGES, UPLOADER_MESSAGES } from '@pharmalytics/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../server/src/testing/test-app.ts';
import { ConfigError, loadConfig, type UploaderConfig } from './config.ts';
import { watch } from './uploader.ts';

const HEADER =
  'pharmacy_code,dispensing_date,reception_time,reception_id,prescription_no,patient_id,patient_gender,patient_birth_month,patient_zip,patient_address,insurance_type,reception_type,visit_type,medicine_notebook,institution_code,institution_name,doctor_name,department,pharmacist_code,pharmacist_name,line_type,code,name,category,points,count,quantity,unit,amount';
const line = (receptionId: string) =>
  `4041100018,2026-04-01,09:12,${receptionId},1,P-${receptionId},2,1958-07,,福岡県福岡市中央区天神2丁目8-38,社保,外来,再来,1,4011012345,天神内科クリニック,山本 一郎,内科,P01,田中 誠,FEE,120000110,調剤基本料１,調剤基本料,45,1,,,`;
const csv = (...ids: string[]) => [HEADER, ...ids.map(line)].join('\r\n');

let t: TestApp;
let folder: string;
beforeAll(async () => {
  t = await startTestApp();
  folder = mkdtempSync(join(tmpdir(), 'uploader-'));
});
afterAll(async () => {
  await t.close();
  rmSync(folder, { recursive: true, force: true });
});

async function storeCredentials(storeCode: string) {
  const row = await t.db
    .selectFrom('device_users as u')
    .innerJoin('stores as s', (j) =>
      j.onRef('s.id', '=', 'u.store_id').onRef('s.corporation_id', '=', 'u.corporation_id'),
    )
    .select(['u.user_name', 'u.key_sealed'])
    .where('s.store_code', '=', storeCode)
    .executeTakeFirstOrThrow();
  return { userName: row.user_name, key: t.box.open(row.key_sealed) };
}

async function configFor(dir: string, serverUrl = t.baseUrl): Promise<UploaderConfig> {
  const { userName, key } = await storeCredentials('1001');
  return loadConfig({
    serverUrl,
    userName,
    key,
    folder: dir,
    intervalSeconds: '1',
    maxBackoffSeconds: '1',
  });
}

const uploadsOf = (db = t.db) =>
  db.selectFrom('uploads').select(['file_name', 'status']).orderBy('id').execute();
const silent = () => {};

describe('uploader against a running server', () => {
  it('sends new files once, also after a restart, without patient ids or house numbers', async () => {
    const dir = mkdtempSync(join(folder, 'a-'));
    writeFileSync(join(dir, 'day1.csv'), csv('U1', 'U2'));
    const config = await configFor(dir);
    await watch(config, { log: silent, once: true });
    expect(await uploadsOf()).toEqual([{ file_name: 'day1.csv', status: 'loaded' }]);
    const patients = await t.db.selectFrom('patients').select(['patient_key', 'town']).execute();
    expect(patients.map((p) => p.patient_key)).not.toContain('P-U1');
    expect(patients[0]!.town).toBe('天神二丁目');

    // A new run (as after a restart) reads the remembered state: nothing is sent twice.
    writeFileSync(join(dir, 'day2.csv'), csv('U3'));
    await watch(await configFor(dir), { log: silent, once: true });
    expect((await uploadsOf()).map((u) => u.file_name)).toEqual(['day1.csv', 'day2.csv']);
  });

  it('keeps trying while the server is down and delivers once it is up', async () => {
    const port = await freePort();
    const dir = mkdtempSync(join(folder, 'b-'));
    writeFileSync(join(dir, 'late.csv'), csv('L1'));
    const config = await configFor(dir, `http://127.0.0.1:${port}`);
    const log: string[] = [];
    const controller = new AbortController();
    const running = watch(config, { log: (m) => log.push(m), signal: controller.signal });
    await new Promise((r) => setTimeout(r, 1500));
    expect(log.some((m) => m.includes('再試行します'))).toBe(true);

    // The demo keys are random per server: the uploader is given this server's key before the
    // server answers, or a retry in between would be refused as bad credentials (and stop).
    const late = await startTestApp({
      port,
      beforeListen: async (db, box) => {
        const { userName, key } = await db
          .selectFrom('device_users as u')
          .innerJoin('stores as s', (j) => j.onRef('s.id', '=', 'u.store_id'))
          .select(['u.user_name', 'u.key_sealed'])
          .where('s.store_code', '=', '1001')
          .executeTakeFirstOrThrow()
          .then((r) => ({ userName: r.user_name, key: box.open(r.key_sealed) }));
        Object.assign(config, { userName, key });
      },
    });
    try {
      // Until the server has finished with the file (the row exists from its arrival on).
      await waitFor(
        async () => (await uploadsOf(late.db)).some((u) => u.status !== 'received'),
        20_000,
      );
      expect(await uploadsOf(late.db)).toEqual([{ file_name: 'late.csv', status: 'loaded' }]);
    } finally {
      controller.abort();
      await running;
      await late.close();
    }
  });

  it('logs a file the server refuses and goes on with the next one', async () => {
    const dir = mkdtempSync(join(folder, 'c-'));
    // A name the server cannot take (a control character), then a good file.
    writeFileSync(join(dir, 'bad\u0001name.csv'), csv('N1'));
    writeFileSync(join(dir, 'next.csv'), csv('N2'));
    const log: string[] = [];
    await watch(await configFor(dir), { log: (m) => log.push(m), once: true });
    expect(log).toContainEqual(
      expect.stringMatching(/bad.name\.csv: 取り込めませんでした。HTTP 400/),
    );
    expect(log).toContainEqual(UPLOADER_MESSAGES.loaded('next.csv', 1, 0));
    expect((await uploadsOf()).map((u) => u.file_name)).toContain('next.csv');
  });

  it('does not send a file that is neither of the two formats', async () => {
    const dir = mkdtempSync(join(folder, 'd-'));
    writeFileSync(join(dir, 'memo.txt'), '山田 花子 様 来週来局\n');
    const before = await uploadsOf();
    const log: string[] = [];
    await watch(await configFor(dir), { log: (m) => log.push(m), once: true });
    expect(log).toContainEqual(
      UPLOADER_MESSAGES.notSent('memo.txt', FILE_FORMAT_MESSAGES.unknown(1)),
    );
    expect(await uploadsOf()).toEqual(before);
  });

  it('refuses a user or device name with a control character before connecting', () => {
    const settings = { serverUrl: t.baseUrl, userName: 'store-1001', key: 'k', folder };
    expect(() => loadConfig({ ...settings, deviceName: '受付PC\u0000' })).toThrow(
      new ConfigError(UPLOADER_MESSAGES.controlCharacterSetting('deviceName')),
    );
    expect(() => loadConfig({ ...settings, userName: 'store\n1001' })).toThrow(
      new ConfigError(UPLOADER_MESSAGES.controlCharacterSetting('userName')),
    );
  });

  it('stops with exit code 2 and a Japanese message on wrong credentials', async () => {
    const cli = fileURLToPath(new URL('../bin/pharmalytics-uploader.mjs', import.meta.url));
    // Run asynchronously: the server answering it lives in this process.
    const failure = await promisify(execFile)(process.execPath, [
      cli,
      '--serverUrl',
      t.baseUrl,
      '--userName',
      'store-1001',
      '--key',
      'wrong',
      '--folder',
      folder,
      '--once',
    ]).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 2 });
    expect((failure as { stderr: string }).stderr).toContain(UPLOADER_MESSAGES.badCredentials);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}
