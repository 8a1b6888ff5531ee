import { storeContracts } from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../access/access-policy.ts';
import { noteSharedCode } from './shared-code-queries.ts';
import type { AuthContext } from '../access/auth-context.ts';
import { requireMember, requireStore } from '../access/require.ts';
import type { Database } from '../db/connection.ts';
import { contractRoute } from '../http/contract-route.ts';
import { forbidden } from '../http/errors.ts';
import type { IdentityService } from '../identity/service.ts';
import { roleView, USER_ROLE_ID } from '../members/member-view-queries.ts';
import type { SecretBox } from '../tokens/secret-box.ts';
import { storeRules } from './registration-queries.ts';
import {
  browsableStoreRows,
  endStoreContract,
  insertStore,
  removeStoreViewer,
  storeMemberRows,
  storeRow,
  toStoreViewFor,
  updateStore,
} from './store-queries.ts';

export function storeRoutes(deps: {
  db: Database;
  box: SecretBox;
  identity: IdentityService;
}): FastifyPluginAsyncZod {
  const { db, box, identity } = deps;
  const { assertUnique, uniqueClash, storeColumns } = storeRules(db);

  /** The view of a store the caller may see (active ones). */
  async function storeView(auth: AuthContext, storeCode: string) {
    const store = await requireStore(db, auth, storeCode);
    return toStoreViewFor(auth, box)(await storeRow(db, auth, store.id));
  }

  return async (app) => {
    /** Stores the caller may see; active ones unless includeInactive=true. */
    contractRoute(app, storeContracts.list, { access: access.member }, async (request) => {
      const rows = await browsableStoreRows(
        db,
        request.auth,
        request.query.includeInactive,
      ).execute();
      return rows.map(toStoreViewFor(request.auth, box));
    });

    /** Active stores whose uploader has not contacted the service yet. */
    contractRoute(app, storeContracts.checkSetups, { access: access.member }, async (request) => {
      const rows = await browsableStoreRows(db, request.auth).execute();
      return { count: rows.filter((r) => !r.connected).length };
    });

    contractRoute(app, storeContracts.get, { access: access.member }, async (request) =>
      storeView(request.auth, request.params.storeCode),
    );

    contractRoute(app, storeContracts.create, { access: access.admin }, async (request, reply) => {
      const { auth } = request;
      await assertUnique(auth, request.body);
      const columns = await storeColumns(request.body);
      const storeCode = await insertStore(db, box, auth, columns).catch(uniqueClash);
      await noteSharedCode(db, request.log, auth.corporationId, storeCode);
      return reply.code(201).send(await storeView(auth, storeCode));
    });

    contractRoute(app, storeContracts.update, { access: access.admin }, async (request) => {
      const { auth } = request;
      const store = await requireStore(db, auth, request.params.storeCode);
      await assertUnique(auth, request.body, store.id);
      const columns = await storeColumns(request.body);
      await updateStore(db, auth, store.id, columns).catch(uniqueClash);
      await noteSharedCode(db, request.log, auth.corporationId, store.storeCode);
      return storeView(auth, store.storeCode);
    });

    /**
     * Ends a store's contract after the caller confirms with its password. The store leaves every
     * list, but its dispensing history stays in the database.
     */
    contractRoute(app, storeContracts.delete, { access: access.admin }, async (request, reply) => {
      const { auth } = request;
      const store = await requireStore(db, auth, request.params.storeCode);
      const me = await requireMember(db, auth, auth.memberId);
      const check = await identity.signIn(me.email, request.body.password);
      if (!check.ok) throw forbidden('invalid password');
      await endStoreContract(db, auth, store.id);
      return reply.code(204).send();
    });

    /** Members who can see the store: every admin, and the user-role members assigned to it. */
    contractRoute(app, storeContracts.members, { access: access.member }, async (request) => {
      const { auth } = request;
      const store = await requireStore(db, auth, request.params.storeCode);
      const rows = await storeMemberRows(db, auth, store.id);
      return rows.map((r) => ({
        id: r.id,
        publicName: r.public_name,
        email: r.email,
        systemRole: roleView(r.role_id),
      }));
    });

    /** Takes a user-role member off the store (admins see every store and cannot be removed). */
    contractRoute(
      app,
      storeContracts.removeMember,
      { access: access.admin },
      async (request, reply) => {
        const { auth } = request;
        const store = await requireStore(db, auth, request.params.storeCode);
        const member = await requireMember(db, auth, request.params.memberId);
        if (member.role_id !== USER_ROLE_ID)
          throw forbidden('only user-role members can be removed');
        await removeStoreViewer(db, auth, store.id, member.id);
        return reply.code(204).send();
      },
    );
  };
}
