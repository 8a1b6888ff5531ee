import {
  INVITATION_VALID_HOURS,
  inviteSchema,
  invitationRegistrationSchema,
  roleById,
  roleByName,
  routePath,
} from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { createAccount, isEmailRegistered } from '../accounts/create-account.ts';
import type { Database } from '../db/connection.ts';
import { badRequest, conflict, notFound, unauthorized } from '../http/errors.ts';
import { hashPassword } from '../identity/passwords.ts';
import { normalizeEmail } from '../identity/service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { invitationMail } from '../mail/templates.ts';
import { TOKEN_EXPIRED } from '../signup/routes.ts';
import { hashToken, randomToken } from '../tokens/random-token.ts';

const VALID_MS = INVITATION_VALID_HOURS * 60 * 60 * 1000;

export function invitationRoutes(deps: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
}): FastifyPluginAsyncZod {
  const { db, mailer, publicUrl } = deps;

  /** A pending, unexpired invitation by its token. */
  const liveInvitation = (token: string, executor: Database = db) =>
    executor
      .selectFrom('invitations as i')
      .innerJoin('corporations as c', 'c.id', 'i.corporation_id')
      .select(['i.id', 'i.corporation_id', 'i.email', 'i.role_id', 'c.name as corporation_name'])
      .where('i.token_hash', '=', hashToken(token))
      .where('i.accepted_at', 'is', null)
      .where('i.expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();

  return async (app) => {
    /** Invites up to ten addresses; a pending invitation of the same address is renewed. */
    app.post(
      '/v2/invitations',
      {
        onRequest: app.requireRole('admin', 'system_admin'),
        schema: {
          tags: ['invitations'],
          body: z.object({
            emails: inviteSchema.shape.emails,
            system_role: inviteSchema.shape.systemRole,
          }),
        },
      },
      async (request, reply) => {
        const { auth } = request;
        const emails = [...new Set(request.body.emails.map(normalizeEmail))];
        const registered = [];
        for (const email of emails) if (await isEmailRegistered(db, email)) registered.push(email);
        if (registered.length) {
          return reply
            .code(409)
            .send({ statusCode: 409, message: 'email already registered', emails: registered });
        }
        const inviter = await db
          .selectFrom('members as m')
          .innerJoin('corporations as c', 'c.id', 'm.corporation_id')
          .select(['m.public_name', 'c.name'])
          .where('m.id', '=', auth.memberId)
          .executeTakeFirstOrThrow();
        const invitations = await db.transaction().execute(async (trx) => {
          const created = [];
          for (const email of emails) {
            await trx
              .deleteFrom('invitations')
              .where('corporation_id', '=', auth.corporationId)
              .where('email', '=', email)
              .where('accepted_at', 'is', null)
              .execute();
            const token = randomToken();
            const row = await trx
              .insertInto('invitations')
              .values({
                corporation_id: auth.corporationId,
                email,
                role_id: roleByName(request.body.system_role)!.id,
                token_hash: hashToken(token),
                invited_by: auth.memberId,
                expires_at: new Date(Date.now() + VALID_MS),
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            created.push({ id: row.id, email, token });
          }
          return created;
        });
        for (const invitation of invitations) {
          const link = `${publicUrl}${routePath('AccountRegister')}?token=${invitation.token}`;
          await mailer.send(
            invitationMail(
              invitation.email,
              link,
              inviter.name,
              inviter.public_name,
              INVITATION_VALID_HOURS,
            ),
          );
        }
        return reply.code(201).send({
          invitations: invitations.map(({ id, email }) => ({
            id,
            email,
            systemRole: request.body.system_role,
          })),
        });
      },
    );

    app.delete(
      '/v2/invitations/:id',
      {
        onRequest: app.requireRole('admin', 'system_admin'),
        schema: {
          tags: ['invitations'],
          params: z.object({ id: z.coerce.number().int().positive() }),
        },
      },
      async (request, reply) => {
        const result = await db
          .deleteFrom('invitations')
          .where('corporation_id', '=', request.auth.corporationId)
          .where('id', '=', request.params.id)
          .where('accepted_at', 'is', null)
          .executeTakeFirst();
        if (!result.numDeletedRows) throw notFound();
        return reply.code(204).send();
      },
    );

    app.get(
      '/v2/invitations/verify',
      {
        schema: {
          tags: ['invitations'],
          querystring: z.object({ token: z.string().min(1).max(200) }),
        },
      },
      async (request) => {
        const invitation = await liveInvitation(request.query.token);
        if (!invitation) throw unauthorized(TOKEN_EXPIRED);
        if (await isEmailRegistered(db, invitation.email))
          throw conflict('email already registered');
        return {
          status: 'valid',
          email: invitation.email,
          corporationName: invitation.corporation_name,
          systemRole: roleById(invitation.role_id)!.name,
        };
      },
    );

    /** Turns an invitation into an enabled account. */
    app.post(
      '/v2/members',
      { schema: { tags: ['invitations'], body: invitationRegistrationSchema } },
      async (request, reply) => {
        const form = request.body;
        const invitation = await liveInvitation(form.token);
        if (!invitation) throw unauthorized(TOKEN_EXPIRED);
        if (normalizeEmail(form.email) !== invitation.email)
          throw badRequest('email does not match the invitation');
        if (await isEmailRegistered(db, invitation.email))
          throw conflict('email already registered');
        const passwordHash = await hashPassword(form.password);
        const memberId = await db.transaction().execute(async (trx) => {
          const accepted = await trx
            .updateTable('invitations')
            .set({ accepted_at: sql`now()` })
            .where('corporation_id', '=', invitation.corporation_id)
            .where('id', '=', invitation.id)
            .where('accepted_at', 'is', null)
            .executeTakeFirst();
          if (!accepted.numUpdatedRows) throw unauthorized(TOKEN_EXPIRED);
          return createAccount(trx, {
            corporationId: invitation.corporation_id,
            email: invitation.email,
            passwordHash,
            publicName: form.publicName.trim(),
            searchName: form.searchName?.trim(),
            roleId: invitation.role_id,
          });
        });
        return reply.code(201).send({ id: memberId, email: invitation.email });
      },
    );
  };
}
