import {
  EXPORT_TEXTS,
  exportFileName,
  MESSAGES,
  periodText,
  plansFrom,
  PRESCRIBER_CHANGES_CSV,
  PRESCRIBER_CHANGES_XLSX,
  PRESCRIBER_LABELS,
  prescriberChangesContracts,
  todayInJapan,
  type PrescriberChangesQuery,
  type PrescriberChangesResponse,
} from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../access/access-policy.ts';
import type { AuthContext } from '../access/auth-context.ts';
import { requireStore } from '../access/require.ts';
import type { AnalyticsRouteDeps, AnswerSource } from '../analytics/metric-cache.ts';
import { scopeStores } from '../analytics/queries.ts';
import { memberExportConditions } from '../exports/conditions.ts';
import { sendWorkbook } from '../exports/workbook.ts';
import { contractRoute } from '../http/contract-route.ts';
import { periodScope } from '../retention/scope.ts';
import { sendCsv } from '../retention/routes.ts';
import { prescriberChangesCsv } from './csv.ts';
import { saveNoticeDismissal } from './dismissal-queries.ts';
import { nearbyOfStores } from './nearby.ts';
import { dashboardPrescriberNotices } from './notices.ts';
import { changePeriods, prescriberChanges } from './service.ts';
import { prescriberChangesSheets } from './xlsx.ts';

const ROUTE = 'PrescriberChanges';

/**
 * 処方元の変化's call (docs/metrics.md) for whoever the route table lets open the page (the
 * advanced plan; a role user for its browsable stores): /v3 through the answer cache, on the
 * analytics replica once it holds the call's facts; the /v2 twin on the system of record for
 * system administrators; the CSV and the workbook from the cached answer. The clinics opened and
 * closed nearby come from the facility master (public data, on the system of record) in both.
 * The dashboard's notices and their dismissals are for the members who follow the changes
 * (`followPrescriberChanges`).
 */
export function prescriberChangeRoutes(deps: AnalyticsRouteDeps): FastifyPluginAsyncZod {
  const { db, metrics } = deps;
  const answer = async (
    auth: AuthContext,
    q: PrescriberChangesQuery,
    source: 'cached' | 'records',
  ) => {
    const scope = await periodScope(db, auth, q);
    if (!scope) {
      const periods = changePeriods({ from: q.from, to: q.to });
      const none: PrescriberChangesResponse = { periods, floor: q.floor, stores: [], notices: [] };
      return { scope, changes: none };
    }
    const [stores, nearbyOf] = await Promise.all([
      scopeStores(db, scope),
      nearbyOfStores(db, scope, q.to),
    ]);
    const compute = (on: AnswerSource) => prescriberChanges(on, scope, q, stores, nearbyOf);
    const changes =
      source === 'records'
        ? await compute(db)
        : await metrics.answer('prescriberChanges', scope, [q.from, q.to, q.floor], compute);
    return { scope, changes };
  };

  return async (app) => {
    contractRoute(
      app,
      prescriberChangesContracts.prescriberChanges,
      { access: access.route(ROUTE) },
      async (request) => (await answer(request.auth, request.query, 'cached')).changes,
    );
    contractRoute(
      app,
      prescriberChangesContracts.prescriberChangesTwin,
      { access: access.route(ROUTE, { roles: ['system_admin'] }) },
      async (request) => (await answer(request.auth, request.query, 'records')).changes,
    );
    contractRoute(
      app,
      prescriberChangesContracts.prescriberChangesCsv,
      {
        access: access.route(ROUTE, {
          plans: plansFrom('advanced'),
          refusal: MESSAGES.csvFailed,
        }),
      },
      async (request, reply) => {
        const { changes } = await answer(request.auth, request.query, 'cached');
        return sendCsv(reply, PRESCRIBER_CHANGES_CSV.fileName, prescriberChangesCsv(changes));
      },
    );
    contractRoute(
      app,
      prescriberChangesContracts.prescriberChangesXlsx,
      { access: access.export(ROUTE, 'exportTables', EXPORT_TEXTS.xlsxFailed) },
      async (request, reply) => {
        const q = request.query;
        const { scope, changes } = await answer(request.auth, q, 'cached');
        const { yearAgo, previous } = changes.periods;
        const conditions = await memberExportConditions(db, request.auth, scope, {
          period: changes.periods.current,
          comparison: yearAgo,
          comparisonLabel: PRESCRIBER_LABELS.yearAgo,
          filters: [
            PRESCRIBER_CHANGES_XLSX.floorFilter(q.floor),
            PRESCRIBER_CHANGES_XLSX.previousFilter(periodText(previous)),
          ].join(' / '),
        });
        const name = exportFileName(PRESCRIBER_CHANGES_XLSX.fileWords, q, 'xlsx');
        return sendWorkbook(reply, name, prescriberChangesSheets(changes, conditions));
      },
    );
    contractRoute(
      app,
      prescriberChangesContracts.notices,
      { access: access.can('followPrescriberChanges') },
      (request) => dashboardPrescriberNotices(deps, request.auth, todayInJapan()),
    );
    contractRoute(
      app,
      prescriberChangesContracts.dismissNotice,
      { access: access.can('followPrescriberChanges') },
      async (request, reply) => {
        const store = await requireStore(db, request.auth, request.body.storeCode);
        await saveNoticeDismissal(db, request.auth, store.id, request.body.key);
        return reply.code(204).send();
      },
    );
  };
}
