import {
  EXPORT_TEXTS,
  exportFileName,
  MESSAGES,
  OVERDUE_LIST_LIMIT,
  plansFrom,
  RETENTION_BREAKDOWNS,
  RETENTION_CSV,
  RETENTION_XLSX,
  retentionContracts,
  type RetentionCohortsQuery,
  type RetentionCohortsResponse,
  type RetentionOverdueQuery,
  type RetentionOverdueResponse,
} from '@pharmalytics/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../access/access-policy.ts';
import type { AuthContext } from '../access/auth-context.ts';
import type { AnalyticsRouteDeps, AnswerSource } from '../analytics/metric-cache.ts';
import { memberExportConditions } from '../exports/conditions.ts';
import { sendWorkbook } from '../exports/workbook.ts';
import { contractRoute } from '../http/contract-route.ts';
import { periodScope } from './scope.ts';
import { cohortsCsv, overdueCsv } from './csv.ts';
import { retentionCohorts, retentionOverdue } from './service.ts';
import { cohortsSheets, overdueSheets } from './xlsx.ts';

const ROUTE = 'PatientRetention';
const TWIN = { roles: ['system_admin'] } as const;
const CSV = { plans: plansFrom('advanced'), refusal: MESSAGES.csvFailed } as const;
const XLSX = access.export(ROUTE, 'exportTables', EXPORT_TEXTS.xlsxFailed);

const NO_COHORTS = (q: RetentionCohortsQuery): RetentionCohortsResponse => {
  const total = { key: '', name: '全体', patients: 0, returns: [] };
  return { asOf: q.to, breakdown: q.breakdown, cohorts: [], groups: [], total };
};
const NO_OVERDUE = (q: RetentionOverdueQuery): RetentionOverdueResponse => ({
  asOf: q.to,
  graceDays: q.graceDays,
  total: { key: '', name: '全体', patients: 0, revenueAtRisk: 0 },
  byStore: [],
  byInstitution: [],
  trend: [],
  patients: [],
  unjudged: 0,
  byInterval: 0,
});

export function sendCsv(reply: FastifyReply, fileName: string, text: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header(
      'Content-Disposition',
      `attachment; filename="export.csv"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .send(text);
}

/**
 * 患者の継続's calls (docs/metrics.md), for whoever the route table lets open the page (the
 * advanced plan; a role user for its browsable stores): /v3 through the answer cache, on the
 * analytics replica once it holds the call's facts; the /v2 twins on the system of record,
 * uncached, for system administrators; the CSVs and the workbooks from the cached answers.
 */
export function retentionRoutes({ db, metrics }: AnalyticsRouteDeps): FastifyPluginAsyncZod {
  type Source = 'cached' | 'records';
  const cohorts = async (auth: AuthContext, q: RetentionCohortsQuery, source: Source) => {
    const scope = await periodScope(db, auth, q);
    if (!scope) return NO_COHORTS(q);
    const compute = (on: AnswerSource) => retentionCohorts(on, scope, q);
    if (source === 'records') return compute(db);
    return metrics.answer('retentionCohorts', scope, [q.from, q.to, q.breakdown], compute);
  };
  /** Every overdue patient; the calls list the first OVERDUE_LIST_LIMIT. */
  const overdue = async (auth: AuthContext, q: RetentionOverdueQuery, source: Source) => {
    const scope = await periodScope(db, auth, q);
    if (!scope) return NO_OVERDUE(q);
    const compute = (on: AnswerSource) => retentionOverdue(on, scope, q, Infinity);
    if (source === 'records') return compute(db);
    return metrics.answer('retentionOverdue', scope, [q.from, q.to, q.graceDays], compute);
  };
  const listed = (answer: RetentionOverdueResponse) => ({
    ...answer,
    patients: answer.patients.slice(0, OVERDUE_LIST_LIMIT),
  });

  return async (app) => {
    contractRoute(app, retentionContracts.cohorts, { access: access.route(ROUTE) }, (request) =>
      cohorts(request.auth, request.query, 'cached'),
    );
    contractRoute(
      app,
      retentionContracts.cohortsTwin,
      { access: access.route(ROUTE, TWIN) },
      (request) => cohorts(request.auth, request.query, 'records'),
    );
    contractRoute(
      app,
      retentionContracts.cohortsCsv,
      { access: access.route(ROUTE, CSV) },
      async (request, reply) => {
        const answer = await cohorts(request.auth, request.query, 'cached');
        return sendCsv(reply, RETENTION_CSV.cohortsFileName, cohortsCsv(answer));
      },
    );
    contractRoute(
      app,
      retentionContracts.overdue,
      { access: access.route(ROUTE) },
      async (request) => listed(await overdue(request.auth, request.query, 'cached')),
    );
    contractRoute(
      app,
      retentionContracts.overdueTwin,
      { access: access.route(ROUTE, TWIN) },
      async (request) => listed(await overdue(request.auth, request.query, 'records')),
    );
    contractRoute(
      app,
      retentionContracts.overdueCsv,
      { access: access.route(ROUTE, CSV) },
      async (request, reply) => {
        const answer = await overdue(request.auth, request.query, 'cached');
        return sendCsv(reply, RETENTION_CSV.overdueFileName, overdueCsv(answer));
      },
    );
    contractRoute(app, retentionContracts.cohortsXlsx, { access: XLSX }, async (request, reply) => {
      const q = request.query;
      const scope = await periodScope(db, request.auth, q);
      const [answer, conditions] = await Promise.all([
        cohorts(request.auth, q, 'cached'),
        memberExportConditions(db, request.auth, scope, {
          period: q,
          filters: RETENTION_XLSX.breakdownFilter(
            RETENTION_BREAKDOWNS.find((b) => b.key === q.breakdown)!.label,
          ),
        }),
      ]);
      const name = exportFileName(RETENTION_XLSX.cohortsFileWords, q, 'xlsx');
      return sendWorkbook(reply, name, cohortsSheets(answer, conditions));
    });
    contractRoute(app, retentionContracts.overdueXlsx, { access: XLSX }, async (request, reply) => {
      const q = request.query;
      const scope = await periodScope(db, request.auth, q);
      const [answer, conditions] = await Promise.all([
        overdue(request.auth, q, 'cached'),
        memberExportConditions(db, request.auth, scope, {
          period: q,
          filters: RETENTION_XLSX.graceFilter(q.graceDays),
        }),
      ]);
      const name = exportFileName(RETENTION_XLSX.overdueFileWords, q, 'xlsx');
      return sendWorkbook(reply, name, overdueSheets(answer, conditions));
    });
  };
}
