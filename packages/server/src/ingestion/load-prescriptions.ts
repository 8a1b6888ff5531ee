import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db/connection.ts';
import { recordFactsChange } from '../analytics/data-version.ts';
import { copyCsv, csvRow, type CopyValue } from '../db/copy.ts';
import type { ParsedItem, ParsedPatient, ParsedPrescription } from './parsers/types.ts';
import { patientHomeLocator } from './patient-home.ts';
import { prescriptionTotals } from './prescription-totals.ts';

export interface LoadTarget {
  corporationId: number;
  storeId: number;
  uploadId: number;
}

/**
 * Sheets per round of statements (and patients per upsert): the main thread writes a round's
 * COPY text in one go (a thousand sheets take a few milliseconds). The demo's files are one
 * round each.
 */
export const SHEETS_PER_ROUND = 5000;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += SHEETS_PER_ROUND) {
    out.push(items.slice(i, i + SHEETS_PER_ROUND));
  }
  return out;
}

/**
 * A file's rows as far as they can be worked out without the database: every column but the ids
 * it gives, as CSV text that follows those ids (COPY takes the columns in the order it is told).
 * Made on the worker thread that parsed the file (prepared-file.ts), so that the main thread,
 * which the one embedded connection waits on between statements, only puts ids in front.
 */
export interface PreparedLoad {
  /** The first and last day of the file. */
  from: string;
  to: string;
  dimensions: FileDimensions;
  chunks: PreparedChunk[];
}

/**
 * A file's dimensions, each in the order of its keys (see upsertDimensions) but the fee items and
 * medicine codes, which are in the order the file names them first.
 */
interface FileDimensions {
  /** Their homes located. */
  patients: PatientRow[];
  /** Code and name. */
  institutions: [string, string][];
  departments: string[];
  doctors: { institutionCode: string; name: string }[];
  /** Key and name. */
  pharmacists: [string, string | null][];
  feeItems: FeeItem[];
  /** The codes of the medicine lines (receipt or YJ codes), each once. */
  medicineCodes: string[];
}

export interface PreparedChunk {
  /** Per sheet, its natural key (to replace a stored sheet) and its dimensions' keys ('': none). */
  keys: {
    dates: string[];
    receptions: string[];
    numbers: number[];
    patients: string[];
    institutions: string[];
    doctors: string[];
    departments: string[];
    pharmacists: string[];
  };
  /** Per sheet, SHEET_VALUES as CSV. */
  sheets: string[];
  /** `key`: the line's fee item in FileDimensions' feeItems. */
  fees: Lines;
  /** `key`: the line's code in FileDimensions' medicineCodes. */
  medicines: Lines;
  materials: Lines;
}

/**
 * One table's lines of a chunk, column by column: the index of each line's sheet in the chunk,
 * the index of a dimension it refers to (none for materials), and its other columns as CSV.
 */
interface Lines {
  sheet: number[];
  key: number[];
  tail: string[];
}

const noLines = (): Lines => ({ sheet: [], key: [], tail: [] });

