import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { UPLOADER_MESSAGES } from '@pharmalytics/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUpload } from '../../server/src/ingestion/parsers/index.ts';
import { lookupCommand, lookupPatient, MIN_PSEUDONYM_LENGTH } from './lookup.ts';
import { pseudonymize } from './pseudonymize.ts';
import { FIXTURES } from './testing/fixture-variants.ts';

const SECRET = 'store-secret';
let folder: string;

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'uploader-lookup-'));
  for (const path of [FIXTURES.csv, FIXTURES.receipt])
    copyFileSync(path, join(folder, basename(path)));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The patient keys the server stores for a fixture, as it reads what the uploader sends. */
function keysOnServer(path: string): string[] {
  const sent = pseudonymize(readFileSync(path), SECRET);
  if (!sent.ok) throw new Error(sent.message);
  const parsed = parseUpload(sent.bytes);
  if (!parsed.ok) throw new Error('the fixture did not parse');
  return [...new Set(parsed.prescriptions.map((p) => p.patient.key))];
}

describe('lookup of a pseudonym on the store PC', () => {
  it('finds the patient number of our CSV from the key the server holds, with the visits', () => {
    const keys = keysOnServer(FIXTURES.csv);
    const found = keys.map((key) => lookupPatient(folder, key, SECRET));
    expect(found.map((f) => f.map((p) => p.identifier))).toEqual(
      expect.arrayContaining([['P000123'], ['P000456']]),
    );
    const p123 = found.flat().find((p) => p.identifier === 'P000123')!;
    expect(p123).toMatchObject({ kind: 'patientNumber', birth: '1958-07' });
    expect(p123.seen).toContain('2026-04-01');
    expect(p123.files).toEqual(['dispensing_20260401.csv']);
  });

  it('finds the name in the receipt file from the key the server holds, by its first characters too', () => {
    const [key] = keysOnServer(FIXTURES.receipt) as [string];
    const [patient, ...others] = lookupPatient(folder, key.slice(0, MIN_PSEUDONYM_LENGTH), SECRET);
    expect(others).toEqual([]);
    expect(patient).toMatchObject({ kind: 'name', pseudonym: key, files: ['RECEIPTY.CYO'] });
    expect(patient!.identifier).not.toBe('');
  });

  it('refuses a pseudonym it does not hold, one made with another secret, and one too short', () => {
    const [key] = keysOnServer(FIXTURES.csv) as [string];
    expect(lookupCommand(folder, 'another-secret', key)).toEqual({
      exitCode: 1,
      lines: [UPLOADER_MESSAGES.lookupNotFound(key, folder)],
    });
    expect(lookupCommand(folder, SECRET, 'zzzzzzzzzzzz').exitCode).toBe(1);
    expect(lookupCommand(folder, SECRET, key.slice(0, 4))).toEqual({
      exitCode: 2,
      lines: [UPLOADER_MESSAGES.lookupTooShort(MIN_PSEUDONYM_LENGTH)],
    });
    expect(lookupCommand(folder, SECRET, undefined)).toEqual({
      exitCode: 2,
      lines: [UPLOADER_MESSAGES.lookupUsage],
    });
  });

  it('is a command of the uploader that prints the patient and sends nothing', async () => {
    const [key] = keysOnServer(FIXTURES.csv) as [string];
    const bin = fileURLToPath(new URL('../bin/pharmalytics-uploader.mjs', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, [bin, 'lookup', key], {
      env: { ...process.env, PHARMALYTICS_FOLDER: folder, PHARMALYTICS_KEY: SECRET },
    });
    expect(stdout).toContain(`仮名ID: ${key}`);
    expect(stdout).toMatch(/患者番号: P000(123|456)/);
  });
});
