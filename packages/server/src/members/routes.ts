import { memberContracts, todayInJapan } from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/connection.ts';
import { contractRoute } from '../http/contract-route.ts';
import { notFound } from '../http/errors.ts';
import { moveToCorporation, recordAgreement } from './queries.ts';
import { loadMemberView } from './member-view-queries.ts';
import { access } from '../access/access-policy.ts';
import { requireMember } from '../access/require.ts';

export function memberRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    /** A member of the caller's own corporation. */
    contractRoute(app, memberContracts.get, { access: access.member }, async (request) => {
      const member = await requireMember(db, request.auth, request.params.id);
      return (await loadMemberView(db, member.id, request.auth))!;
    });

    /** Records today's agreement to the terms of service and the privacy policy. */
    contractRoute(app, memberContracts.agree, { access: access.member }, async (request) => {
      await recordAgreement(db, request.auth.memberId, todayInJapan());
      return (await loadMemberView(db, request.auth.memberId))!;
    });

    /** system_admin moves itself to another corporation, found by its code. */
    contractRoute(
      app,
      memberContracts.moveCorporation,
      { access: access.systemAdmin },
      async (request) => {
        if (request.params.id !== request.auth.memberId) throw notFound();
        if (!(await moveToCorporation(db, request.auth.memberId, request.body.corporationCode))) {
          throw notFound('corporation not found');
        }
        return (await loadMemberView(db, request.auth.memberId))!;
      },
    );
  };
}
