import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db/connection.ts';
import type { ParsedItem, ParsedPrescription } from './parsers/types.ts';
import { patientHomeLocator } from './patient-home.ts';

export interface LoadTarget {
  corporationId: number;
  storeId: number;
  uploadId: number;
}

const CHUNK = 5000;
const TECHNICAL = new Set(['調剤基本料', '調剤基本料加算', '薬剤調製料', '薬剤調製料加算']);

/** Points × count in hundredths of a point, so sums stay exact integers. */
const hundredths = (points: number, count: number) => Math.round(points * 100) * count;
const yenOf = (hundredthsOfPoints: number) => Math.round(hundredthsOfPoints / 10);

const naturalKey = (date: string, receptionId: string, no: number) =>
  `${date}|${receptionId}|${no}`;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** Totals of one prescription by fee section, and its sales in yen. */
export function prescriptionTotals(p: ParsedPrescription) {
  let technical = 0;
  let management = 0;
  for (const fee of p.fees) {
    if (TECHNICAL.has(fee.category)) technical += hundredths(fee.points, fee.count);
    else management += hundredths(fee.points, fee.count);
  }
  const itemPoints = (items: ParsedItem[]) =>
    items.reduce((sum, item) => sum + hundredths(item.points, item.count), 0);
  const itemYen = (items: ParsedItem[]) => items.reduce((sum, item) => sum + item.amountYen, 0);
  return {
    technicalPoints: technical / 100,
    managementPoints: management / 100,
    medicinePoints: itemPoints(p.medicines) / 100,
    materialPoints: itemPoints(p.materials) / 100,
    salesYen: yenOf(technical + management) + itemYen(p.medicines) + itemYen(p.materials),
  };
}

/**
 * Loads parsed prescriptions of one store inside the caller's transaction. A prescription with
 * the natural key of one already stored replaces it, so re-sending or correcting a file never
 * counts twice. Rows go in as arrays (unnest) to keep round trips few.
 */
export async function loadPrescriptions(
  db: Database,
  target: LoadTarget,
  prescriptions: ParsedPrescription[],
): Promise<number> {
  if (prescriptions.length === 0) return 0;
  const { corporationId, storeId, uploadId } = target;
  const ids = await upsertDimensions(db, corporationId, prescriptions);

  for (const part of chunks(prescriptions)) {
    await sql`
      delete from prescriptions p
      using unnest(${part.map((p) => p.dispensingDate)}::date[],
                   ${part.map((p) => p.receptionId)}::text[],
                   ${part.map((p) => p.prescriptionNo)}::smallint[]) as k(d, r, n)
      where p.corporation_id = ${corporationId} and p.store_id = ${storeId}
        and p.dispensing_date = k.d and p.reception_id = k.r and p.prescription_no = k.n`.execute(
      db,
    );

    const totals = part.map(prescriptionTotals);
    const inserted = await sql<{
      id: number;
      dispensing_date: string;
      reception_id: string;
      prescription_no: number;
    }>`
      insert into prescriptions (corporation_id, store_id, upload_id, dispensing_date, reception_time,
        reception_id, prescription_no, patient_id, institution_id, doctor_id, department_id, pharmacist_id,
        insurance_type, reception_type, visit_type, medicine_notebook, technical_points, management_points,
        medicine_points, material_points, sales_yen)
      select ${corporationId}, ${storeId}, ${uploadId}, * from unnest(
        ${part.map((p) => p.dispensingDate)}::date[],
        ${part.map((p) => p.receptionTime)}::time[],
        ${part.map((p) => p.receptionId)}::text[],
        ${part.map((p) => p.prescriptionNo)}::smallint[],
        ${part.map((p) => ids.patient.get(p.patient.key)!)}::bigint[],
        ${part.map((p) => ids.institution.get(p.institution.code)!)}::int[],
        ${part.map((p) => ids.doctor.get(doctorKey(p)) ?? null)}::int[],
        ${part.map((p) => (p.department ? ids.department.get(p.department)! : null))}::int[],
        ${part.map((p) => ids.pharmacist.get(pharmacistKey(p) ?? '') ?? null)}::int[],
        ${part.map((p) => p.insuranceType)}::text[],
        ${part.map((p) => p.receptionType)}::text[],
        ${part.map((p) => p.visitType)}::text[],
        ${part.map((p) => p.medicineNotebook)}::boolean[],
        ${totals.map((t) => t.technicalPoints)}::numeric[],
        ${totals.map((t) => t.managementPoints)}::numeric[],
        ${totals.map((t) => t.medicinePoints)}::numeric[],
        ${totals.map((t) => t.materialPoints)}::numeric[],
        ${totals.map((t) => t.salesYen)}::bigint[])
      returning id, dispensing_date, reception_id, prescription_no`.execute(db);
    const idByKey = new Map(
      inserted.rows.map((r) => [
        naturalKey(r.dispensing_date, r.reception_id, r.prescription_no),
        r.id,
      ]),
    );
    const idOf = (p: ParsedPrescription) =>
      idByKey.get(naturalKey(p.dispensingDate, p.receptionId, p.prescriptionNo))!;
    await insertFees(db, corporationId, part, idOf);
    await insertItems(db, 'prescription_medicines', corporationId, part, idOf, (p) => p.medicines);
    await insertItems(db, 'prescription_materials', corporationId, part, idOf, (p) => p.materials);
  }
  return prescriptions.length;
}