/** Works out a file's rows (PreparedLoad). */
export function prepareLoad(prescriptions: ParsedPrescription[]): PreparedLoad {
  let from = prescriptions[0]?.dispensingDate ?? '';
  let to = from;
  for (const { dispensingDate } of prescriptions) {
    if (dispensingDate < from) from = dispensingDate;
    if (dispensingDate > to) to = dispensingDate;
  }
  const feeItems = new FirstSeen<FeeItem>();
  const medicineCodes = new FirstSeen<string>();
  const prepared = chunks(prescriptions).map((part): PreparedChunk => {
    const chunk: PreparedChunk = {
      keys: {
        dates: part.map((p) => p.dispensingDate),
        receptions: part.map((p) => p.receptionId),
        numbers: part.map((p) => p.prescriptionNo),
        patients: part.map((p) => p.patient.key),
        institutions: part.map((p) => p.institution.code),
        doctors: part.map(doctorKey),
        departments: part.map((p) => p.department ?? ''),
        pharmacists: part.map((p) => pharmacistKey(p) ?? ''),
      },
      sheets: part.map((p) => csvRow(sheetValues(p))),
      fees: noLines(),
      medicines: noLines(),
      materials: noLines(),
    };
    const { fees, medicines, materials } = chunk;
    part.forEach((p, sheet) => {
      p.fees.forEach((fee, i) => {
        const { code, name, category } = fee;
        fees.sheet.push(sheet);
        fees.key.push(feeItems.number(feeItemKey(fee), () => ({ code, name, category })));
        fees.tail.push(csvRow([i + 1, fee.points, fee.count]));
      });
      p.medicines.forEach((item, i) => {
        medicines.sheet.push(sheet);
        medicines.key.push(medicineCodes.number(item.code, () => item.code));
        medicines.tail.push(csvRow([...itemValues(item, i), item.days ?? null]));
      });
      p.materials.forEach((item, i) => {
        materials.sheet.push(sheet);
        materials.tail.push(csvRow(itemValues(item, i)));
      });
    });
    return chunk;
  });
  const dimensions = {
    ...fileDimensions(prescriptions),
    feeItems: feeItems.values,
    medicineCodes: medicineCodes.values,
  };
  return { from, to, dimensions, chunks: prepared };
}

/** Distinct keys numbered in the order they are first seen, with the value of each. */
class FirstSeen<V> {
  private readonly numbers = new Map<string, number>();
  readonly values: V[] = [];

  number(key: string, value: () => V): number {
    let n = this.numbers.get(key);
    if (n === undefined) {
      n = this.values.push(value()) - 1;
      this.numbers.set(key, n);
    }
    return n;
  }
}

function fileDimensions(
  prescriptions: ParsedPrescription[],
): Omit<FileDimensions, 'feeItems' | 'medicineCodes'> {
  const locate = patientHomeLocator();
  const patients = new Map(prescriptions.map((p) => [p.patient.key, p.patient]));
  const doctors = new Map(
    prescriptions.flatMap((p) =>
      p.doctorName
        ? [[doctorKey(p), { institutionCode: p.institution.code, name: p.doctorName }] as const]
        : [],
    ),
  );
  const pharmacists = new Map(
    prescriptions.flatMap((p) => {
      const key = pharmacistKey(p);
      return key ? [[key, p.pharmacist?.name ?? null] as const] : [];
    }),
  );
  return {
    patients: sortedEntries(patients).map(([, patient]) => patientRow(patient, locate)),
    institutions: sortedEntries(
      new Map(prescriptions.map((p) => [p.institution.code, p.institution.name])),
    ),
    departments: [
      ...new Set(prescriptions.flatMap((p) => (p.department ? [p.department] : []))),
    ].sort(byKey),
    doctors: sortedEntries(doctors).map(([, doctor]) => doctor),
    pharmacists: sortedEntries(pharmacists),
  };
}

/**
 * Loads a file's prepared prescriptions of one store inside the caller's transaction. A
 * prescription with the natural key of one already stored replaces it, so re-sending or
 * correcting a file never counts twice. Dimensions go in as arrays (unnest), sheets and lines by
 * COPY, to keep round trips few. The change is logged with them (analytics/data-version.ts): no
 * analytics answer kept from before is served once they commit, and the analytics replicas copy
 * the store's dates again.
 */
