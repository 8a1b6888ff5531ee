import { bucketOf, periodBuckets, type DashboardMetricSlug } from '@pharmalytics/domain';
import type { Database } from '../db/connection.ts';
import type { MetricQuery, MetricSeries } from './engine.ts';
import { perUnit, percent } from './metric-definitions.ts';

/**
 * The dashboard metrics computed a second, independent way: the raw fact rows are read and every
 * number is counted here in plain code. This is the /v2/ twin of the SQL engine; tests hold the
 * two to the same answers.
 */
interface Fact {
  date: string;
  reception: string;
  institution: number;
  patient: number;
  sales: number;
  notebook: boolean | null;
  visit: string | null;
  generic: number;
  eligible: number;
}

async function readFacts(db: Database, query: MetricQuery): Promise<Fact[]> {
  const prescriptions = await db
    .selectFrom('prescriptions')
    .select([
      'id',
      'store_id',
      'dispensing_date',
      'reception_id',
      'institution_id',
      'patient_id',
      'sales_yen',
      'medicine_notebook',
      'visit_type',
    ])
    .where('corporation_id', '=', query.corporationId)
    .where('store_id', 'in', [...query.storeIds])
    .where('dispensing_date', '>=', query.from)
    .where('dispensing_date', '<=', query.to)
    .execute();
  const lines = await db
    .selectFrom('prescription_medicines as l')
    .innerJoin('prescriptions as p', (j) =>
      j.onRef('p.corporation_id', '=', 'l.corporation_id').onRef('p.id', '=', 'l.prescription_id'),
    )
    .select(['l.prescription_id', 'l.quantity', 'l.generic_class'])
    .where('p.corporation_id', '=', query.corporationId)
    .where('p.store_id', 'in', [...query.storeIds])
    .where('p.dispensing_date', '>=', query.from)
    .where('p.dispensing_date', '<=', query.to)
    .execute();
  const quantities = new Map<number, { generic: number; eligible: number }>();
  for (const l of lines) {
    const q = quantities.get(l.prescription_id) ?? { generic: 0, eligible: 0 };
    const quantity = Number(l.quantity ?? 0);
    if (l.generic_class === 3) q.generic += quantity;
    if (l.generic_class === 2 || l.generic_class === 3) q.eligible += quantity;
    quantities.set(l.prescription_id, q);
  }
  return prescriptions.map((p) => ({
    date: p.dispensing_date,
    reception: `${p.store_id}|${p.dispensing_date}|${p.reception_id}|${p.institution_id}`,
    institution: p.institution_id,
    patient: p.patient_id,
    sales: Number(p.sales_yen),
    notebook: p.medicine_notebook,
    visit: p.visit_type,
    generic: quantities.get(p.id)?.generic ?? 0,
    eligible: quantities.get(p.id)?.eligible ?? 0,
  }));
}

function valueOf(slug: DashboardMetricSlug, facts: readonly Fact[]): number | null {
  const receptions = (keep: (f: Fact) => boolean = () => true) =>
    new Set(facts.filter(keep).map((f) => f.reception)).size;
  const sales = facts.reduce((sum, f) => sum + f.sales, 0);
  const patients = new Set(facts.map((f) => f.patient)).size;
  const byInstitution = () => {
    const counts = new Map<number, Set<string>>();
    for (const f of facts)
      counts.set(f.institution, (counts.get(f.institution) ?? new Set()).add(f.reception));
    return [...counts.values()].map((s) => s.size).sort((a, b) => b - a);
  };
  switch (slug) {
    case 'dispensing_sales':
      return sales;
    case 'prescription_counts':
      return facts.length;
    case 'prescription_unit_price':
      return perUnit(sales, facts.length);
    case 'patient_counts':
      return patients;
    case 'patient_unit_price':
      return perUnit(sales, patients);
    case 'prescription_concentration_rates': {
      const counts = byInstitution();
      return percent(counts[0] ?? 0, receptions());
    }
    case 'prescription_concentration_rates_top3': {
      const counts = byInstitution();
      return percent((counts[0] ?? 0) + (counts[1] ?? 0) + (counts[2] ?? 0), receptions());
    }
    case 'generic_dispensing_rates':
      return percent(
        facts.reduce((sum, f) => sum + f.generic, 0),
        facts.reduce((sum, f) => sum + f.eligible, 0),
      );
    case 'medicine_note_rates':
      return percent(
        receptions((f) => f.notebook === true),
        receptions((f) => f.notebook !== null),
      );
    case 'new_reception_counts':
      return receptions((f) => f.visit === '新規');
    case 're_reception_counts':
      return receptions((f) => f.visit === '再来');
  }
}

export async function computeDashboardFromFacts(
  db: Database,
  slug: DashboardMetricSlug,
  query: MetricQuery,
): Promise<MetricSeries> {
  const facts = await readFacts(db, query);
  const byBucket = new Map<string, Fact[]>();
  for (const f of facts) {
    const bucket = bucketOf(f.date, query.axis);
    const inBucket = byBucket.get(bucket);
    if (inBucket) inBucket.push(f);
    else byBucket.set(bucket, [f]);
  }
  return {
    name: null,
    total: valueOf(slug, facts),
    rows: periodBuckets(query, query.axis).map((date) => ({
      date,
      value: valueOf(slug, byBucket.get(date) ?? []),
    })),
  };
}
