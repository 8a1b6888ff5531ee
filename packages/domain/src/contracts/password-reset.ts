import { z } from 'zod';
import { FIELD_LABELS } from '../messages.ts';
import { forgotPasswordSchema } from '../schemas/auth.ts';
import { boundedText, linkToken } from '../schemas/primitives.ts';
import { endpoint } from './endpoint.ts';
import { linkTokenQuerySchema, verifiedLinkSchema } from './token-links.ts';

/**
 * The new password with the token of the reset link. The password rules need the e-mail of the
 * token, so the server checks them once it has read the token.
 */
export const passwordResetRequestSchema = z.object({
  token: linkToken(),
  password: boundedText({ label: FIELD_LABELS.password }),
  rePassword: boundedText({ label: FIELD_LABELS.passwordConfirmation }),
});
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const passwordResetContracts = {
  request: endpoint({
    method: 'POST',
    path: '/v2/reset_passwords',
    tag: 'password-reset',
    summary:
      'Mails a reset link when the address has an account; answers the same at once either way',
    body: forgotPasswordSchema,
    responses: { 200: z.object({}) },
  }),
  verify: endpoint({
    method: 'GET',
    path: '/v2/reset_passwords/verify',
    tag: 'password-reset',
    summary: 'Checks a reset link',
    query: linkTokenQuerySchema,
    responses: { 200: verifiedLinkSchema },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/v2/reset_passwords/update',
    tag: 'password-reset',
    summary: 'Sets the new password and ends every session of the member',
    body: passwordResetRequestSchema,
    responses: { 200: z.object({}) },
  }),
};