export async function loadPrescriptions(
  db: Database,
  target: LoadTarget,
  prepared: PreparedLoad,
): Promise<number> {
  const { from, to, dimensions, chunks: rounds } = prepared;
  if (rounds.length === 0) return 0;
  const { corporationId, storeId, uploadId } = target;
  const ids = await upsertDimensions(db, corporationId, dimensions);
  // A file of days the store has no sheets of yet (the usual next file) replaces nothing.
  const replacing = await hasSheetsBetween(db, target, from, to);

  const master = await medicineClasses(db, dimensions.medicineCodes);
  const fromMaster = dimensions.medicineCodes.map((code) => {
    const known = master.get(code);
    return csvRow([
      known?.yjCode ?? (code.length === 12 ? code : null),
      known?.genericClass ?? null,
    ]);
  });

  let loaded = 0;
  for (const { keys, sheets, fees, medicines, materials } of rounds) {
    // A replaced prescription takes its lines with it.
    if (replacing) {
      await sql`
        with replaced as (
          delete from prescriptions p
          using unnest(${keys.dates}::date[], ${keys.receptions}::text[],
                       ${keys.numbers}::smallint[]) as k(d, r, n)
          where p.corporation_id = ${corporationId} and p.store_id = ${storeId}
            and p.dispensing_date = k.d and p.reception_id = k.r and p.prescription_no = k.n
          returning p.id),
        fees as (delete from prescription_fee_lines l using replaced
          where l.corporation_id = ${corporationId} and l.prescription_id = replaced.id),
        medicines as (delete from prescription_medicines l using replaced
          where l.corporation_id = ${corporationId} and l.prescription_id = replaced.id),
        materials as (delete from prescription_materials l using replaced
          where l.corporation_id = ${corporationId} and l.prescription_id = replaced.id)
        select count(*) from replaced`.execute(db);
    }

    // The sheets go in by COPY with ids taken from their identity sequence beforehand: an INSERT
    // of arrays that answers the ids it made took six times as long as the COPY of the same rows.
    const sheetIds = await reservePrescriptionIds(db, sheets.length);
    await copyCsv(
      db,
      'prescriptions',
      [...SHEET_IDS, ...SHEET_VALUES],
      sheets.map((values, i) => {
        const department = keys.departments[i]!;
        const sheetKeys = [
          corporationId,
          storeId,
          uploadId,
          sheetIds[i]!,
          ids.patient.get(keys.patients[i]!)!,
          ids.institution.get(keys.institutions[i]!)!,
          ids.doctor.get(keys.doctors[i]!) ?? null,
          department ? ids.department.get(department)! : null,
          ids.pharmacist.get(keys.pharmacists[i]!) ?? null,
        ];
        return `${csvRow(sheetKeys)},${values}`;
      }),
    );
    /** Each line's text: its corporation and sheet, what `before` gives of its key, its tail. */
    const lineTexts = ({ sheet, key, tail }: Lines, before?: (key: number) => string) =>
      tail.map((rest, i) => {
        const head = `${corporationId},${sheetIds[sheet[i]!]}`;
        return before ? `${head},${before(key[i]!)},${rest}` : `${head},${rest}`;
      });
    await copyCsv(
      db,
      'prescription_fee_lines',
      ['corporation_id', 'prescription_id', 'fee_item_id', 'line_no', 'points', 'count'],
      lineTexts(fees, (item) => String(ids.feeItems[item])),
    );
    await copyCsv(
      db,
      'prescription_medicines',
      ['corporation_id', 'prescription_id', 'yj_code', 'generic_class', ...ITEM_VALUES, 'days'],
      lineTexts(medicines, (code) => fromMaster[code]!),
    );
    await copyCsv(
      db,
      'prescription_materials',
      ['corporation_id', 'prescription_id', ...ITEM_VALUES],
      lineTexts(materials),
    );
    loaded += sheets.length;
  }
  // Last, so that concurrent loads wait on the change log only until they commit.
  await recordFactsChange(db, { corporationId, store: { id: storeId, from, to } });
  return loaded;
}

/** Whether the store has sheets dispensed between two days (prescriptions_date_idx). */
async function hasSheetsBetween(db: Database, target: LoadTarget, from: string, to: string) {
  const { rows } = await sql<{ found: boolean }>`
    select exists (select from prescriptions
      where corporation_id = ${target.corporationId} and store_id = ${target.storeId}
        and dispensing_date between ${from} and ${to}) as found`.execute(db);
  return rows[0]!.found;
}

