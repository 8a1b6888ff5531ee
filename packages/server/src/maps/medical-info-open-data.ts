/**
 * The national medical information open data (医療情報ネット「全国統一の医療機関等情報」, published
 * by the Ministry of Health, Labour and Welfare) as a facility master source: the facility lists
 * (施設票) of hospitals, clinics, dental clinics and pharmacies, one CSV file each, UTF-8 (with or
 * without a BOM) or Shift_JIS. The layout we read is in docs/facility-masters.md: columns are
 * found by their header name, in any order, and every other column is ignored. The hospital and
 * clinic lists also give the beds (病床数) by kind and in total; the others have no bed columns.
 */
import {
  FACILITY_IMPORT_MESSAGES as M,
  INPUT_LIMITS,
  isSafeText,
  type MarkerCategory,
} from '@pharmalytics/domain';
import { decodeText, readCsvRecords } from '@pharmalytics/domain/file-reading';
import type { FacilityRow } from './facility-master.ts';

/** The source of the rows of this layout: loading a newer file updates the facilities by ID. */
export const MEDICAL_INFO_SOURCE = 'import:medical-info-net';

/** Header names of the columns read (compared after NFKC, without spaces). */
export const MEDICAL_INFO_COLUMNS = {
  id: 'ID',
  officialName: '正式名称',
  /** The pharmacy list names its name column 名称. */
  name: '名称',
  kind: '機関区分',
  address: '所在地',
  latitude: '所在地座標（緯度）',
  longitude: '所在地座標（経度）',
  /** The hospital and clinic lists: the facility's beds of every kind. */
  totalBeds: '合計病床数',
} as const;

/**
 * The beds by kind (hospital and clinic lists), summed when a file or line gives no 合計病床数.
 * 療養病床のうち医療保険適用 / 介護保険適用 are parts of 療養病床 and are not added again.
 */
export const MEDICAL_INFO_BED_COLUMNS = [
  '一般病床',
  '療養病床',
  '精神病床',
  '結核病床',
  '感染症病床',
] as const;

/** 機関区分 of the open data → the map's facility type; null: not drawn on the maps. */
export const MEDICAL_INFO_KINDS: Readonly<Record<string, MarkerCategory | null>> = {
  '1': 'clinic', // 病院
  '2': 'clinic', // 診療所
  '3': 'clinic', // 歯科診療所
  '4': null, // 助産所
  '5': 'pharmacy', // 薬局
};

/** Points outside these bounds are not in Japan (reference/geodata.md §4.2). */
const JAPAN = { lat: [20, 46], lng: [122, 154] } as const;

export interface RefusedLine {
  lineNo: number;
  message: string;
}

export interface OpenDataFile {
  rows: FacilityRow[];
  /** Lines not taken, with the reason. */
  refused: RefusedLine[];
  /** Lines of kinds the maps do not draw (助産所). */
  skipped: number;
}

/** Thrown for a file that cannot be read in this layout at all. */
export class OpenDataFileError extends Error {}

const normalizeHeader = (text: string) => text.normalize('NFKC').replace(/\s+/g, '');

/** The column index of each header name read; throws for a required column that is missing. */
function columnsOf(header: readonly string[]) {
  const names = header.map(normalizeHeader);
  const find = (name: string) => names.indexOf(normalizeHeader(name));
  const required = (name: string) => {
    const at = find(name);
    if (at < 0) throw new OpenDataFileError(M.missingColumn(name));
    return at;
  };
  const official = find(MEDICAL_INFO_COLUMNS.officialName);
  const plain = find(MEDICAL_INFO_COLUMNS.name);
  if (official < 0 && plain < 0) {
    throw new OpenDataFileError(M.missingColumn(MEDICAL_INFO_COLUMNS.officialName));
  }
  const kind = find(MEDICAL_INFO_COLUMNS.kind);
  // Without 機関区分, only the pharmacy list (whose name column is 名称) says what it holds.
  if (kind < 0 && official >= 0) throw new OpenDataFileError(M.noKind);
  const bedsByKind = MEDICAL_INFO_BED_COLUMNS.map((label) => ({ label, at: find(label) })).filter(
    (column) => column.at >= 0,
  );
  return {
    id: required(MEDICAL_INFO_COLUMNS.id),
    name: official >= 0 ? official : plain,
    nameLabel: official >= 0 ? MEDICAL_INFO_COLUMNS.officialName : MEDICAL_INFO_COLUMNS.name,
    kind,
    address: required(MEDICAL_INFO_COLUMNS.address),
    latitude: required(MEDICAL_INFO_COLUMNS.latitude),
    longitude: required(MEDICAL_INFO_COLUMNS.longitude),
    /** -1 when the file has no total (the pharmacy and dental lists have no beds at all). */
    totalBeds: find(MEDICAL_INFO_COLUMNS.totalBeds),
    bedsByKind,
  };
}

