import type { Database } from '../db/connection.ts';
import type { AgeValue, EstimateModel } from './estimate-model.ts';

/** A model version whose tables cannot be used: an operator's mistake, named in the log. */
export class EstimateModelError extends Error {}

/** Rows that tile the ages from 0 without gap or overlap, the last one open-ended. */
function checkTiling(version: string, table: string, rows: readonly AgeValue[]): void {
  const fail = (why: string) => {
    throw new EstimateModelError(`market share model ${version}: ${table} ${why}`);
  };
  if (rows.length === 0) fail('has no rows');
  let next = 0;
  rows.forEach((row, i) => {
    if (row.from !== next) fail(`must continue at age ${next}, not ${row.from}`);
    const last = i === rows.length - 1;
    if (last !== (row.to === null)) fail('must end with one open-ended row (age_to null)');
    next = (row.to ?? 0) + 1;
  });
}

const toAgeValue = (row: { age_from: number; age_to: number | null }, value: number): AgeValue => ({
  from: row.age_from,
  to: row.age_to,
  value,
});

/**
 * The model version that applies to a period ending on `periodEnd`: the newest effective on that
 * day, or the oldest when the period ends before every version.
 */
export async function estimateModelFor(db: Database, periodEnd: string): Promise<EstimateModel> {
  const model =
    (await db
      .selectFrom('market_share_models')
      .selectAll()
      .where('effective_from', '<=', periodEnd)
      .orderBy('effective_from', 'desc')
      .limit(1)
      .executeTakeFirst()) ??
    (await db
      .selectFrom('market_share_models')
      .selectAll()
      .orderBy('effective_from', 'asc')
      .limit(1)
      .executeTakeFirst());
  if (!model) throw new EstimateModelError('no market share model is configured');
  const [structure, rates] = await Promise.all([
    db
      .selectFrom('market_share_age_structure')
      .select(['age_from', 'age_to', 'population_thousands'])
      .where('model_version', '=', model.version)
      .orderBy('age_from')
      .execute(),
    db
      .selectFrom('market_share_treatment_rates')
      .select(['age_from', 'age_to', 'outpatient_rate_per_100k'])
      .where('model_version', '=', model.version)
      .orderBy('age_from')
      .execute(),
  ]);
  const ageStructure = structure.map((r) => toAgeValue(r, Number(r.population_thousands)));
  const outpatientRates = rates.map((r) => toAgeValue(r, Number(r.outpatient_rate_per_100k)));
  checkTiling(model.version, 'market_share_age_structure', ageStructure);
  checkTiling(model.version, 'market_share_treatment_rates', outpatientRates);
  return {
    version: model.version,
    effectiveFrom: model.effective_from,
    outpatientRatePer100k: Number(model.outpatient_rate_per_100k),
    annualPrescriptions: Number(model.annual_prescriptions),
    surveyDayOutpatients: Number(model.survey_day_outpatients),
    heterogeneity: Number(model.heterogeneity),
    ageStructure,
    outpatientRates,
  };
}
