import {
  ASSIGNABLE_ROLES,
  ERROR_TYPES,
  FIELD_LABELS,
  idParam,
  roleByName,
  storeCodeList,
} from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthContext } from '../access/auth-context.ts';
import type { Database } from '../db/connection.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { SESSION_COOKIE } from '../session/session-store.ts';
import { loadMemberView, USER_ROLE_ID } from './member-view.ts';
import { browsableStoreIds } from '../access/browsable-stores.ts';
import { access } from '../access/access-policy.ts';

const idParams = z.object({ id: idParam(FIELD_LABELS.memberId) });
const ADMIN_ROLE_ID = roleByName('admin')!.id;
const SYSTEM_ADMIN_ROLE_ID = roleByName('system_admin')!.id;
const lastUser = () => forbidden('last user', ERROR_TYPES.lastUser);

/** Account administration: role, viewable stores, deletion (spec 01 §4, §6). */
export function memberAdminRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  async function targetMember(auth: AuthContext, id: number) {
    const member = await db
      .selectFrom('members')
      .select(['id', 'role_id', 'identity_user_id'])
      .where('corporation_id', '=', auth.corporationId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!member) throw notFound('member not found');
    return member;
  }

  /** The corporation keeps at least one admin. */
  async function otherAdminsExist(auth: AuthContext, exceptId: number) {
    const row = await db
      .selectFrom('members')
      .select('id')
      .where('corporation_id', '=', auth.corporationId)
      .where('role_id', '=', ADMIN_ROLE_ID)
      .where('id', '!=', exceptId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  return async (app) => {
    /** user → admin sees every store; admin → user starts with none. */
    app.patch(
      '/v2/members/:id/role',
      {
        config: { access: access.admin },
        schema: {
          tags: ['members'],
          params: idParams,
          body: z.object({ system_role: z.enum(ASSIGNABLE_ROLES) }),
        },
      },
      async (request) => {
        const { auth } = request;
        if (request.params.id === auth.memberId) throw forbidden('own role cannot be changed');
        const member = await targetMember(auth, request.params.id);
        if (member.role_id === SYSTEM_ADMIN_ROLE_ID)
          throw forbidden('system administrator role cannot be changed');
        const roleId = roleByName(request.body.system_role)!.id;
        if (
          member.role_id === ADMIN_ROLE_ID &&
          roleId !== ADMIN_ROLE_ID &&
          !(await otherAdminsExist(auth, member.id))
        ) {
          throw lastUser();
        }
        await db.transaction().execute(async (trx) => {
          await trx
            .updateTable('members')
            .set({ role_id: roleId, updated_at: new Date() })
            .where('id', '=', member.id)
            .execute();
          await trx
            .deleteFrom('member_browsable_stores')
            .where('member_id', '=', member.id)
            .execute();
        });
        return loadMemberView(db, member.id);
      },
    );

    app.get(
      '/v2/members/:id/branches',
      { config: { access: access.member }, schema: { tags: ['members'], params: idParams } },
      async (request) => {
        const member = await targetMember(request.auth, request.params.id);
        if (member.role_id !== USER_ROLE_ID)
          throw badRequest('only user-role members have viewable stores');
        const rows = await db
          .selectFrom('member_browsable_stores as b')
          .innerJoin('stores as s', (j) =>
            j.onRef('s.id', '=', 'b.store_id').onRef('s.corporation_id', '=', 'b.corporation_id'),
          )
          .select('s.store_code')
          .where('b.member_id', '=', member.id)
          .where('s.id', 'in', browsableStoreIds(db, request.auth))
          .orderBy('s.store_code')
          .execute();
        return { storeCodes: rows.map((r) => r.store_code) };
      },
    );

    /** Replaces the viewable stores of a user-role member; an empty string clears them. */
    app.patch(
      '/v2/members/:id/branches',
      {
        config: { access: access.admin },
        schema: {
          tags: ['members'],
          params: idParams,
          body: z.object({ storeCodes: storeCodeList({ label: FIELD_LABELS.storeCode }) }),
        },
      },
      async (request) => {
        const { auth } = request;
        const member = await targetMember(auth, request.params.id);
        if (member.role_id !== USER_ROLE_ID)
          throw badRequest('only user-role members have viewable stores');
        const codes = [
          ...new Set(
            request.body.storeCodes
              .split(',')
              .map((c) => c.trim())
              .filter(Boolean),
          ),
        ];
        const stores = codes.length
          ? await db
              .selectFrom('stores')
              .select(['id', 'store_code'])
              .where('corporation_id', '=', auth.corporationId)
              .where('contract_status', '=', 'active')
              .where('store_code', 'in', codes)
              .execute()
          : [];
        if (stores.length !== codes.length) throw badRequest('unknown store code');
        await db.transaction().execute(async (trx) => {
          await trx
            .deleteFrom('member_browsable_stores')
            .where('member_id', '=', member.id)
            .execute();
          if (stores.length) {
            await trx
              .insertInto('member_browsable_stores')
              .values(
                stores.map((s) => ({
                  corporation_id: auth.corporationId,
                  member_id: member.id,
                  store_id: s.id,
                })),
              )
              .execute();
          }
        });
        return { storeCodes: stores.map((s) => s.store_code).sort() };
      },
    );

    /** Deletes an account for good (its sign-in too). Deleting oneself also ends the session. */
    app.delete(
      '/v2/members/:id',
      { config: { access: access.admin }, schema: { tags: ['members'], params: idParams } },
      async (request, reply) => {
        const { auth } = request;
        const member = await targetMember(auth, request.params.id);
        if (member.role_id === SYSTEM_ADMIN_ROLE_ID && member.id !== auth.memberId) {
          throw forbidden('system administrator cannot be deleted');
        }
        if (member.role_id === ADMIN_ROLE_ID && !(await otherAdminsExist(auth, member.id)))
          throw lastUser();
        await db.transaction().execute(async (trx) => {
          await trx
            .updateTable('invitations')
            .set({ invited_by: null })
            .where('invited_by', '=', member.id)
            .execute();
          await trx.deleteFrom('members').where('id', '=', member.id).execute();
          await trx
            .deleteFrom('identity_users')
            .where('local_id', '=', member.identity_user_id)
            .execute();
        });
        if (member.id === auth.memberId) reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return reply.code(204).send();
      },
    );
  };
}
