import { z } from 'zod';
import { FIELD_LABELS } from '../messages.ts';
import { ASSIGNABLE_ROLES, ROLE_NAMES } from '../roles.ts';
import { invitationRegistrationSchema } from '../schemas/invitationRegistration.ts';
import { inviteSchema } from '../schemas/invite.ts';
import { idParam } from '../schemas/primitives.ts';
import { endpoint, errorBodySchema, noContentSchema } from './endpoint.ts';
import { linkTokenQuerySchema, verifiedLinkSchema } from './token-links.ts';

export const invitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  systemRole: z.enum(ASSIGNABLE_ROLES),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** A usable invitation link: the invited address, the inviting corporation and the role. */
export const invitationLinkSchema = verifiedLinkSchema.extend({
  status: z.literal('valid'),
  corporationName: z.string(),
  systemRole: z.enum(ROLE_NAMES),
});
export type InvitationLink = z.infer<typeof invitationLinkSchema>;

/** 409 of an invitation: the addresses that are already members of the own corporation. */
export const alreadyMembersBodySchema = errorBodySchema.extend({ emails: z.array(z.string()) });

export const invitationContracts = {
  invite: endpoint({
    method: 'POST',
    path: '/v2/invitations',
    tag: 'invitations',
    summary:
      'Invites up to ten addresses into the own corporation; a pending invitation is renewed',
    body: z.object({
      emails: inviteSchema.shape.emails,
      system_role: inviteSchema.shape.systemRole,
    }),
    responses: {
      201: z.object({ invitations: z.array(invitationSchema) }),
      409: alreadyMembersBodySchema,
    },
  }),
  cancel: endpoint({
    method: 'DELETE',
    path: '/v2/invitations/:id',
    tag: 'invitations',
    summary: 'Withdraws a pending invitation of the own corporation',
    params: z.object({ id: idParam(FIELD_LABELS.invitationId) }),
    responses: { 204: noContentSchema },
  }),
  verify: endpoint({
    method: 'GET',
    path: '/v2/invitations/verify',
    tag: 'invitations',
    summary: 'Checks an invitation link',
    query: linkTokenQuerySchema,
    responses: { 200: invitationLinkSchema },
  }),
  register: endpoint({
    method: 'POST',
    path: '/v2/members',
    tag: 'invitations',
    summary: 'Turns an invitation into an enabled account',
    body: invitationRegistrationSchema,
    responses: { 201: z.object({ id: z.number().int(), email: z.string() }) },
  }),
};
