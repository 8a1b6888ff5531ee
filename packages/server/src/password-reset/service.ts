import {
  ERROR_WIRE_MESSAGES,
  resetPasswordSchema,
  routePath,
  type PasswordResetRequest,
} from '@pharmalytics/domain';
import type { Database } from '../db/connection.ts';
import { unauthorized } from '../http/errors.ts';
import { validate } from '../http/validation.ts';
import type { IdentityService } from '../identity/service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { passwordResetMail } from '../mail/templates.ts';
import type { SessionStore } from '../session/session-store.ts';
import { EMAIL_TOKEN_TTL_MS, type EmailTokens } from '../tokens/email-tokens.ts';
import { findMemberByEmail } from './queries.ts';

export interface PasswordResetDeps {
  db: Database;
  mailer: Mailer;
  emailTokens: EmailTokens;
  identity: IdentityService;
  sessions: SessionStore;
  publicUrl: string;
}

/** Mails a reset link when the address belongs to a member; nothing otherwise. */
export async function mailResetLink(deps: PasswordResetDeps, email: string): Promise<void> {
  const member = await findMemberByEmail(deps.db, email);
  if (!member) return;
  const token = await deps.emailTokens.issue('password_reset', email);
  const link = `${deps.publicUrl}${routePath('ResetPassword')}?token=${token}`;
  await deps.mailer.send(
    passwordResetMail(email, link, EMAIL_TOKEN_TTL_MS.password_reset / 60_000),
  );
}

/** The address of a usable reset link; 401 once it expired or was used. */
export async function resetEmailOf(deps: PasswordResetDeps, token: string): Promise<string> {
  const email = await deps.emailTokens.emailOf('password_reset', token);
  if (!email) throw unauthorized(ERROR_WIRE_MESSAGES.tokenExpired);
  return email;
}

/**
 * Sets the new password (checked against the rules, which need the link's address), uses up the
 * link and ends every session of the member.
 */
export async function resetPassword(
  deps: PasswordResetDeps,
  { token, password, rePassword }: PasswordResetRequest,
): Promise<void> {
  const email = await resetEmailOf(deps, token);
  validate(resetPasswordSchema(email), { password, rePassword });
  const member = await findMemberByEmail(deps.db, email);
  if (!member || !(await deps.emailTokens.consume('password_reset', token))) {
    throw unauthorized(ERROR_WIRE_MESSAGES.tokenExpired);
  }
  await deps.identity.setPassword(member.identity_user_id, password);
  await deps.sessions.deleteAllOf(member.id);
}
