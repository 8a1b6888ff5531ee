import {
  attachmentDisposition,
  DASHBOARD_REPORT_TITLE,
  EXPORT_MIME_TYPES,
  EXPORT_TEXTS,
  exportContracts,
  exportFileName,
  MARKET_SHARE_XLSX,
  route,
  todayInJapan,
} from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../access/access-policy.ts';
import { groupScope, memberScope } from '../access/analysis-scope.ts';
import type { AnalyticsRouteDeps } from '../analytics/metric-cache.ts';
import { storeScorecard } from '../analytics/scorecard/service.ts';
import { contractRoute } from '../http/contract-route.ts';
import { analysisExportRoutes } from './analysis-routes.ts';
import { exportConditions } from './conditions.ts';
import { dashboardExport, dashboardSheets } from './dashboard-export.ts';
import { dashboardPdfStream, dashboardReportExtras } from './dashboard-pdf.ts';
import { judgeStores } from '../facility-standards/index.ts';
import { facilitySheets } from './facility-export.ts';
import { marketShareExport, marketShareSheets } from './market-share-export.ts';
import { scorecardSheets } from './scorecard-export.ts';
import { workbookStream } from './workbook.ts';

/**
 * The file exports: every analysis page's CSV and Excel workbook, the dashboard's workbook and
 * PDF report, and the workbooks of the scorecard, 施設基準 and the acquisition-rate table, each
 * with its screen's query, for the members who may open the screen and hold the export's
 * capability.
 */
export function exportRoutes(deps: AnalyticsRouteDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    await app.register(analysisExportRoutes(deps));

    contractRoute(
      app,
      exportContracts.dashboardXlsx,
      { access: access.export('Dashboard', 'exportTables', EXPORT_TEXTS.xlsxFailed) },
      async (request, reply) => {
        const d = await dashboardExport(deps, request.auth, request.query);
        const name = exportFileName([route('Dashboard').title!], d.base, 'xlsx');
        return reply
          .type(EXPORT_MIME_TYPES.xlsx)
          .header('Content-Disposition', attachmentDisposition(name))
          .send(workbookStream(dashboardSheets(d)));
      },
    );

    contractRoute(
      app,
      exportContracts.dashboardPdf,
      { access: access.export('Dashboard', 'exportPdfReport', EXPORT_TEXTS.pdfFailed) },
      async (request, reply) => {
        const d = await dashboardExport(deps, request.auth, request.query);
        const extras = await dashboardReportExtras(deps, request.auth, d);
        const name = exportFileName([DASHBOARD_REPORT_TITLE], d.base, 'pdf');
        return reply
          .type(EXPORT_MIME_TYPES.pdf)
          .header('Content-Disposition', attachmentDisposition(name))
          .send(dashboardPdfStream(d, extras));
      },
    );

    contractRoute(
      app,
      exportContracts.facilityStandardsXlsx,
      { access: access.export('FacilityStandards', 'exportTables', EXPORT_TEXTS.xlsxFailed) },
      async (request, reply) => {
        const { auth } = request;
        const scope = await memberScope(db, auth, {
          storeCodes: request.query.storeCodes.split(','),
        });
        const today = todayInJapan();
        const judged = await judgeStores(deps, {
          auth,
          scope,
          group: await groupScope(db, auth),
          today,
        });
        const period = { from: `${judged.previousPeriod.fromMonth}-01`, to: today };
        const conditions = await exportConditions(db, scope, { period });
        const name = exportFileName([route('FacilityStandards').title!], period, 'xlsx');
        return reply
          .type(EXPORT_MIME_TYPES.xlsx)
          .header('Content-Disposition', attachmentDisposition(name))
          .send(workbookStream(facilitySheets(judged, conditions)));
      },
    );

    contractRoute(
      app,
      exportContracts.scorecardXlsx,
      { access: access.export('StoreScorecard', 'exportTables', EXPORT_TEXTS.xlsxFailed) },
      async (request, reply) => {
        const q = request.query;
        const scope = await memberScope(db, request.auth, { storeCodes: q.storeCodes.split(',') });
        const [scorecard, conditions] = await Promise.all([
          storeScorecard(deps, request.auth, q),
          exportConditions(db, scope, {
            period: q,
            comparison: { from: q.comparisonFrom, to: q.comparisonTo },
          }),
        ]);
        const name = exportFileName([route('StoreScorecard').title!], q, 'xlsx');
        return reply
          .type(EXPORT_MIME_TYPES.xlsx)
          .header('Content-Disposition', attachmentDisposition(name))
          .send(workbookStream(scorecardSheets(scorecard, conditions)));
      },
    );

    contractRoute(
      app,
      exportContracts.marketShareXlsx,
      { access: access.export('MarketShare', 'exportTables', EXPORT_TEXTS.xlsxFailed) },
      async (request, reply) => {
        const table = await marketShareExport(deps, request.auth, request.query);
        const name = exportFileName([MARKET_SHARE_XLSX.fileWord], table.period, 'xlsx');
        return reply
          .type(EXPORT_MIME_TYPES.xlsx)
          .header('Content-Disposition', attachmentDisposition(name))
          .send(workbookStream(marketShareSheets(table)));
      },
    );
  };
}
