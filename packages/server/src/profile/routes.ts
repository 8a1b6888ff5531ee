import { profileContracts } from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../access/access-policy.ts';
import type { Database } from '../db/connection.ts';
import { contractRoute } from '../http/contract-route.ts';
import type { IdentityService } from '../identity/service.ts';
import { loadMemberView } from '../members/member-view-queries.ts';
import { SESSION_COOKIE, type SessionStore } from '../session/session-store.ts';
import { updateNames, updateSendReportAllowed, userInformation } from './queries.ts';
import { changePassword } from './service.ts';

export function profileRoutes(deps: {
  db: Database;
  identity: IdentityService;
  sessions: SessionStore;
}): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    contractRoute(app, profileContracts.get, { access: access.member }, async (request) => ({
      userInformation: await userInformation(db, request.auth.memberId),
    }));

    contractRoute(app, profileContracts.update, { access: access.member }, async (request) => {
      await updateNames(db, request.auth.memberId, {
        publicName: request.body.publicName.trim(),
        searchName: request.body.searchName?.trim() || null,
      });
      return { userInformation: await userInformation(db, request.auth.memberId) };
    });

    /**
     * Checks the current password at the identity service (so its lockout applies), sets the new
     * one and ends the member's other sessions.
     */
    contractRoute(
      app,
      profileContracts.changePassword,
      { access: access.member },
      async (request) => {
        await changePassword(
          deps,
          request.auth.memberId,
          request.body,
          request.cookies[SESSION_COOKIE],
        );
        return {};
      },
    );

    // Report e-mails are a feature of the paid plans.
    contractRoute(
      app,
      profileContracts.personalSettings,
      { access: access.reportReceiver },
      async (request) => {
        await updateSendReportAllowed(db, request.auth.memberId, request.body.sendReportAllowed);
        return (await loadMemberView(db, request.auth.memberId))!;
      },
    );
  };
}
