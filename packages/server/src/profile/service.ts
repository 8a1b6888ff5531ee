import {
  changePasswordSchema,
  ERROR_TYPES,
  type PasswordChangeRequest,
} from '@pharmalytics/domain';
import type { Database } from '../db/connection.ts';
import { badRequest } from '../http/errors.ts';
import { validate } from '../http/validation.ts';
import type { IdentityService } from '../identity/service.ts';
import type { SessionStore } from '../session/session-store.ts';
import { loginOf } from './queries.ts';

/**
 * Checks the current password at the identity service (so its lockout applies), sets the new
 * one and ends the member's sessions other than `keepSessionId`.
 */
export async function changePassword(
  deps: { db: Database; identity: IdentityService; sessions: SessionStore },
  memberId: number,
  request: PasswordChangeRequest,
  keepSessionId: string | undefined,
): Promise<void> {
  const member = await loginOf(deps.db, memberId);
  const { currentPassword, newPassword } = request;
  if (request.email.trim().toLowerCase() !== member.email) throw badRequest('email mismatch');
  if (newPassword.toLowerCase() === member.email) {
    throw badRequest('password same to email', ERROR_TYPES.passwordSameToEmail);
  }
  // The password rules need the member's e-mail: they are checked here, not by the contract.
  validate(changePasswordSchema(member.email), {
    currentPassword,
    newPassword,
    newPasswordConfirmation: newPassword,
  });
  const check = await deps.identity.signIn(member.email, currentPassword);
  if (!check.ok) {
    throw badRequest(
      check.error === 'TOO_MANY_ATTEMPTS_TRY_LATER' ? check.error : 'INVALID_PASSWORD',
    );
  }
  await deps.identity.setPassword(member.identity_user_id, newPassword);
  await deps.sessions.deleteAllOf(memberId, keepSessionId);
}
