import { UPLOAD_MESSAGES } from '@pharmalytics/domain';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { uploadAs, uploadFile } from '../testing/upload.ts';
import { beginLoad, endLoad, recoverInterruptedLoads } from './interrupted-loads.ts';
import { rawFilePath } from './upload-store.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function store(storeCode: string) {
  return t.db
    .selectFrom('stores')
    .select(['corporation_id', 'id'])
    .where('store_code', '=', storeCode)
    .executeTakeFirstOrThrow();
}

/** What a process killed in the middle of a load leaves: its note and the raw file. */
async function killedLoad(storeCode: string, hash: string, fileName = 'killed.csv') {
  const s = await store(storeCode);
  const path = rawFilePath(t.dataDir, s.corporation_id, s.id, hash);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, 'raw');
  await t.db
    .insertInto('upload_loads')
    .values({
      corporation_id: s.corporation_id,
      store_id: s.id,
      file_name: fileName,
      content_hash: hash,
      size_bytes: 3,
    })
    .execute();
  return { ...s, path };
}

const rowsOf = (hash: string) =>
  t.db
    .selectFrom('uploads')
    .select(['file_name', 'status', 'message', 'size_bytes'])
    .where('content_hash', '=', hash)
    .orderBy('id')
    .execute();

describe('loads a stopped server left under way', () => {
  it('become failed uploads in the history, and their raw files go', async () => {
    const killed = await killedLoad('1001', 'a'.repeat(64));
    expect(await recoverInterruptedLoads(t.db, t.dataDir)).toBe(1);
    expect(await rowsOf('a'.repeat(64))).toEqual([
      { file_name: 'killed.csv', status: 'failed', message: UPLOAD_MESSAGES.failed, size_bytes: 3 },
    ]);
    expect(existsSync(killed.path)).toBe(false);
    expect(await t.db.selectFrom('upload_loads').selectAll().execute()).toEqual([]);
    // Done once: a second pass finds nothing.
    expect(await recoverInterruptedLoads(t.db, t.dataDir)).toBe(0);
  });

  it('keep a raw file that another upload of the store has', async () => {
    const hash = 'b'.repeat(64);
    const killed = await killedLoad('1002', hash, 'again.csv');
    await t.db
      .insertInto('uploads')
      .values({
        corporation_id: killed.corporation_id,
        store_id: killed.id,
        file_name: 'first.csv',
        content_hash: hash,
        size_bytes: 3,
        status: 'failed',
        message: 'unreadable',
      })
      .execute();
    expect(await recoverInterruptedLoads(t.db, t.dataDir)).toBe(1);
    expect((await rowsOf(hash)).map((r) => [r.file_name, r.status])).toEqual([
      ['first.csv', 'failed'],
      ['again.csv', 'failed'],
    ]);
    expect(existsSync(killed.path)).toBe(true);
  });

  it('leave alone the loads of this process and notes younger than asked', async () => {
    const s = await store('1003');
    const own = await beginLoad(t.db, {
      corporation_id: s.corporation_id,
      store_id: s.id,
      file_name: 'loading.csv',
      content_hash: 'c'.repeat(64),
      size_bytes: 3,
    });
    const young = await killedLoad('1004', 'd'.repeat(64));
    expect(await recoverInterruptedLoads(t.db, t.dataDir, 60_000)).toBe(0);
    expect(existsSync(young.path)).toBe(true);
    await endLoad(t.db, s.corporation_id, own);
    expect(await recoverInterruptedLoads(t.db, t.dataDir)).toBe(1);
    expect(await rowsOf('c'.repeat(64))).toEqual([]);
    expect(existsSync(young.path)).toBe(false);
  });

  it('leave no note behind a load that ends, whatever its end', async () => {
    const loaded = await uploadAs(t, '1005', [
      `4041100059,2026-04-01,09:12,R-NOTE,1,P-NOTE,2,1958-07,,,社保,外来,再来,1,4011012345,天神内科クリニック,,,,,FEE,120000110,調剤基本料１,調剤基本料,45,1,,,`,
    ]);
    expect(loaded.body.status).toBe('loaded');
    const unreadable = await uploadFile(t, '1005', Buffer.from('not a dispensing file'));
    expect(unreadable.body.status).toBe('failed');
    expect(await t.db.selectFrom('upload_loads').selectAll().execute()).toEqual([]);
  });
});
