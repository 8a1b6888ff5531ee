import type { DashboardMetricSlug } from '@pharmalytics/domain';
import type { Database } from '../db/connection.ts';
import type { MetricQuery, MetricSeries } from './engine.ts';
import { countSheetMetric, NO_ITEM, seriesOf, type ShowItem, type Tally } from './raw-facts.ts';

const WITHOUT_ITEM: ShowItem = () => ({ key: null, name: null });
/** The period's tally when no sheet is in scope: every count zero. */
const NOTHING: Tally = {
  whole: true,
  bucket: null,
  key: null,
  name: null,
  yjCode: null,
  counts: {},
};

/**
 * The dashboard metrics computed a second, independent way (raw-facts.ts): the /v2/ twin of the
 * engine, which tests hold to the same answers. Every sheet in scope counts under one item; a
 * period without sheets still has its series, of zero counts.
 */
export async function computeDashboardFromFacts(
  db: Database,
  slug: DashboardMetricSlug,
  query: MetricQuery,
): Promise<MetricSeries> {
  const { counted, value } = await countSheetMetric(db, slug, query, NO_ITEM);
  const [series] = seriesOf(counted, value, query, WITHOUT_ITEM);
  return series ?? seriesOf({ ...counted, tallies: [NOTHING] }, value, query, WITHOUT_ITEM)[0]!;
}