/** Why a text value of a line cannot be stored, or undefined. */
function textProblem(lineNo: number, label: string, text: string): string | undefined {
  if (text === '') return M.emptyValue(lineNo, label);
  if (!isSafeText(text)) return M.controlCharacters(lineNo, label);
  if (text.length > INPUT_LIMITS.textMax) return M.tooLong(lineNo, label, INPUT_LIMITS.textMax);
  return undefined;
}

const DECIMAL = /^-?[0-9]+(\.[0-9]+)?$/;

/** A coordinate of the file, or undefined when it is not a decimal within `range`. */
function coordinate(text: string, [min, max]: readonly [number, number]): number | undefined {
  if (!DECIMAL.test(text)) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}

/** A bed count of the file: up to six digits (NFKC, so full-width digits too). */
const BED_COUNT = /^[0-9]{1,6}$/;

/**
 * The beds of a line: 合計病床数 when the line gives it, else the sum of the kinds it gives, else
 * null (a list without bed columns, or a facility that publishes none). A value that is not a
 * whole number is reported by its column.
 */
function bedsOf(
  at: ReturnType<typeof columnsOf>,
  value: (index: number) => string,
): { beds: number | null } | { badColumn: string } {
  const read = (index: number) => {
    const text = value(index).normalize('NFKC');
    if (text === '') return null;
    return BED_COUNT.test(text) ? Number(text) : undefined;
  };
  if (at.totalBeds >= 0) {
    const total = read(at.totalBeds);
    if (total === undefined) return { badColumn: MEDICAL_INFO_COLUMNS.totalBeds };
    if (total !== null) return { beds: total };
  }
  let sum: number | null = null;
  for (const { label, at: index } of at.bedsByKind) {
    const beds = read(index);
    if (beds === undefined) return { badColumn: label };
    if (beds !== null) sum = (sum ?? 0) + beds;
  }
  return { beds: sum };
}

/**
 * Reads one facility list. Lines that cannot be taken are listed with their line number and
 * reason, never dropped silently; the first line of an ID repeated in the file wins. Throws
 * OpenDataFileError when the file is not CSV or lacks a column the layout needs.
 */
export function readMedicalInfoOpenData(bytes: Uint8Array): OpenDataFile {
  const csv = readCsvRecords(decodeText(bytes).text);
  if (!csv.ok) throw new OpenDataFileError(csv.message);
  const [header, ...records] = csv.records;
  if (!header) throw new OpenDataFileError(M.noRows);
  const at = columnsOf(header.fields);
  const result: OpenDataFile = { rows: [], refused: [], skipped: 0 };
  const firstLineOf = new Map<string, number>();
  for (const { lineNo, fields } of records) {
    if (fields.every((f) => f.trim() === '')) continue;
    const value = (index: number) => (fields[index] ?? '').trim();
    const refuse = (message: string) => result.refused.push({ lineNo, message });
    const [id, name, address] = [value(at.id), value(at.name), value(at.address)];
    const problem =
      textProblem(lineNo, MEDICAL_INFO_COLUMNS.id, id) ??
      textProblem(lineNo, at.nameLabel, name) ??
      textProblem(lineNo, MEDICAL_INFO_COLUMNS.address, address);
    if (problem) {
      refuse(problem);
      continue;
    }
    const kindText = at.kind >= 0 ? value(at.kind) : '5';
    if (!Object.hasOwn(MEDICAL_INFO_KINDS, kindText)) {
      refuse(M.unknownKind(lineNo, kindText));
      continue;
    }
    const type = MEDICAL_INFO_KINDS[kindText]!;
    if (type === null) {
      result.skipped += 1;
      continue;
    }
    const [latText, lngText] = [value(at.latitude), value(at.longitude)];
    if (latText === '' || lngText === '') {
      refuse(M.noCoordinates(lineNo));
      continue;
    }
    const latitude = coordinate(latText, JAPAN.lat);
    const longitude = coordinate(lngText, JAPAN.lng);
    if (latitude === undefined || longitude === undefined) {
      refuse(M.badCoordinates(lineNo));
      continue;
    }
    const beds = bedsOf(at, value);
    if ('badColumn' in beds) {
      refuse(M.badBeds(lineNo, beds.badColumn));
      continue;
    }
    const first = firstLineOf.get(id);
    if (first !== undefined) {
      refuse(M.duplicateId(lineNo, first));
      continue;
    }
    firstLineOf.set(id, lineNo);
    result.rows.push({
      sourceId: id,
      type,
      name,
      address,
      latitude,
      longitude,
      prescriptionPatients: null,
      outpatients: null,
      homecarePatients: null,
      capacity: null,
      totalUsers: null,
      beds: beds.beds,
    });
  }
  return result;
}
