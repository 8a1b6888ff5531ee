import { memberAdminContracts } from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../access/access-policy.ts';
import type { Database } from '../db/connection.ts';
import { contractRoute } from '../http/contract-route.ts';
import { SESSION_COOKIE } from '../session/session-store.ts';
import { changeRole, deleteAccount, setViewableStores, viewableStores } from './admin-service.ts';
import { loadMemberView } from './member-view-queries.ts';

/** Account administration: role, viewable stores, deletion (spec 01 §4, §6). */
export function memberAdminRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    /** user → admin sees every store; admin → user starts with none. */
    contractRoute(
      app,
      memberAdminContracts.changeRole,
      { access: access.admin },
      async (request) => {
        await changeRole(db, request.auth, request.params.id, request.body.system_role);
        return (await loadMemberView(db, request.params.id))!;
      },
    );

    contractRoute(
      app,
      memberAdminContracts.viewableStores,
      { access: access.member },
      async (request) => ({
        storeCodes: await viewableStores(db, request.auth, request.params.id),
      }),
    );

    /** Replaces the viewable stores of a user-role member; an empty string clears them. */
    contractRoute(
      app,
      memberAdminContracts.setViewableStores,
      { access: access.admin },
      async (request) => ({
        storeCodes: await setViewableStores(
          db,
          request.auth,
          request.params.id,
          request.body.storeCodes,
        ),
      }),
    );

    /** Deletes an account for good (its sign-in too). Deleting oneself also ends the session. */
    contractRoute(
      app,
      memberAdminContracts.delete,
      { access: access.admin },
      async (request, reply) => {
        const { own } = await deleteAccount(db, request.auth, request.params.id);
        if (own) reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return reply.code(204).send();
      },
    );
  };
}
