import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db/connection.ts';
import { recordFactsChange } from '../analytics/data-version.ts';
import { copyRows } from '../db/copy.ts';
import type { ParsedItem, ParsedPrescription } from './parsers/types.ts';
import { patientHomeLocator } from './patient-home.ts';
import { prescriptionTotals } from './prescription-totals.ts';

export interface LoadTarget {
  corporationId: number;
  storeId: number;
  uploadId: number;
}

/**
 * Prescriptions per round of statements. The rows of a round are built on the main thread, which
 * answers requests meanwhile; a thousand take some tens of milliseconds.
 */
const CHUNK = 1000;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * Loads parsed prescriptions of one store inside the caller's transaction. A prescription with
 * the natural key of one already stored replaces it, so re-sending or correcting a file never
 * counts twice. Dimensions go in as arrays (unnest), sheets and lines by COPY, to keep round trips
 * few. The change is logged with them (analytics/data-version.ts): no analytics answer kept from
 * before is served once they commit, and the analytics replicas copy the store's dates again.
 */
export async function loadPrescriptions(
  db: Database,
  target: LoadTarget,
  prescriptions: ParsedPrescription[],
): Promise<number> {
  if (prescriptions.length === 0) return 0;
  const { corporationId, storeId, uploadId } = target;
  const ids = await upsertDimensions(db, corporationId, prescriptions);

  let from = prescriptions[0]!.dispensingDate;
  let to = from;
  for (const { dispensingDate } of prescriptions) {
    if (dispensingDate < from) from = dispensingDate;
    if (dispensingDate > to) to = dispensingDate;
  }
  // A file of days the store has no sheets of yet (the usual next file) replaces nothing.
  const replacing = await hasSheetsBetween(db, target, from, to);

  for (const part of chunks(prescriptions)) {
    // A replaced prescription takes its lines with it.
    if (replacing) {
      await sql`
        with replaced as (
          delete from prescriptions p
          using unnest(${part.map((p) => p.dispensingDate)}::date[],
                       ${part.map((p) => p.receptionId)}::text[],
                       ${part.map((p) => p.prescriptionNo)}::smallint[]) as k(d, r, n)
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
    const sheetIds = await reservePrescriptionIds(db, part.length);
    const idByPrescription = new Map(part.map((p, i) => [p, sheetIds[i]!]));
    const idOf = (p: ParsedPrescription) => idByPrescription.get(p)!;
    await copyRows(
      db,
      'prescriptions',
      PRESCRIPTION_COLUMNS,
      part.map((p) => {
        const totals = prescriptionTotals(p);
        return [
          corporationId,
          storeId,
          uploadId,
          idOf(p),
          p.dispensingDate,
          p.receptionTime,
          p.receptionId,
          p.prescriptionNo,
          ids.patient.get(p.patient.key)!,
          ids.institution.get(p.institution.code)!,
          ids.doctor.get(doctorKey(p)) ?? null,
          p.department ? ids.department.get(p.department)! : null,
          ids.pharmacist.get(pharmacistKey(p) ?? '') ?? null,
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
      }),
    );
    await insertFees(db, corporationId, part, idOf, ids.feeItem);
    await insertMedicines(db, corporationId, part, idOf);
    await copyRows(
      db,
      'prescription_materials',
      ITEM_COLUMNS,
      itemRows(corporationId, part, idOf, (p) => p.materials).map((r) => r.values),
    );
  }
  // Last, so that concurrent loads wait on the change log only until they commit.
  await recordFactsChange(db, { corporationId, store: { id: storeId, from, to } });
  return prescriptions.length;
}

/** Whether the store has sheets dispensed between two days (prescriptions_date_idx). */
async function hasSheetsBetween(db: Database, target: LoadTarget, from: string, to: string) {
  const { rows } = await sql<{ found: boolean }>`
    select exists (select from prescriptions
      where corporation_id = ${target.corporationId} and store_id = ${target.storeId}
        and dispensing_date between ${from} and ${to}) as found`.execute(db);
  return rows[0]!.found;
}

const PRESCRIPTION_COLUMNS = [
  'corporation_id',
  'store_id',
  'upload_id',
  'id',
  'dispensing_date',
  'reception_time',
  'reception_id',
  'prescription_no',
  'patient_id',
  'institution_id',
  'doctor_id',
  'department_id',
  'pharmacist_id',
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

function insertFees(
  db: Database,
  corporationId: number,
  part: ParsedPrescription[],
  idOf: (p: ParsedPrescription) => number,
  feeItemIds: Map<string, number>,
) {
  return copyRows(
    db,
    'prescription_fee_lines',
    ['corporation_id', 'prescription_id', 'line_no', 'fee_item_id', 'points', 'count'],
    part.flatMap((p) =>
      p.fees.map((fee, i) => [
        corporationId,
        idOf(p),
        i + 1,
        feeItemIds.get(feeItemKey(fee))!,
        fee.points,
        fee.count,
      ]),
    ),
  );
}

const ITEM_COLUMNS = [
  'corporation_id',
  'prescription_id',
  'line_no',
  'code',
  'name',
  'points',
  'count',
  'quantity',
  'unit',
  'amount_yen',
];

function itemRows(
  corporationId: number,
  part: ParsedPrescription[],
  idOf: (p: ParsedPrescription) => number,
  itemsOf: (p: ParsedPrescription) => ParsedItem[],
) {
  return part.flatMap((p) =>
    itemsOf(p).map((item, i) => ({
      item,
      values: [
        corporationId,
        idOf(p),
        i + 1,
        item.code,
        item.name,
        item.points,
        item.count,
        item.quantity,
        item.unit,
        item.amountYen,
      ],
    })),
  );
}

/**
 * Medicine lines also keep the YJ code and the generic class the medicine master gives their
 * code (a receipt code or a YJ code), as of loading.
 */
async function insertMedicines(
  db: Database,
  corporationId: number,
  part: ParsedPrescription[],
  idOf: (p: ParsedPrescription) => number,
) {
  const rows = itemRows(corporationId, part, idOf, (p) => p.medicines);
  const master = await medicineClasses(db, [...new Set(rows.map((r) => r.item.code))]);
  await copyRows(
    db,
    'prescription_medicines',
    [...ITEM_COLUMNS, 'yj_code', 'generic_class', 'days'],
    rows.map(({ item, values }) => {
      const known = master.get(item.code);
      const yjCode = known?.yjCode ?? (item.code.length === 12 ? item.code : null);
      return [...values, yjCode, known?.genericClass ?? null, item.days ?? null];
    }),
  );
}

/**
 * YJ code and generic class of each code, found as a receipt code or a YJ code; of several
 * master rows, the one with a class and the latest start.
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
  prescriptions: ParsedPrescription[],
) {
  const locate = patientHomeLocator();
  const patients = new Map(prescriptions.map((p) => [p.patient.key, p.patient]));
  const patient = new Map<string, number>();
  for (const part of chunks(sortedEntries(patients).map(([, p]) => p))) {
    const homes = part.map((p) => locate(p.address, p.zip));
    // A file without addresses (the national receipt file) keeps what earlier files said.
    const { rows } = await sql<{ id: number; patient_key: string }>`
      insert into patients (corporation_id, patient_key, gender, birth_month, zip_code, prefecture,
        city, town, latitude, longitude, mesh_code)
      select ${corporationId}, * from unnest(
        ${part.map((p) => p.key)}::text[], ${part.map((p) => p.gender)}::smallint[],
        ${part.map((p) => (p.birthMonth ? `${p.birthMonth}-01` : null))}::date[],
        ${part.map((p) => p.zip)}::text[], ${homes.map((h) => h.prefecture)}::text[],
        ${homes.map((h) => h.city)}::text[],
        ${homes.map((h) => h.town)}::text[], ${homes.map((h) => h.latitude)}::float8[],
        ${homes.map((h) => h.longitude)}::float8[], ${homes.map((h) => h.meshCode)}::text[])
      on conflict (corporation_id, patient_key) do update set
        gender = coalesce(excluded.gender, patients.gender),
        birth_month = coalesce(excluded.birth_month, patients.birth_month),
        zip_code = coalesce(excluded.zip_code, patients.zip_code),
        prefecture = coalesce(excluded.prefecture, patients.prefecture),
        city = coalesce(excluded.city, patients.city),
        town = coalesce(excluded.town, patients.town),
        latitude = coalesce(excluded.latitude, patients.latitude),
        longitude = coalesce(excluded.longitude, patients.longitude),
        mesh_code = coalesce(excluded.mesh_code, patients.mesh_code)
      -- a patient the file tells nothing new about is left as it is (no new row version)
      where (patients.gender, patients.birth_month, patients.zip_code, patients.prefecture,
             patients.city,
             patients.town, patients.latitude, patients.longitude, patients.mesh_code)
        is distinct from (coalesce(excluded.gender, patients.gender),
             coalesce(excluded.birth_month, patients.birth_month),
             coalesce(excluded.zip_code, patients.zip_code),
             coalesce(excluded.prefecture, patients.prefecture),
             coalesce(excluded.city, patients.city),
             coalesce(excluded.town, patients.town), coalesce(excluded.latitude, patients.latitude),
             coalesce(excluded.longitude, patients.longitude),
             coalesce(excluded.mesh_code, patients.mesh_code))
      returning id, patient_key`.execute(db);
    for (const r of rows) patient.set(r.patient_key, r.id);
    const unchanged = part.map((p) => p.key).filter((key) => !patient.has(key));
    if (unchanged.length > 0) {
      const { rows: known } = await sql<{ id: number; patient_key: string }>`
        select id, patient_key from patients
        where corporation_id = ${corporationId}
          and patient_key = any(${unchanged}::text[])`.execute(db);
      for (const r of known) patient.set(r.patient_key, r.id);
    }
  }

  const institutions = sortedEntries(
    new Map(prescriptions.map((p) => [p.institution.code, p.institution.name])),
  );
  const institution = await upsertNamed(
    db,
    sql<Named>`insert into medical_institutions (corporation_id, code, name)
        select ${corporationId}, * from unnest(${institutions.map(([code]) => code)}::text[],
          ${institutions.map(([, name]) => name)}::text[])
        on conflict (corporation_id, code) do update set name = excluded.name
        returning id, code as key`,
  );

  const departmentNames = [
    ...new Set(prescriptions.flatMap((p) => (p.department ? [p.department] : []))),
  ].sort(byKey);
  const department = await upsertNamed(
    db,
    sql<Named>`insert into clinical_departments (corporation_id, name)
        select ${corporationId}, * from unnest(${departmentNames}::text[])
        on conflict (corporation_id, name) do update set name = excluded.name
        returning id, name as key`,
  );

  const doctors = sortedEntries(
    new Map(prescriptions.flatMap((p) => (p.doctorName ? [[doctorKey(p), p] as const] : []))),
  ).map(([, p]) => p);
  const institutionCode = new Map([...institution].map(([code, id]) => [id, code]));
  const { rows: doctorRows } = await sql<{ id: number; institution_id: number; name: string }>`
    insert into doctors (corporation_id, institution_id, name)
    select ${corporationId}, * from unnest(
      ${doctors.map((p) => institution.get(p.institution.code)!)}::int[],
      ${doctors.map((p) => p.doctorName!)}::text[])
    on conflict (corporation_id, institution_id, name) do update set name = excluded.name
    returning id, institution_id, name`.execute(db);
  const doctor = new Map(
    doctorRows.map((r) => [`${institutionCode.get(r.institution_id)}|${r.name}`, r.id]),
  );

  const pharmacists = sortedEntries(
    new Map(
      prescriptions.flatMap((p) => {
        const key = pharmacistKey(p);
        return key ? [[key, p.pharmacist?.name ?? null] as const] : [];
      }),
    ),
  );
  const pharmacist = await upsertNamed(
    db,
    sql<Named>`insert into pharmacists (corporation_id, pharmacist_key, name)
        select ${corporationId}, * from unnest(${pharmacists.map(([key]) => key)}::text[],
          ${pharmacists.map(([, name]) => name)}::text[])
        on conflict (corporation_id, pharmacist_key) do update set name = coalesce(excluded.name, pharmacists.name)
        returning id, pharmacist_key as key`,
  );

  const feeItem = await addFeeItems(db, corporationId, prescriptions);
  return { patient, institution, department, doctor, pharmacist, feeItem };
}

interface FeeItem {
  code: string;
  name: string;
  category: string;
}

/** A fee item's key in the maps of the loader: its code, name and category. */
const feeItemKey = ({ code, name, category }: FeeItem) => JSON.stringify([code, name, category]);

/**
 * The ids of the file's fee items (fee_items), adding those new to the corporation. Every column
 * of an item is in its key, so an item already there is only read (one statement, as a file of a
 * corporation's usual fees needs), never updated: loads of one corporation do not queue on its
 * rows. An item that another load adds meanwhile is read once that load has committed (the insert
 * waits for it).
 */
async function addFeeItems(
  db: Database,
  corporationId: number,
  prescriptions: ParsedPrescription[],
) {
  const items = sortedEntries(
    new Map(prescriptions.flatMap((p) => p.fees.map((fee) => [feeItemKey(fee), fee] as const))),
  ).map(([, fee]) => fee);
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
  if (unknown().length === 0) return ids;
  const { rows: added } = await sql<FeeItem & { id: number }>`
    insert into fee_items (corporation_id, code, name, category)
    select ${corporationId}, * from ${keys(unknown())}
    on conflict (corporation_id, code, name, category) do nothing
    returning id, code, name, category`.execute(db);
  for (const r of added) ids.set(feeItemKey(r), r.id);
  if (unknown().length > 0) await read(unknown());
  return ids;
}

type Named = { id: number; key: string };

async function upsertNamed(db: Database, query: RawBuilder<Named>) {
  const { rows } = await query.execute(db);
  return new Map(rows.map((r) => [r.key, r.id]));
}
