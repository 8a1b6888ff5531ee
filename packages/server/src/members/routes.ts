import { corporationCodeSchema, FIELD_LABELS, idParam, todayInJapan } from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/connection.ts';
import { notFound } from '../http/errors.ts';
import { loadMemberView } from './member-view.ts';
import { access } from '../access/access-policy.ts';

const idParams = z.object({ id: idParam(FIELD_LABELS.memberId) });

export function memberRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    /** A member of the caller's own corporation. */
    app.get(
      '/v2/members/:id',
      { config: { access: access.member }, schema: { tags: ['members'], params: idParams } },
      async (request) => {
        const member = await loadMemberView(db, request.params.id, request.auth);
        if (!member || member.corporation.id !== request.auth.corporationId) throw notFound();
        return member;
      },
    );

    /** Records today's agreement to the terms of service and the privacy policy. */
    app.patch(
      '/v2/members/agreement',
      { config: { access: access.member }, schema: { tags: ['members'] } },
      async (request) => {
        await db
          .updateTable('members')
          .set({
            terms_agreed_on: todayInJapan(),
            privacy_policy_agreed_on: todayInJapan(),
            updated_at: new Date(),
          })
          .where('id', '=', request.auth.memberId)
          .execute();
        return loadMemberView(db, request.auth.memberId);
      },
    );

    /** system_admin moves itself to another corporation, found by its code. */
    app.put(
      '/v2/members/:id/corporations',
      {
        config: { access: access.systemAdmin },
        schema: { tags: ['members'], params: idParams, body: corporationCodeSchema },
      },
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
        return loadMemberView(db, request.auth.memberId);
      },
    );
  };
}