const doctorKey = (p: ParsedPrescription) =>
  p.doctorName ? `${p.institution.code}|${p.doctorName}` : '';
const pharmacistKey = (p: ParsedPrescription) => p.pharmacist?.code ?? p.pharmacist?.name ?? null;

async function insertFees(
  db: Database,
  corporationId: number,
  part: ParsedPrescription[],
  idOf: (p: ParsedPrescription) => number,
) {
  const rows = part.flatMap((p) => p.fees.map((fee, i) => ({ id: idOf(p), lineNo: i + 1, fee })));
  for (const slice of chunks(rows)) {
    await sql`
      insert into prescription_fees (corporation_id, prescription_id, line_no, code, name, category, points, count)
      select ${corporationId}, * from unnest(
        ${slice.map((r) => r.id)}::bigint[], ${slice.map((r) => r.lineNo)}::smallint[],
        ${slice.map((r) => r.fee.code)}::text[], ${slice.map((r) => r.fee.name)}::text[],
        ${slice.map((r) => r.fee.category)}::text[], ${slice.map((r) => r.fee.points)}::numeric[],
        ${slice.map((r) => r.fee.count)}::int[])`.execute(db);
  }
}

/**
 * Medicine lines also keep the YJ code and the generic class the medicine master gives their
 * code (a receipt code or a YJ code), as of loading.
 */
async function insertItems(
  db: Database,
  table: 'prescription_medicines' | 'prescription_materials',
  corporationId: number,
  part: ParsedPrescription[],
  idOf: (p: ParsedPrescription) => number,
  itemsOf: (p: ParsedPrescription) => ParsedItem[],
) {
  const rows = part.flatMap((p) =>
    itemsOf(p).map((item, i) => ({ id: idOf(p), lineNo: i + 1, item })),
  );
  for (const slice of chunks(rows)) {
    const items = sql`unnest(
        ${slice.map((r) => r.id)}::bigint[], ${slice.map((r) => r.lineNo)}::smallint[],
        ${slice.map((r) => r.item.code)}::text[], ${slice.map((r) => r.item.name)}::text[],
        ${slice.map((r) => r.item.points)}::numeric[], ${slice.map((r) => r.item.count)}::int[],
        ${slice.map((r) => r.item.quantity)}::numeric[], ${slice.map((r) => r.item.unit)}::text[],
        ${slice.map((r) => r.item.amountYen)}::bigint[])
      as u(prescription_id, line_no, code, name, points, count, quantity, unit, amount_yen)`;
    const columns = sql`corporation_id, prescription_id, line_no, code, name, points, count, quantity, unit, amount_yen`;
    if (table === 'prescription_materials') {
      await sql`insert into prescription_materials (${columns}) select ${corporationId}, u.* from ${items}`.execute(
        db,
      );
      continue;
    }
    await sql`
      insert into prescription_medicines (${columns}, yj_code, generic_class)
      select ${corporationId}, u.*, coalesce(m.yj_code, case when length(u.code) = 12 then u.code end), m.generic_class
      from ${items}
      left join lateral (
        select yj_code, generic_class from medicine_master
        where code = u.code or yj_code = u.code
        order by generic_class nulls last, valid_from desc nulls last
        limit 1
      ) m on true`.execute(db);
  }
}

