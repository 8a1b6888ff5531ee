import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import iconv from 'iconv-lite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../server/src/testing/test-app.ts';
import { deviceCredentials, uploadFile } from '../../server/src/testing/upload.ts';
import { decodeText } from '@pharmalytics/domain/file-reading';
import { loadConfig } from './config.ts';
import { FIXTURES, identifiersOf, variantsOf } from './testing/fixture-variants.ts';
import { watch } from './uploader.ts';

let t: TestApp;
let folder: string;
beforeAll(async () => {
  t = await startTestApp();
  folder = mkdtempSync(join(tmpdir(), 'uploader-privacy-'));
});
afterAll(async () => {
  await t.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Every row of every tenant table, as text. */
async function storedRows(): Promise<string> {
  const { rows: tables } = await sql<{ table_name: string }>`
    select table_name from information_schema.columns
    where table_schema = current_schema() and column_name = 'corporation_id'`.execute(t.db);
  const parts: string[] = [];
  for (const { table_name } of tables) {
    const { rows } = await sql<{ row: string }>`
      select t::text as row from ${sql.table(table_name)} t`.execute(t.db);
    parts.push(...rows.map((r) => r.row));
  }
  return parts.join('\n');
}

/** Every raw file the server keeps. */
function storedFiles(): Buffer[] {
  const root = join(t.dataDir, 'uploads');
  const files: Buffer[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      // Raw uploads are kept compressed: read what they hold.
      else files.push(path.endsWith('.gz') ? gunzipSync(readFileSync(path)) : readFileSync(path));
    }
  };
  walk(root);
  return files;
}

/** The identifiers found anywhere in what the server stored. */
async function leaked(identifiers: string[]): Promise<string[]> {
  const rows = await storedRows();
  const files = storedFiles();
  return identifiers.filter(
    (name) =>
      rows.includes(name) ||
      files.some((f) => f.includes(Buffer.from(name)) || f.includes(iconv.encode(name, 'cp932'))),
  );
}

describe('patient identifiers never reach the server', () => {
  const identifiers: string[] = [];
  const files: Record<string, Buffer> = {};
  for (const [fixture, path] of Object.entries(FIXTURES)) {
    if (fixture === 'medical') continue;
    const source = readFileSync(path);
    identifiers.push(...identifiersOf(decodeText(source).text));
    for (const [variant, bytes] of Object.entries(variantsOf(source))) {
      files[`${fixture} ${variant}.dat`] = bytes;
    }
  }

  it('whatever way the files are written, the uploader sends them without one', async () => {
    expect(identifiers).toEqual(expect.arrayContaining(['山田　花子', 'ヤマダハナコ', 'P000123']));
    for (const [name, bytes] of Object.entries(files)) writeFileSync(join(folder, name), bytes);
    const { user, key } = await deviceCredentials(t, '1001');
    const config = loadConfig({ serverUrl: t.baseUrl, userName: user, key, folder });
    const log: string[] = [];
    await watch(config, { log: (m) => log.push(m), once: true });

    const uploads = await t.db.selectFrom('uploads').select(['file_name', 'status']).execute();
    // Variants that came out byte for byte the same are one file to the uploader.
    const distinct = new Set(Object.values(files).map((b) => b.toString('base64')));
    expect(uploads).toHaveLength(distinct.size);
    expect(uploads.filter((u) => u.status === 'failed')).toEqual([]);
    const patients = await t.db.selectFrom('patients').select('patient_key').execute();
    expect(patients.length).toBeGreaterThan(3);
    const rejects = await t.db.selectFrom('upload_rejects').select('raw').execute();
    expect(rejects.length).toBeGreaterThan(0);

    expect(await leaked(identifiers)).toEqual([]);
  });

  it('(the check itself finds a name when a file bypasses the uploader)', async () => {
    const bypass = variantsOf(readFileSync(FIXTURES['receipt with bad claims']))[
      'after blank lines'
    ]!;
    const reply = await uploadFile(t, '1001', bypass, 'bypass.cyo');
    expect(reply.body.status).toBe('loaded');
    expect(await leaked(identifiers)).toEqual(
      expect.arrayContaining(['伊藤　美咲', '小林　誠', '加藤　聡']),
    );
  });
});
