import {
  ERROR_WIRE_MESSAGES,
  FIELD_LABELS,
  idParam,
  INVITATION_VALID_HOURS,
  inviteSchema,
  invitationRegistrationSchema,
  linkToken,
  roleById,
  roleByName,
  routePath,
} from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { createAccount, isEmailRegistered } from '../members/create-account.ts';
import type { Database } from '../db/connection.ts';
import { badRequest, conflict, notFound, unauthorized } from '../http/errors.ts';
import { hashPassword } from '../identity/passwords.ts';
import { normalizeEmail } from '../identity/service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { invitationMail } from '../mail/templates.ts';
import { hashToken, randomToken } from '../tokens/random-token.ts';
import { access } from '../access/access-policy.ts';

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
    /**
     * Invites up to ten addresses; a pending invitation of the same address is renewed. Members
     * of the caller's own corporation are refused by name (409), as the account list shows them
     * anyway. An address with an account in another corporation is invited like any other (its
     * owner learns from the link that the address is taken), so that inviting tells nothing about
     * other corporations' members.
     */
    app.post(
      '/v2/invitations',
      {
        config: { access: access.admin },
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
        const ownMembers = await db
          .selectFrom('members')
          .select('email')
          .where('corporation_id', '=', auth.corporationId)
          .where('email', 'in', emails)
          .execute();
        if (ownMembers.length) {
          const registered = new Set(ownMembers.map((m) => m.email));
          return reply.code(409).send({
            statusCode: 409,
            message: ERROR_WIRE_MESSAGES.emailAlreadyRegistered,
            emails: emails.filter((email) => registered.has(email)),
          });
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
        config: { access: access.admin },
        schema: {
          tags: ['invitations'],
          params: z.object({ id: idParam(FIELD_LABELS.invitationId) }),
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
        config: { access: access.public },
        schema: {
          tags: ['invitations'],
          querystring: z.object({ token: linkToken() }),
        },
      },
      async (request) => {
        const invitation = await liveInvitation(request.query.token);
        if (!invitation) throw unauthorized(ERROR_WIRE_MESSAGES.tokenExpired);
        if (await isEmailRegistered(db, invitation.email))
          throw conflict(ERROR_WIRE_MESSAGES.emailAlreadyRegistered);
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
      {
        config: { access: access.public },
        schema: { tags: ['invitations'], body: invitationRegistrationSchema },
      },
      async (request, reply) => {
        const form = request.body;
        const invitation = await liveInvitation(form.token);
        if (!invitation) throw unauthorized(ERROR_WIRE_MESSAGES.tokenExpired);
        if (normalizeEmail(form.email) !== invitation.email)
          throw badRequest('email does not match the invitation');
        if (await isEmailRegistered(db, invitation.email))
          throw conflict(ERROR_WIRE_MESSAGES.emailAlreadyRegistered);
        const passwordHash = await hashPassword(form.password);
        const memberId = await db.transaction().execute(async (trx) => {
          const accepted = await trx
            .updateTable('invitations')
            .set({ accepted_at: sql`now()` })
            .where('corporation_id', '=', invitation.corporation_id)
            .where('id', '=', invitation.id)
            .where('accepted_at', 'is', null)
            .executeTakeFirst();
          if (!accepted.numUpdatedRows) throw unauthorized(ERROR_WIRE_MESSAGES.tokenExpired);
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
