import { planByCode, type NewAccountForm } from '@pharmalytics/domain';
import { sql } from 'kysely';
import type { Database } from '../db/connection.ts';

/** Inserts the new corporation of a sign-up, on the free plan, with the next corporation code. */
export async function insertSignUpCorporation(db: Database, form: NewAccountForm) {
  return db
    .insertInto('corporations')
    .values({
      corporation_code: sql<string>`nextval('corporation_code_seq')::text`,
      name: form.corporationName.trim(),
      plan_id: planByCode('free')!.id,
      head_office_prefecture_id: form.prefectureId,
      applicant_tel: form.tel,
      applicant_role_title: form.roleName.trim(),
      planned_store_count: Number(form.branchCount),
      questionnaire: form.questionnaire,
    })
    .returning(['id', 'corporation_code'])
    .executeTakeFirstOrThrow();
}
