import {
  analysisContracts,
  analyticsContracts,
  ANALYSIS_PAGES,
  FORM_MESSAGES,
  genericFilterFromWire,
  metricBySlug,
  orderSeries,
  pageOffersMetric,
  periodBuckets,
  addressModeOf,
  type AgeSortValue,
  type AnalysisPageDef,
  type AnalysisQuery,
  type AnalysisSeries,
  type DateRange,
  type MetricSlug,
  type TimeAxisValue,
} from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../access/access-policy.ts';
import { memberScope, type AnalysisScope } from '../access/analysis-scope.ts';
import type { AuthContext } from '../access/auth-context.ts';
import type { Database } from '../db/connection.ts';
import { contractRoute } from '../http/contract-route.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { computeAnalysisFromFacts } from './raw-analysis.ts';
import { periodComplete } from './coverage.ts';
import { emptyValue, type MetricQuery, type MetricSeries } from './engine.ts';
import type { AnalyticsRouteDeps, MetricCache } from './metric-cache.ts';
import { requestPeriod } from './period.ts';
import { institutionsOfBrowsableStores } from './queries.ts';

type Compute = (slug: MetricSlug, query: MetricQuery) => Promise<MetricSeries[]>;

/** The page's metric from the path: an unknown slug is not found, one the page lacks is refused. */
export function pageMetric(page: AnalysisPageDef, slug: string): MetricSlug {
  const metric = metricBySlug(slug);
  if (!metric) throw notFound();
  if (!pageOffersMetric(page, slug)) throw badRequest(FORM_MESSAGES.metricNotOnPage(metric.label));
  return slug;
}

export const axisOf = (q: AnalysisQuery) => q.periodCode as TimeAxisValue;

/** The comparison period of a chart call, when one was asked. */
export const comparisonOf = (q: AnalysisQuery): DateRange | undefined =>
  q.comparisonFrom && q.comparisonTo ? { from: q.comparisonFrom, to: q.comparisonTo } : undefined;

/**
 * The scope of a chart call: its periods checked first, then its stores, metric and plan (the
 * free plan's calendar holds for the comparison period too).
 */
export async function chartScope(
  db: Database,
  auth: AuthContext,
  slug: MetricSlug,
  q: AnalysisQuery,
): Promise<AnalysisScope> {
  requestPeriod(q.from, q.to, axisOf(q));
  const comparison = comparisonOf(q);
  if (comparison) requestPeriod(comparison.from, comparison.to, axisOf(q));
  const from = comparison && comparison.from < q.from ? comparison.from : q.from;
  return memberScope(db, auth, { storeCodes: q.storeCodes.split(','), metric: slug, from });
}

/** The engine's query of a chart call, within a scope the access layer made. */
function metricQuery(page: AnalysisPageDef, q: AnalysisQuery, scope: AnalysisScope): MetricQuery {
  return {
    scope,
    from: q.from,
    to: q.to,
    axis: axisOf(q),
    page,
    ...(page.breakdown === 'address'
      ? { address: { mode: addressModeOf(q), text: q.address } }
      : {}),
    filters: {
      genericMedicine: q.generic_medicine_filters.map((v) => genericFilterFromWire(Number(v))),
      medicalInstitutions: q.medicalInstitutionFilters,
      receptionTypes: q.receptionTypeFilters,
    },
  };
}

const toWire = (s: MetricSeries): AnalysisSeries => ({
  key: s.key ?? '',
  name: s.name ?? '',
  total: s.total,
  rows: s.rows,
  ...(s.yjCode ? { yjCode: s.yjCode } : {}),
});

/** What a chart call computes with: the engine or its twin, and the cache of coverage. */
export interface Computing {
  compute: Compute;
  metrics: MetricCache;
}

/**
 * A page's series for a chart call, in the page's order. With a comparison period, each series
 * also carries its total over that period, and the items seen only then follow the others (in
 * the page's order of their comparison totals) with the metric's empty value in the period
 * asked: a clinic that stopped sending still shows.
 */
export async function pageSeries(
  page: AnalysisPageDef,
  slug: MetricSlug,
  q: AnalysisQuery,
  scope: AnalysisScope,
  { compute, metrics }: Computing,
): Promise<AnalysisSeries[]> {
  const ordered = (series: AnalysisSeries[]) =>
    orderSeries(page.order, series, q.sortOrder as AgeSortValue | undefined);
  const query = metricQuery(page, q, scope);
  const comparison = comparisonOf(q);
  if (!comparison) return ordered((await compute(slug, query)).map(toWire));
  const [series, previous, comparisonComplete] = await Promise.all([
    compute(slug, query),
    compute(slug, { ...query, ...comparison }),
    periodComplete(metrics, scope, comparison),
  ]);
  const empty = emptyValue(slug, page);
  const previousTotals = new Map(previous.map((s) => [s.key ?? '', s.total]));
  const current = ordered(series.map(toWire));
  const seen = new Set(current.map((s) => s.key));
  const stopped = ordered(previous.map(toWire).filter((s) => !seen.has(s.key)));
  const buckets = periodBuckets(q, axisOf(q));
  return [
    ...current.map((s) => ({
      ...s,
      comparisonTotal: previousTotals.has(s.key) ? previousTotals.get(s.key)! : empty,
      comparisonComplete,
    })),
    ...stopped.map((s) => ({
      ...s,
      total: empty,
      rows: buckets.map((date) => ({ date, value: empty })),
      comparisonTotal: s.total,
      comparisonComplete,
    })),
  ];
}

/**
 * The analysis pages' calls (spec 02 §7), one route per page of the page table:
 * GET /v3/{family}/{metric} (the engine, its answers cached), its /v2/ twin (counted from the
 * raw facts, for system administrators who switch the development API on); their CSV and Excel
 * exports are the exports feature's. GET /v3/medical_institutions lists the
 * institutions seen in the member's stores for the filter's autocomplete.
 */
export function analysisRoutes({ db, metrics }: AnalyticsRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const cached: Computing = { compute: (slug, query) => metrics.metric(slug, query), metrics };
    const fromFacts: Computing = {
      compute: (slug, query) => computeAnalysisFromFacts(db, slug, query),
      metrics,
    };
    for (const page of ANALYSIS_PAGES) {
      const contracts = analysisContracts[page.family];
      contractRoute(app, contracts.chart, { access: access.route(page.route) }, async (request) => {
        const slug = pageMetric(page, request.params.metric);
        const scope = await chartScope(db, request.auth, slug, request.query);
        return pageSeries(page, slug, request.query, scope, cached);
      });
      contractRoute(
        app,
        contracts.twin,
        { access: access.route(page.route, { roles: ['system_admin'] }) },
        async (request) => {
          const slug = pageMetric(page, request.params.metric);
          const scope = await chartScope(db, request.auth, slug, request.query);
          return pageSeries(page, slug, request.query, scope, fromFacts);
        },
      );
    }

    contractRoute(
      app,
      analyticsContracts.medicalInstitutions,
      { access: access.member },
      async (request) => ({ data: await institutionsOfBrowsableStores(db, request.auth) }),
    );
  };
}