/** A sheet's corporation and store and the columns it takes ids of the database for. */
const SHEET_IDS = [
  'corporation_id',
  'store_id',
  'upload_id',
  'id',
  'patient_id',
  'institution_id',
  'doctor_id',
  'department_id',
  'pharmacist_id',
];

/** A sheet's columns the file alone decides (sheetValues). */
const SHEET_VALUES = [
  'dispensing_date',
  'reception_time',
  'reception_id',
  'prescription_no',
  'insurance_type',
  'reception_type',
  'visit_type',
  'medicine_notebook',
  'technical_points',
  'management_points',
  'medicine_points',
  'material_points',
  'sales_yen',
  'medicine_yen',
  'material_yen',
];

function sheetValues(p: ParsedPrescription): CopyValue[] {
  const totals = prescriptionTotals(p);
  return [
    p.dispensingDate,
    p.receptionTime,
    p.receptionId,
    p.prescriptionNo,
    p.insuranceType,
    p.receptionType,
    p.visitType,
    p.medicineNotebook,
    totals.technicalPoints,
    totals.managementPoints,
    totals.medicinePoints,
    totals.materialPoints,
    totals.salesYen,
    totals.medicineYen,
    totals.materialYen,
  ];
}

/**
 * Ids for `count` new prescriptions from the table's identity sequence (COPY writes the ids it is
 * given, as INSERT … OVERRIDING SYSTEM VALUE would), answered as one array.
 */
async function reservePrescriptionIds(db: Database, count: number): Promise<number[]> {
  const { rows } = await sql<{ ids: string[] }>`
    select array_agg(nextval('prescriptions_id_seq'::regclass))::text[] as ids
    from generate_series(1, ${count}::int)`.execute(db);
  return rows[0]!.ids.map(Number);
}

const doctorKey = (p: ParsedPrescription) =>
  p.doctorName ? `${p.institution.code}|${p.doctorName}` : '';
const pharmacistKey = (p: ParsedPrescription) => p.pharmacist?.code ?? p.pharmacist?.name ?? null;

/** The columns of a medicine or material line the file decides (itemValues). */
const ITEM_VALUES = [
  'line_no',
  'code',
  'name',
  'points',
  'count',
  'quantity',
  'unit',
  'amount_yen',
];

const itemValues = (item: ParsedItem, i: number): CopyValue[] => [
  i + 1,
  item.code,
  item.name,
  item.points,
  item.count,
  item.quantity,
  item.unit,
  item.amountYen,
];

/**
 * Medicine lines also keep the YJ code and the generic class the medicine master gives their
 * code (a receipt code or a YJ code), as of loading: the YJ code and generic class of each code,
 * found as a receipt code or a YJ code; of several master rows, the one with a class and the
 * latest start.
 */
async function medicineClasses(db: Database, codes: string[]) {
  const { rows } = await sql<{
    code: string;
    yj_code: string | null;
    generic_class: number | null;
  }>`
    select distinct on (c.code) c.code, m.yj_code, m.generic_class
    from unnest(${codes}::text[]) as c(code)
    join medicine_master m on m.code = c.code or m.yj_code = c.code
    order by c.code, m.generic_class nulls last, m.valid_from desc nulls last`.execute(db);
  return new Map(
    rows.map((r) => [r.code, { yjCode: r.yj_code, genericClass: r.generic_class }] as const),
  );
}

/** The values a file may tell of a patient, with their types (null: not told). */
const PATIENT_VALUES = {
  gender: 'smallint',
  birth_month: 'date',
  zip_code: 'text',
  prefecture: 'text',
  city: 'text',
  town: 'text',
  latitude: 'float8',
  longitude: 'float8',
  mesh_code: 'text',
} as const;
const VALUE_NAMES = Object.keys(PATIENT_VALUES) as (keyof typeof PATIENT_VALUES)[];
type PatientRow = { patient_key: string } & Record<
  keyof typeof PATIENT_VALUES,
  string | number | null
>;

