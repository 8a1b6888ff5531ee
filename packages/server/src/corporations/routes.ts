import {
  corporationEditSchema,
  decimalCode,
  FIELD_LABELS,
  INPUT_LIMITS,
  PLAN_CODES,
  planByCode,
  planById,
} from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { AuthContext } from '../access/auth-context.ts';
import { browsableStoreIds } from '../access/browsable-stores.ts';
import type { Database } from '../db/connection.ts';
import type { CorporationsTable } from '../db/types.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { roleView, USER_ROLE_ID } from '../members/member-view.ts';
import { access } from '../access/access-policy.ts';

const codeParams = z.object({
  code: decimalCode(FIELD_LABELS.corporationCode, INPUT_LIMITS.corporationCodeDigits),
});
const orNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);

export function corporationRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  /** The caller's own corporation; any other code is answered as not found. */
  async function ownCorporation(auth: AuthContext, code: string) {
    const row = await db
      .selectFrom('corporations')
      .selectAll()
      .where('id', '=', auth.corporationId)
      .where('corporation_code', '=', code)
      .executeTakeFirst();
    if (!row) throw notFound('corporation not found');
    return row;
  }

  return async (app) => {
    /** The current plan, for the plan-change page (system_admin only, per the route table). */
    app.get(
      '/v2/corporations/service_plan',
      {
        config: { access: access.route('CorporationServicePlanSelectSetting') },
        schema: { tags: ['corporations'] },
      },
      async (request) => {
        const row = await db
          .selectFrom('corporations')
          .select('plan_id')
          .where('id', '=', request.auth.corporationId)
          .executeTakeFirstOrThrow();
        return { plan: planById(row.plan_id)!.code };
      },
    );

    app.patch(
      '/v2/corporations/service_plan',
      {
        config: { access: access.route('CorporationServicePlanSelectSetting') },
        schema: { tags: ['corporations'], body: z.object({ plan: z.enum(PLAN_CODES) }) },
      },
      async (request) => {
        await db
          .updateTable('corporations')
          .set({ plan_id: planByCode(request.body.plan)!.id, updated_at: new Date() })
          .where('id', '=', request.auth.corporationId)
          .execute();
        return { plan: request.body.plan };
      },
    );

    app.get(
      '/v2/corporations/:code',
      { config: { access: access.member }, schema: { tags: ['corporations'], params: codeParams } },
      async (request) => toCorporationView(await ownCorporation(request.auth, request.params.code)),
    );

    app.put(
      '/v2/corporations/:code',
      {
        config: { access: access.admin },
        schema: { tags: ['corporations'], params: codeParams, body: corporationEditSchema },
      },
      async (request) => {
        const corporation = await ownCorporation(request.auth, request.params.code);
        const body = request.body;
        if (body.corporation_code !== corporation.corporation_code) {
          throw badRequest('corporation code cannot be changed');
        }
        await db
          .updateTable('corporations')
          .set({
            name: body.name.trim(),
            zip_code: orNull(body.zip_code),
            address: orNull(body.address),
            building_name: orNull(body.building_name),
            technical_person_name: orNull(body.technical_person_name),
            technical_person_tel: orNull(body.technical_person_tel),
            technical_person_email: orNull(body.technical_person_email),
            billing_person_name: orNull(body.billing_person_name),
            billing_person_tel: orNull(body.billing_person_tel),
            billing_person_email: orNull(body.billing_person_email),
            updated_at: new Date(),
          })
          .where('id', '=', corporation.id)
          .execute();
        return toCorporationView(await ownCorporation(request.auth, request.params.code));
      },
    );

    /** The account list: enabled members with their viewable stores, and pending invitations. */
    app.get(
      '/v2/corporations/:code/members',
      { config: { access: access.member }, schema: { tags: ['corporations'], params: codeParams } },
      async (request) => {
        const { auth } = request;
        await ownCorporation(auth, request.params.code);
        const [members, assigned, stores, storeCount, invitations] = await Promise.all([
          db
            .selectFrom('members')
            .select(['id', 'public_name', 'email', 'role_id'])
            .where('corporation_id', '=', auth.corporationId)
            .orderBy('id')
            .execute(),
          db
            .selectFrom('member_browsable_stores as b')
            .innerJoin('stores as s', (j) =>
              j.onRef('s.id', '=', 'b.store_id').onRef('s.corporation_id', '=', 'b.corporation_id'),
            )
            .select(['b.member_id', 's.store_code', 's.name'])
            .where('b.corporation_id', '=', auth.corporationId)
            .where('s.id', 'in', browsableStoreIds(db, auth))
            .orderBy('s.store_code')
            .execute(),
          db
            .selectFrom('stores')
            .select(['store_code', 'name'])
            .where('id', 'in', browsableStoreIds(db, auth))
            .orderBy('store_code')
            .execute(),
          // How many stores "all stores" stands for: a count, which names no store.
          db
            .selectFrom('stores')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where('corporation_id', '=', auth.corporationId)
            .where('contract_status', '=', 'active')
            .executeTakeFirstOrThrow(),
          db
            .selectFrom('invitations')
            .select(['id', 'email', 'role_id', 'expires_at'])
            .where('corporation_id', '=', auth.corporationId)
            .where('accepted_at', 'is', null)
            .orderBy('id')
            .execute(),
        ]);
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
      },
    );
  };
}

function toCorporationView(row: Selectable<CorporationsTable>) {
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
