import { memberContracts, todayInJapan } from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/connection.ts';
import { contractRoute } from '../http/contract-route.ts';
import { notFound } from '../http/errors.ts';
import { loadMemberView } from './member-view.ts';
import { access } from '../access/access-policy.ts';

export function memberRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    /** A member of the caller's own corporation. */
    contractRoute(app, memberContracts.get, { access: access.member }, async (request) => {
      const member = await loadMemberView(db, request.params.id, request.auth);
      if (!member || member.corporation.id !== request.auth.corporationId) throw notFound();
      return member;
    });

    /** Records today's agreement to the terms of service and the privacy policy. */
    contractRoute(app, memberContracts.agree, { access: access.member }, async (request) => {
      await db
        .updateTable('members')
        .set({
          terms_agreed_on: todayInJapan(),
          privacy_policy_agreed_on: todayInJapan(),
          updated_at: new Date(),
        })
        .where('id', '=', request.auth.memberId)
        .execute();
      return (await loadMemberView(db, request.auth.memberId))!;
    });

    /** system_admin moves itself to another corporation, found by its code. */
    contractRoute(
      app,
      memberContracts.moveCorporation,
      { access: access.systemAdmin },
      async (request) => {
        if (request.params.id !== request.auth.memberId) throw notFound();
        const corporation = await db
          .selectFrom('corporations')
          .select('id')
          .where('corporation_code', '=', request.body.corporationCode)
          .executeTakeFirst();
        if (!corporation) throw notFound('corporation not found');
        await db
          .updateTable('members')
          .set({ corporation_id: corporation.id, updated_at: new Date() })
          .where('id', '=', request.auth.memberId)
          .execute();
        return (await loadMemberView(db, request.auth.memberId))!;
      },
    );
  };
}
