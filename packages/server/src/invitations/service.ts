import {
  ERROR_WIRE_MESSAGES,
  INVITATION_VALID_HOURS,
  roleById,
  roleByName,
  routePath,
  type Invitation,
  type InvitationLink,
  type InvitationRegistrationForm,
} from '@pharmalytics/domain';
import type { AuthContext } from '../access/auth-context.ts';
import { createAccount, isEmailRegistered } from '../members/create-account.ts';
import type { Database } from '../db/connection.ts';
import { badRequest, conflict, unauthorized } from '../http/errors.ts';
import { hashPassword } from '../identity/passwords.ts';
import { normalizeEmail } from '../identity/service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { invitationMail } from '../mail/templates.ts';
import { hashToken, randomToken } from '../tokens/random-token.ts';
import {
  acceptInvitation,
  findLiveInvitation,
  inviterOf,
  ownMemberEmails,
  replacePendingInvitation,
  type LiveInvitation,
} from './queries.ts';

const VALID_MS = INVITATION_VALID_HOURS * 60 * 60 * 1000;

export interface InvitationDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
}

/**
 * Invites the addresses (normalized, each once); a pending invitation of the same address is
 * renewed. Addresses that are members of the caller's own corporation refuse the whole call and
 * are answered; an address with an account in another corporation is invited like any other.
 */
export async function invite(
  deps: InvitationDeps,
  auth: AuthContext,
  addresses: readonly string[],
  role: Invitation['systemRole'],
): Promise<{ alreadyMembers: string[] } | { invitations: Invitation[] }> {
  const { db, mailer, publicUrl } = deps;
  const emails = [...new Set(addresses.map(normalizeEmail))];
  const registered = new Set(await ownMemberEmails(db, auth, emails));
  if (registered.size) return { alreadyMembers: emails.filter((email) => registered.has(email)) };
  const inviter = await inviterOf(db, auth.memberId);
  const created = await db.transaction().execute(async (trx) => {
    const rows = [];
    for (const email of emails) {
      const token = randomToken();
      const id = await replacePendingInvitation(trx, auth, {
        email,
        roleId: roleByName(role)!.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + VALID_MS),
      });
      rows.push({ id, email, token });
    }
    return rows;
  });
  for (const invitation of created) {
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
  return { invitations: created.map(({ id, email }) => ({ id, email, systemRole: role })) };
}

/** A usable invitation: 401 once expired or used, 409 once its address has an account. */
async function usableInvitation(db: Database, token: string): Promise<LiveInvitation> {
  const invitation = await findLiveInvitation(db, token);
  if (!invitation) throw unauthorized(ERROR_WIRE_MESSAGES.tokenExpired);
  if (await isEmailRegistered(db, invitation.email))
    throw conflict(ERROR_WIRE_MESSAGES.emailAlreadyRegistered);
  return invitation;
}

/** What the invitation link shows: the address, the inviting corporation and the role. */
export async function invitationLink(db: Database, token: string): Promise<InvitationLink> {
  const invitation = await usableInvitation(db, token);
  return {
    status: 'valid',
    email: invitation.email,
    corporationName: invitation.corporationName,
    systemRole: roleById(invitation.roleId)!.name,
  };
}

/** Turns an invitation into an enabled account; answers the new member's id and address. */
export async function registerInvitedMember(
  db: Database,
  form: InvitationRegistrationForm,
): Promise<{ id: number; email: string }> {
  const invitation = await findLiveInvitation(db, form.token);
  if (!invitation) throw unauthorized(ERROR_WIRE_MESSAGES.tokenExpired);
  if (normalizeEmail(form.email) !== invitation.email)
    throw badRequest('email does not match the invitation');
  if (await isEmailRegistered(db, invitation.email))
    throw conflict(ERROR_WIRE_MESSAGES.emailAlreadyRegistered);
  const passwordHash = await hashPassword(form.password);
  const memberId = await db.transaction().execute(async (trx) => {
    if (!(await acceptInvitation(trx, invitation)))
      throw unauthorized(ERROR_WIRE_MESSAGES.tokenExpired);
    return createAccount(trx, {
      corporationId: invitation.corporationId,
      email: invitation.email,
      passwordHash,
      publicName: form.publicName.trim(),
      searchName: form.searchName?.trim(),
      roleId: invitation.roleId,
    });
  });
  return { id: memberId, email: invitation.email };
}
