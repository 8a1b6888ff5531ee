import { AGE_BAND_UNKNOWN, AGE_BANDS } from '@pharmalytics/domain';
import { sql, type RawBuilder } from 'kysely';

/**
 * What an analysis page breaks a metric down by: an SQL expression over the prescription `p`
 * (and its patient `pa`) giving the name of the item each prescription belongs to. Fee items
 * and medicines are line-level dimensions, given by the metric's line table `l`.
 */
export const PRESCRIPTION_DIMENSIONS = {
  store: sql<string>`(select s.name from stores s where s.corporation_id = p.corporation_id and s.id = p.store_id)`,
  timeSlot: sql<string>`coalesce(lpad(extract(hour from p.reception_time)::int::text, 2, '0') || '時台', '不明')`,
  pharmacist: sql<string>`coalesce((select ph.name from pharmacists ph where ph.corporation_id = p.corporation_id and ph.id = p.pharmacist_id), '不明')`,
  clinic: sql<string>`(select m.name from medical_institutions m where m.corporation_id = p.corporation_id and m.id = p.institution_id)`,
  doctor: sql<string>`coalesce((select d.name from doctors d where d.corporation_id = p.corporation_id and d.id = p.doctor_id), '不明')`,
  department: sql<string>`coalesce((select c.name from clinical_departments c where c.corporation_id = p.corporation_id and c.id = p.department_id), '不明')`,
  gender: sql<string>`case pa.gender when 1 then '男性' when 2 then '女性' else '不明' end`,
  ageBand: ageBandExpression(),
  receptionType: sql<string>`p.reception_type`,
  insuranceType: sql<string>`p.insurance_type`,
  address: sql<string>`coalesce(pa.city || coalesce(pa.town, ''), '不明')`,
} as const;

export const LINE_DIMENSIONS = {
  feeItem: sql<string>`l.name`,
  medicine: sql<string>`l.name`,
} as const;

export type PrescriptionDimension = keyof typeof PRESCRIPTION_DIMENSIONS;
export type LineDimension = keyof typeof LINE_DIMENSIONS;
export type Dimension = PrescriptionDimension | LineDimension;

/** Age on the dispensing date in ten-year bands (AGE_BANDS), 不明 without a birth month. */
function ageBandExpression(): RawBuilder<string> {
  const age = sql`extract(year from age(p.dispensing_date, pa.birth_month))::int`;
  const cases = AGE_BANDS.map((label, i) =>
    i === AGE_BANDS.length - 1
      ? sql`else ${sql.lit(label)}`
      : sql`when ${age} < ${sql.lit((i + 1) * 10)} then ${sql.lit(label)}`,
  );
  // Literals, not parameters: the same expression must appear in SELECT and GROUP BY.
  return sql<string>`case when pa.birth_month is null then ${sql.lit(AGE_BAND_UNKNOWN)} ${sql.join(cases, sql` `)} end`;
}
