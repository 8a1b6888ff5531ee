import {
  corporationContracts,
  planByCode,
  planById,
  type AccountList,
  type Corporation,
} from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Selectable } from 'kysely';
import { access } from '../access/access-policy.ts';
import type { AuthContext } from '../access/auth-context.ts';
import { requireOwnCorporation } from '../access/require.ts';
import type { Database } from '../db/connection.ts';
import type { CorporationsTable } from '../db/types.ts';
import { contractRoute } from '../http/contract-route.ts';
import { badRequest } from '../http/errors.ts';
import { roleView, USER_ROLE_ID } from '../members/member-view-queries.ts';
import { accountListRows, planIdOf, setPlan, updateCorporation } from './queries.ts';

export function corporationRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    /** The current plan, for the plan-change page (system_admin only, per the route table). */
    contractRoute(
      app,
      corporationContracts.servicePlan,
      { access: access.route('CorporationServicePlanSelectSetting') },
      async (request) => ({ plan: planById(await planIdOf(db, request.auth))!.code }),
    );

    contractRoute(
      app,
      corporationContracts.changeServicePlan,
      { access: access.route('CorporationServicePlanSelectSetting') },
      async (request) => {
        await setPlan(db, request.auth, planByCode(request.body.plan)!.id);
        return { plan: request.body.plan };
      },
    );

    contractRoute(app, corporationContracts.get, { access: access.member }, async (request) =>
      toCorporationView(await requireOwnCorporation(db, request.auth, request.params.code)),
    );

    contractRoute(app, corporationContracts.update, { access: access.admin }, async (request) => {
      const corporation = await requireOwnCorporation(db, request.auth, request.params.code);
      if (request.body.corporation_code !== corporation.corporation_code) {
        throw badRequest('corporation code cannot be changed');
      }
      await updateCorporation(db, corporation.id, request.body);
      return toCorporationView(await requireOwnCorporation(db, request.auth, request.params.code));
    });

    /** The account list: enabled members with their viewable stores, and pending invitations. */
    contractRoute(app, corporationContracts.members, { access: access.member }, async (request) => {
      await requireOwnCorporation(db, request.auth, request.params.code);
      return accountList(db, request.auth);
    });
  };
}

async function accountList(db: Database, auth: AuthContext): Promise<AccountList> {
  const [members, assigned, stores, storeCount, invitations] = await accountListRows(db, auth);
  // The stores the caller may see: a role user learns no other store's name.
  const allStores = stores.map((s) => ({ storeCode: s.store_code, name: s.name }));
  return {
    totalStoreCount: Number(storeCount.count),
    members: members.map((m) => ({
      id: m.id,
      name: m.public_name,
      mail: m.email,
      status: 'enabled',
      systemRole: roleView(m.role_id),
      browsableStores:
        m.role_id === USER_ROLE_ID
          ? assigned
              .filter((a) => a.member_id === m.id)
              .map((a) => ({ storeCode: a.store_code, name: a.name }))
          : allStores,
    })),
    invitingMembers: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      status: 'invitation',
      systemRole: roleView(i.role_id),
      expired: i.expires_at < new Date(),
    })),
  };
}

function toCorporationView(row: Selectable<CorporationsTable>): Corporation {
  return {
    corporation_code: row.corporation_code,
    name: row.name,
    plan: planById(row.plan_id)!.code,
    zip_code: row.zip_code,
    address: row.address,
    building_name: row.building_name,
    technical_person_name: row.technical_person_name,
    technical_person_tel: row.technical_person_tel,
    technical_person_email: row.technical_person_email,
    billing_person_name: row.billing_person_name,
    billing_person_tel: row.billing_person_tel,
    billing_person_email: row.billing_person_email,
  };
}
