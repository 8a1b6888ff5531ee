import { Readable } from 'node:stream';
import {
  analysisContracts,
  analysisFiltersText,
  analysisXlsxContracts,
  ANALYSIS_PAGES,
  attachmentDisposition,
  chartQueryOfCsv,
  EXPORT_MIME_TYPES,
  EXPORT_TEXTS,
  MESSAGES,
  toCsv,
  type AnalysisCsvQuery,
  type AnalysisPageDef,
} from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../access/access-policy.ts';
import type { AuthContext } from '../access/auth-context.ts';
import {
  chartScope,
  comparisonOf,
  pageMetric,
  pageSeries,
  type Computing,
} from '../analytics/analysis-routes.ts';
import type { AnalyticsRouteDeps } from '../analytics/metric-cache.ts';
import { contractRoute } from '../http/contract-route.ts';
import type { Database } from '../db/connection.ts';
import {
  analysisFileName,
  analysisSheets,
  csvLongRows,
  csvTable,
  longHeader,
  pricesOf,
  seriesOfEachStore,
  type AnalysisExport,
} from './analysis-export.ts';
import { exportConditions } from './conditions.ts';
import { workbookStream } from './workbook.ts';

/** The export asked: the page's metric and the chart query of the CSV query, scope checked. */
async function exportRequest(
  db: Database,
  auth: AuthContext,
  page: AnalysisPageDef,
  metric: string,
  query: AnalysisCsvQuery,
): Promise<AnalysisExport & { separateByStore: boolean }> {
  const slug = pageMetric(page, metric);
  const { query: q, separateByStore } = chartQueryOfCsv(query);
  // Checked before the answer starts, so a refusal is still a JSON error.
  const scope = await chartScope(db, auth, slug, q);
  return { page, slug, q, scope, separateByStore };
}

/**
 * The CSV (spec 02 §7): the page's table, or with `separate_by_store` the long format (店舗 ×
 * item × 期間 × value, YJ code and price on a medicine page) a pivot table reads. Streamed.
 */
async function* csvChunks(
  db: Database,
  auth: AuthContext,
  request: AnalysisExport & { separateByStore: boolean },
  computing: Computing,
): AsyncGenerator<string> {
  const { page, slug, q, scope } = request;
  if (!request.separateByStore) {
    const series = await pageSeries(page, slug, q, scope, computing);
    yield toCsv(csvTable(request, series), { bom: true });
    return;
  }
  yield toCsv([longHeader(page, slug)], { bom: true });
  for (const store of await seriesOfEachStore(db, auth, request, computing)) {
    const prices = await pricesOf(db, page, store.series);
    yield toCsv(csvLongRows(request, [store], prices));
  }
}

/**
 * The CSV and Excel exports of every analysis page: GET /v3/csv/{family}/{metric} and
 * GET /v3/xlsx/{family}/{metric}, with the same query, for members who may open the page and
 * export (`exportTables`).
 */
export function analysisExportRoutes({ db, metrics }: AnalyticsRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const cached: Computing = { compute: (slug, query) => metrics.metric(slug, query), metrics };
    for (const page of ANALYSIS_PAGES) {
      contractRoute(
        app,
        analysisContracts[page.family].csv,
        { access: access.export(page.route, 'exportTables', MESSAGES.csvFailed) },
        async (request, reply) => {
          const asked = await exportRequest(
            db,
            request.auth,
            page,
            request.params.metric,
            request.query,
          );
          const fileName = analysisFileName(asked, 'csv', asked.separateByStore);
          return reply
            .type(EXPORT_MIME_TYPES.csv)
            .header('Content-Disposition', attachmentDisposition(fileName))
            .send(Readable.from(csvChunks(db, request.auth, asked, cached)));
        },
      );
      contractRoute(
        app,
        analysisXlsxContracts[page.family],
        { access: access.export(page.route, 'exportTables', EXPORT_TEXTS.xlsxFailed) },
        async (request, reply) => {
          const asked = await exportRequest(
            db,
            request.auth,
            page,
            request.params.metric,
            request.query,
          );
          const { q, scope } = asked;
          const [series, stores, conditions] = await Promise.all([
            pageSeries(page, asked.slug, q, scope, cached),
            seriesOfEachStore(db, request.auth, asked, cached),
            exportConditions(db, scope, {
              period: q,
              comparison: comparisonOf(q),
              filters: analysisFiltersText(q),
            }),
          ]);
          const prices = await pricesOf(db, page, [...series, ...stores.flatMap((s) => s.series)]);
          return reply
            .type(EXPORT_MIME_TYPES.xlsx)
            .header('Content-Disposition', attachmentDisposition(analysisFileName(asked, 'xlsx')))
            .send(workbookStream(analysisSheets(asked, conditions, series, stores, prices)));
        },
      );
    }
  };
}