/** Inserts or refreshes patients, institutions, doctors, departments and pharmacists; answers their ids. */
async function upsertDimensions(
  db: Database,
  corporationId: number,
  prescriptions: ParsedPrescription[],
) {
  const locate = patientHomeLocator();
  const patients = new Map(prescriptions.map((p) => [p.patient.key, p.patient]));
  const patient = new Map<string, number>();
  for (const part of chunks([...patients.values()])) {
    const homes = part.map((p) => locate(p.address, p.zip));
    // A file without addresses (the national receipt file) keeps what earlier files said.
    const { rows } = await sql<{ id: number; patient_key: string }>`
      insert into patients (corporation_id, patient_key, gender, birth_month, zip_code, city, town,
        latitude, longitude, mesh_code)
      select ${corporationId}, * from unnest(
        ${part.map((p) => p.key)}::text[], ${part.map((p) => p.gender)}::smallint[],
        ${part.map((p) => (p.birthMonth ? `${p.birthMonth}-01` : null))}::date[],
        ${part.map((p) => p.zip)}::text[], ${homes.map((h) => h.city)}::text[],
        ${homes.map((h) => h.town)}::text[], ${homes.map((h) => h.latitude)}::float8[],
        ${homes.map((h) => h.longitude)}::float8[], ${homes.map((h) => h.meshCode)}::text[])
      on conflict (corporation_id, patient_key) do update set
        gender = coalesce(excluded.gender, patients.gender),
        birth_month = coalesce(excluded.birth_month, patients.birth_month),
        zip_code = coalesce(excluded.zip_code, patients.zip_code),
        city = coalesce(excluded.city, patients.city),
        town = coalesce(excluded.town, patients.town),
        latitude = coalesce(excluded.latitude, patients.latitude),
        longitude = coalesce(excluded.longitude, patients.longitude),
        mesh_code = coalesce(excluded.mesh_code, patients.mesh_code)
      returning id, patient_key`.execute(db);
    for (const r of rows) patient.set(r.patient_key, r.id);
  }

  const institutions = new Map(prescriptions.map((p) => [p.institution.code, p.institution.name]));
  const institution = await upsertNamed(
    db,
    sql<Named>`insert into medical_institutions (corporation_id, code, name)
        select ${corporationId}, * from unnest(${[...institutions.keys()]}::text[], ${[...institutions.values()]}::text[])
        on conflict (corporation_id, code) do update set name = excluded.name
        returning id, code as key`,
  );

  const departmentNames = [
    ...new Set(prescriptions.flatMap((p) => (p.department ? [p.department] : []))),
  ];
  const department = await upsertNamed(
    db,
    sql<Named>`insert into clinical_departments (corporation_id, name)
        select ${corporationId}, * from unnest(${departmentNames}::text[])
        on conflict (corporation_id, name) do update set name = excluded.name
        returning id, name as key`,
  );

  const doctors = new Map(
    prescriptions.flatMap((p) => (p.doctorName ? [[doctorKey(p), p] as const] : [])),
  );
  const doctor = await upsertNamed(
    db,
    sql<Named>`insert into doctors (corporation_id, institution_id, name)
        select ${corporationId}, * from unnest(
          ${[...doctors.values()].map((p) => institution.get(p.institution.code)!)}::int[],
          ${[...doctors.values()].map((p) => p.doctorName!)}::text[])
        on conflict (corporation_id, institution_id, name) do update set name = excluded.name
        returning id, (select code from medical_institutions m
                       where m.corporation_id = doctors.corporation_id and m.id = doctors.institution_id)
                  || '|' || name as key`,
  );

  const pharmacists = new Map(
    prescriptions.flatMap((p) => {
      const key = pharmacistKey(p);
      return key ? [[key, p.pharmacist?.name ?? null] as const] : [];
    }),
  );
  const pharmacist = await upsertNamed(
    db,
    sql<Named>`insert into pharmacists (corporation_id, pharmacist_key, name)
        select ${corporationId}, * from unnest(${[...pharmacists.keys()]}::text[], ${[...pharmacists.values()]}::text[])
        on conflict (corporation_id, pharmacist_key) do update set name = coalesce(excluded.name, pharmacists.name)
        returning id, pharmacist_key as key`,
  );

  return { patient, institution, department, doctor, pharmacist };
}

type Named = { id: number; key: string };

async function upsertNamed(db: Database, query: RawBuilder<Named>) {
  const { rows } = await query.execute(db);
  return new Map(rows.map((r) => [r.key, r.id]));
}
