import { ERROR_WIRE_MESSAGES } from '@pharmalytics/domain';
import { loadAuthContext, shutOutBySuspension } from '../access/auth-context.ts';
import type { Database } from '../db/connection.ts';
import { forbidden, HttpError } from '../http/errors.ts';
import { isRevoked, useIdTokenOnce } from '../identity/token-revocation.ts';
import type { TokenService } from '../identity/tokens.ts';
import { findLoginMember } from './queries.ts';

/**
 * The member an identity-provider ID token logs in. A token opens one session only, and none once
 * the member has set a new password after it was issued; a suspended corporation's members are
 * refused with 403.
 */
export async function memberOfIdToken(
  db: Database,
  tokens: TokenService,
  bearer: string | undefined,
): Promise<number> {
  const claims = bearer ? await tokens.verify(bearer) : null;
  if (!claims) throw new HttpError(401, ERROR_WIRE_MESSAGES.invalidToken);
  const member = await findLoginMember(db, claims.sub);
  if (
    !member ||
    member.disabled ||
    isRevoked(claims, member) ||
    !(await useIdTokenOnce(db, claims))
  ) {
    throw new HttpError(401, ERROR_WIRE_MESSAGES.invalidToken);
  }
  const auth = await loadAuthContext(db, member.id);
  if (auth && shutOutBySuspension(auth)) {
    throw forbidden(ERROR_WIRE_MESSAGES.corporationSuspended);
  }
  return member.id;
}
