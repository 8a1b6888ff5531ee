import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import {
  csvHeaderPosition,
  detectFileFormat,
  isBlankRecord,
  physicalLines,
  receiptRecordId,
  UPLOADER_MESSAGES,
} from '@pharmalytics/domain';
import { decodeText, readCsvRecords } from '@pharmalytics/domain/file-reading';
import { patientKey } from './pseudonymize.ts';

/** The shortest start of a pseudonym that is looked up (a screen may show it cut). */
export const MIN_PSEUDONYM_LENGTH = 8;

/** A patient of the store's own files whose pseudonym matched, as the receipt computer knows it. */
export interface PatientFound {
  /** 患者番号 (our CSV) or 氏名 (the receipt file). */
  identifier: string;
  kind: 'patientNumber' | 'name';
  /** 生年月 (CSV) or 生年月日 (receipt file), as written. */
  birth: string;
  pseudonym: string;
  /** Dispensing dates (CSV) or 調剤年月 (receipt file) seen, newest first. */
  seen: string[];
  files: string[];
}

interface Sighting {
  identifier: string;
  kind: PatientFound['kind'];
  birth: string;
  pseudonym: string;
  seen: string;
}

function csvSightings(text: string, secret: string): Sighting[] {
  const read = readCsvRecords(text);
  if (!read.ok) return [];
  const records = read.records.filter((r) => !isBlankRecord(r.fields));
  const { headerAt } = csvHeaderPosition(records.map((r) => r.fields));
  if (headerAt === null) return [];
  const names = records[headerAt]!.fields.map((f) => f.trim());
  const at = (column: string) => names.indexOf(column);
  const [idAt, birthAt, dateAt] = [
    at('patient_id'),
    at('patient_birth_month'),
    at('dispensing_date'),
  ];
  if (idAt < 0) return [];
  return records.slice(headerAt + 1).flatMap((r) => {
    const id = r.fields[idAt]?.trim();
    if (!id || r.fields.length !== names.length) return [];
    return [
      {
        identifier: id,
        kind: 'patientNumber' as const,
        birth: r.fields[birthAt]?.trim() ?? '',
        pseudonym: patientKey(secret, id),
        seen: r.fields[dateAt]?.trim() ?? '',
      },
    ];
  });
}

/** The RE record's columns the pseudonymiser reads (see pseudonymize.ts). */
const RE = { yearMonth: 3, name: 4, birthDate: 6 } as const;

function receiptSightings(text: string, secret: string): Sighting[] {
  return physicalLines(text).flatMap((line) => {
    if (receiptRecordId(line) !== 'RE') return [];
    const fields = line.split(',').map((f) => f.trim());
    const name = fields[RE.name];
    if (!name) return [];
    const birth = fields[RE.birthDate] ?? '';
    return [
      {
        identifier: name,
        kind: 'name' as const,
        birth,
        pseudonym: patientKey(secret, name, birth),
        seen: fields[RE.yearMonth] ?? '',
      },
    ];
  });
}

/** Patients seen in one file of the receipt computer, with their pseudonyms. */
export function sightingsIn(source: Uint8Array, secret: string): Sighting[] {
  let text: string;
  try {
    text = decodeText(source).text;
  } catch {
    return [];
  }
  const { format } = detectFileFormat(text);
  if (format === 'uke') return receiptSightings(text, secret);
  if (format === 'pharmalytics-csv') return csvSightings(text, secret);
  return [];
}

/**
 * Resolves a pseudonym shown on Pharmalytics to the patients of the store's own files whose
 * pseudonym starts with it. Runs on the store PC only: nothing is sent anywhere.
 */
export function lookupPatient(folder: string, pseudonym: string, secret: string): PatientFound[] {
  const found = new Map<string, PatientFound>();
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (name.startsWith('.') || !statSync(path).isFile()) continue;
    for (const s of sightingsIn(readFileSync(path), secret)) {
      if (!s.pseudonym.startsWith(pseudonym)) continue;
      const patient = found.get(s.pseudonym) ?? {
        identifier: s.identifier,
        kind: s.kind,
        birth: s.birth,
        pseudonym: s.pseudonym,
        seen: [],
        files: [],
      };
      if (s.seen && !patient.seen.includes(s.seen)) patient.seen.push(s.seen);
      if (!patient.files.includes(basename(path))) patient.files.push(basename(path));
      found.set(s.pseudonym, patient);
    }
  }
  for (const p of found.values()) p.seen.sort().reverse();
  return [...found.values()];
}

const LABELS = { patientNumber: '患者番号', name: '氏名' } as const;
const SHOWN_VISITS = 5;

/** `pharmalytics-uploader lookup <pseudonym>`: what to print, and the exit code. */
export function lookupCommand(
  folder: string,
  secret: string,
  pseudonym: string | undefined,
): { exitCode: number; lines: string[] } {
  const wanted = pseudonym?.trim() ?? '';
  if (!wanted) return { exitCode: 2, lines: [UPLOADER_MESSAGES.lookupUsage] };
  if (wanted.length < MIN_PSEUDONYM_LENGTH)
    return { exitCode: 2, lines: [UPLOADER_MESSAGES.lookupTooShort(MIN_PSEUDONYM_LENGTH)] };
  const found = lookupPatient(folder, wanted, secret);
  if (found.length === 0)
    return { exitCode: 1, lines: [UPLOADER_MESSAGES.lookupNotFound(wanted, folder)] };
  if (found.length > 1)
    return { exitCode: 1, lines: [UPLOADER_MESSAGES.lookupAmbiguous(found.length)] };
  const [p] = found as [PatientFound];
  return {
    exitCode: 0,
    lines: [
      `仮名ID: ${p.pseudonym}`,
      `${LABELS[p.kind]}: ${p.identifier}`,
      `生年月日: ${p.birth || '—'}`,
      `来局: ${p.seen.slice(0, SHOWN_VISITS).join(', ') || '—'}`,
      `ファイル: ${p.files.join(', ')}`,
    ],
  };
}