function patientRow(p: ParsedPatient, locate: ReturnType<typeof patientHomeLocator>): PatientRow {
  const home = locate(p.address, p.zip);
  return {
    patient_key: p.key,
    gender: p.gender,
    birth_month: p.birthMonth ? `${p.birthMonth}-01` : null,
    zip_code: p.zip,
    prefecture: home.prefecture,
    city: home.city,
    town: home.town,
    latitude: home.latitude,
    longitude: home.longitude,
    mesh_code: home.meshCode,
  };
}

/** Patients' rows as a relation (patient_key, then PATIENT_VALUES' columns). */
const unnestPatients = (rows: PatientRow[]) =>
  sql`unnest(${rows.map((r) => r.patient_key)}::text[], ${sql.join(
    VALUE_NAMES.map((c) => sql`${rows.map((r) => r[c])}::${sql.raw(PATIENT_VALUES[c])}[]`),
  )})`;

/**
 * Whether the row `told` tells something new of the stored patient `stored`. A value it does not
 * tell keeps the stored one: a file without addresses (the national receipt file) keeps what
 * earlier files said.
 */
const tellsNew = (told: string, stored: string) =>
  sql.raw(`(${VALUE_NAMES.map((c) => `${stored}.${c}`).join(', ')}) is distinct from
    (${VALUE_NAMES.map((c) => `coalesce(${told}.${c}, ${stored}.${c})`).join(', ')})`);

/** Keys in one fixed order (JavaScript's, whatever the database's collation). */
const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The entries of a map in the order of their keys. */
const sortedEntries = <V>(map: Map<string, V>) =>
  [...map.entries()].sort(([a], [b]) => byKey(a, b));

/**
 * Inserts or refreshes patients, institutions, doctors, departments and pharmacists and adds new
 * fee items; answers their ids. Every upsert writes its rows in the order of their keys, so two
 * files upserting the same rows lock them in the same order and cannot deadlock each other (on a
 * distributed database as on one server). Nothing in a RETURNING reads another table.
 */
async function upsertDimensions(
  db: Database,
  corporationId: number,
  { patients, institutions, departments, doctors, pharmacists, feeItems }: FileDimensions,
) {
  const patient = new Map<string, number>();
  for (const part of chunks(patients)) {
    const { rows } = await sql<{ id: number; patient_key: string }>`
      insert into patients (corporation_id, patient_key, ${sql.raw(VALUE_NAMES.join(', '))})
      select ${corporationId}, * from ${unnestPatients(part)}
      on conflict (corporation_id, patient_key) do update set
        ${sql.raw(VALUE_NAMES.map((c) => `${c} = coalesce(excluded.${c}, patients.${c})`).join(', '))}
      -- a patient the file tells nothing new about is left as it is (no new row version)
      where ${tellsNew('excluded', 'patients')}
      returning id, patient_key`.execute(db);
    for (const r of rows) patient.set(r.patient_key, r.id);
    const unchanged = part.map((p) => p.patient_key).filter((key) => !patient.has(key));
    if (unchanged.length > 0) {
      // One lookup by key each: a scan of the corporation's patients costs more from a few
      // thousand patients on (the embedded database, with no statistics gathered, chose one).
      const { rows: known } = await sql<{ id: number; patient_key: string }>`
        select p.id, p.patient_key from unnest(${unchanged}::text[]) as k (patient_key)
        join lateral (
          select id, patient_key from patients p
          where p.corporation_id = ${corporationId} and p.patient_key = k.patient_key
          limit 1
        ) p on true`.execute(db);
      for (const r of known) patient.set(r.patient_key, r.id);
    }
  }

  const institution = await upsertNamed(
    db,
    sql<Named>`insert into medical_institutions (corporation_id, code, name)
        select ${corporationId}, * from unnest(${institutions.map(([code]) => code)}::text[],
          ${institutions.map(([, name]) => name)}::text[])
        on conflict (corporation_id, code) do update set name = excluded.name
        returning id, code as key`,
  );

  const department = await upsertNamed(
    db,
    sql<Named>`insert into clinical_departments (corporation_id, name)
        select ${corporationId}, * from unnest(${departments}::text[])
        on conflict (corporation_id, name) do update set name = excluded.name
        returning id, name as key`,
  );

  const institutionCode = new Map([...institution].map(([code, id]) => [id, code]));
  const { rows: doctorRows } = await sql<{ id: number; institution_id: number; name: string }>`
    insert into doctors (corporation_id, institution_id, name)
    select ${corporationId}, * from unnest(
      ${doctors.map((d) => institution.get(d.institutionCode)!)}::int[],
      ${doctors.map((d) => d.name)}::text[])
    on conflict (corporation_id, institution_id, name) do update set name = excluded.name
    returning id, institution_id, name`.execute(db);
  const doctor = new Map(
    doctorRows.map((r) => [`${institutionCode.get(r.institution_id)}|${r.name}`, r.id]),
  );

  const pharmacist = await upsertNamed(
    db,
    sql<Named>`insert into pharmacists (corporation_id, pharmacist_key, name)
        select ${corporationId}, * from unnest(${pharmacists.map(([key]) => key)}::text[],
          ${pharmacists.map(([, name]) => name)}::text[])
        on conflict (corporation_id, pharmacist_key) do update set name = coalesce(excluded.name, pharmacists.name)
        returning id, pharmacist_key as key`,
  );

  const feeItemIds = await addFeeItems(db, corporationId, feeItems);
  return { patient, institution, department, doctor, pharmacist, feeItems: feeItemIds };
}

