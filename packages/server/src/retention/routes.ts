import {
  MESSAGES,
  OVERDUE_LIST_LIMIT,
  plansFrom,
  RETENTION_CSV,
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
import { contractRoute } from '../http/contract-route.ts';
import { periodScope } from './scope.ts';
import { cohortsCsv, overdueCsv } from './csv.ts';
import { retentionCohorts, retentionOverdue } from './service.ts';

const ROUTE = 'PatientRetention';
const TWIN = { roles: ['system_admin'] } as const;
const CSV = { plans: plansFrom('advanced'), refusal: MESSAGES.csvFailed } as const;

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
 * uncached, for system administrators; the CSVs from the cached answers.
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
  };
}
