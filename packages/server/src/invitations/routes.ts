import { ERROR_WIRE_MESSAGES, invitationContracts } from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../access/access-policy.ts';
import { requirePendingInvitation } from '../access/require-invitation.ts';
import { contractRoute } from '../http/contract-route.ts';
import { notFound } from '../http/errors.ts';
import { deletePendingInvitation } from './queries.ts';
import { invitationLink, invite, registerInvitedMember, type InvitationDeps } from './service.ts';

export function invitationRoutes(deps: InvitationDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    /**
     * Invites up to ten addresses; a pending invitation of the same address is renewed. Members
     * of the caller's own corporation are refused by name (409), as the account list shows them
     * anyway. An address with an account in another corporation is invited like any other (its
     * owner learns from the link that the address is taken), so that inviting tells nothing about
     * other corporations' members.
     */
    contractRoute(
      app,
      invitationContracts.invite,
      { access: access.admin },
      async (request, reply) => {
        const result = await invite(
          deps,
          request.auth,
          request.body.emails,
          request.body.system_role,
        );
        if ('alreadyMembers' in result) {
          return reply.code(409).send({
            statusCode: 409,
            message: ERROR_WIRE_MESSAGES.emailAlreadyRegistered,
            emails: result.alreadyMembers,
          });
        }
        return reply.code(201).send(result);
      },
    );

    contractRoute(
      app,
      invitationContracts.cancel,
      { access: access.admin },
      async (request, reply) => {
        const invitation = await requirePendingInvitation(db, request.auth, request.params.id);
        if (!(await deletePendingInvitation(db, request.auth, invitation.id))) throw notFound();
        return reply.code(204).send();
      },
    );

    contractRoute(app, invitationContracts.verify, { access: access.public }, (request) =>
      invitationLink(db, request.query.token),
    );

    /** Turns an invitation into an enabled account. */
    contractRoute(
      app,
      invitationContracts.register,
      { access: access.public },
      async (request, reply) => reply.code(201).send(await registerInvitedMember(db, request.body)),
    );
  };
}