interface FeeItem {
  code: string;
  name: string;
  category: string;
}

/**
 * A fee item's key in the maps of the loader: its code, name and category, apart by NUL, which no
 * text of PostgreSQL holds (cheaper than JSON for the thousands of fee lines of a file).
 */
const feeItemKey = ({ code, name, category }: FeeItem) => `${code}\0${name}\0${category}`;

/**
 * The ids of the file's fee items (fee_items), in their order, adding those new to the
 * corporation in the order of their keys. Every column of an item is in its key, so an item
 * already there is only read (one statement, as a file of a corporation's usual fees needs),
 * never updated: loads of one corporation do not queue on its rows. An item that another load
 * adds meanwhile is read once that load has committed (the insert waits for it).
 */
async function addFeeItems(
  db: Database,
  corporationId: number,
  items: FeeItem[],
): Promise<number[]> {
  const ids = new Map<string, number>();
  const keys = (of: FeeItem[]) => sql`unnest(${of.map((f) => f.code)}::text[],
    ${of.map((f) => f.name)}::text[], ${of.map((f) => f.category)}::text[])`;
  const unknown = () => items.filter((f) => !ids.has(feeItemKey(f)));
  const read = async (of: FeeItem[]) => {
    const { rows } = await sql<FeeItem & { id: number }>`
      select i.id, i.code, i.name, i.category
      from fee_items i
      join ${keys(of)} as k(code, name, category)
        on i.code = k.code and i.name = k.name and i.category = k.category
      where i.corporation_id = ${corporationId}`.execute(db);
    for (const r of rows) ids.set(feeItemKey(r), r.id);
  };
  await read(items);
  const missing = unknown();
  if (missing.length > 0) {
    const inOrder = sortedEntries(new Map(missing.map((f) => [feeItemKey(f), f])));
    const { rows: added } = await sql<FeeItem & { id: number }>`
      insert into fee_items (corporation_id, code, name, category)
      select ${corporationId}, * from ${keys(inOrder.map(([, f]) => f))}
      on conflict (corporation_id, code, name, category) do nothing
      returning id, code, name, category`.execute(db);
    for (const r of added) ids.set(feeItemKey(r), r.id);
    if (unknown().length > 0) await read(unknown());
  }
  return items.map((f) => ids.get(feeItemKey(f))!);
}

type Named = { id: number; key: string };

async function upsertNamed(db: Database, query: RawBuilder<Named>) {
  const { rows } = await query.execute(db);
  return new Map(rows.map((r) => [r.key, r.id]));
}
