import { facilityStandardsContracts as contracts } from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../access/access-policy.ts';
import { groupScope, memberScope } from '../access/analysis-scope.ts';
import { computeFacilityMeasures, computeGroupTotals } from '../analytics/facility-measures.ts';
import type { AnalyticsRouteDeps } from '../analytics/metric-cache.ts';
import { scopeStores } from '../analytics/queries.ts';
import { contractRoute } from '../http/contract-route.ts';
import { notFound } from '../http/errors.ts';
import {
  buildingsOf,
  deleteGroupOutsideStores,
  deleteSameBuildingGroup,
  listGroupOutsideStores,
  listSameBuildingGroups,
  saveGroupOutsideStores,
  saveSameBuildingGroup,
} from './measure-inputs-queries.ts';

/**
 * The 施設基準 measures and what an administrator enters for them (docs/facility-standards.md
 * "Measures"), on the paid plans, as the 施設基準 page. Measures are read for the member's
 * browsable stores; group totals cover the whole corporation, so only its administrators read
 * them. Buildings and the outside figure are read by any member and written by administrators.
 */
export function facilityMeasureRoutes({ db, metrics }: AnalyticsRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    contractRoute(app, contracts.measures, { access: access.paidMember }, async (request) => {
      const { fromMonth, toMonth, storeCodes } = request.query;
      const scope = await memberScope(db, request.auth, {
        storeCodes: storeCodes.split(','),
        from: `${fromMonth}-01`,
      });
      const buildings = await buildingsOf(db, scope.corporationId);
      const question = { fromMonth, toMonth, buildings: [...buildings].sort() };
      const measures = await metrics.answer('facilityMeasures', scope, question, (on) =>
        computeFacilityMeasures(on, { scope, fromMonth, toMonth, buildings }),
      );
      const stores = await scopeStores(db, scope);
      const codeOf = new Map(stores.map((s) => [s.id, s.storeCode]));
      return {
        measures: measures.map(({ storeId, ...m }) => ({
          storeCode: codeOf.get(storeId)!,
          ...m,
        })),
      };
    });

    contractRoute(
      app,
      contracts.groupTotals,
      { access: access.adminOnPaidPlan },
      async (request) => {
        const { fromMonth, toMonth } = request.query;
        const scope = await groupScope(db, request.auth);
        const [outside, buildings] = await Promise.all([
          listGroupOutsideStores(db, scope.corporationId),
          buildingsOf(db, scope.corporationId),
        ]);
        const question = { fromMonth, toMonth, outside, buildings: [...buildings].sort() };
        const months = await metrics.answer('groupTotals', scope, question, (on) =>
          computeGroupTotals(on, { scope, fromMonth, toMonth, buildings, outside }),
        );
        return { months };
      },
    );

    contractRoute(app, contracts.buildings, { access: access.paidMember }, async (request) => ({
      buildings: await listSameBuildingGroups(db, request.auth.corporationId),
    }));

    contractRoute(
      app,
      contracts.saveBuilding,
      { access: access.adminOnPaidPlan },
      async (request) => ({
        id: await saveSameBuildingGroup(db, request.auth.corporationId, request.body),
      }),
    );

    contractRoute(
      app,
      contracts.deleteBuilding,
      { access: access.adminOnPaidPlan },
      async (request, reply) => {
        const deleted = await deleteSameBuildingGroup(
          db,
          request.auth.corporationId,
          request.params.id,
        );
        if (!deleted) throw notFound();
        return reply.code(204).send();
      },
    );

    contractRoute(app, contracts.outsideStores, { access: access.paidMember }, async (request) => ({
      figures: await listGroupOutsideStores(db, request.auth.corporationId),
    }));

    contractRoute(
      app,
      contracts.saveOutsideStores,
      { access: access.adminOnPaidPlan },
      async (request, reply) => {
        await saveGroupOutsideStores(db, request.auth.corporationId, request.body);
        return reply.code(204).send();
      },
    );

    contractRoute(
      app,
      contracts.deleteOutsideStores,
      { access: access.adminOnPaidPlan },
      async (request, reply) => {
        const deleted = await deleteGroupOutsideStores(
          db,
          request.auth.corporationId,
          request.params.month,
        );
        if (!deleted) throw notFound();
        return reply.code(204).send();
      },
    );
  };
}
