import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { FIELD_LABELS, FORM_MESSAGES, V } from '../messages.ts';
import { ASSIGNABLE_ROLES } from '../roles.ts';
import { EMAIL } from './fields.ts';
import { stop, text } from './primitives.ts';

/**
 * E-mails typed into the invite field: split at commas (half- or full-width), trimmed,
 * empty entries dropped, duplicates (ignoring case) removed keeping the first.
 */
export function parseInviteEmails(text: string): string[] {
  const seen = new Set<string>();
  const emails: string[] = [];
  for (const entry of text.split(/[,，]/)) {
    const email = entry.trim();
    const key = email.toLowerCase();
    if (email === '' || seen.has(key)) continue;
    seen.add(key);
    emails.push(email);
  }
  return emails;
}

const inviteEmail = text()
  .regex(EMAIL, stop(V.email))
  .max(LIMITS.emailMax, stop(V.maxLength(FIELD_LABELS.email, LIMITS.emailMax)));

/** Invite dialog (POST /v2/invitations): only admin and user may be invited. */
export const inviteSchema = z.object({
  emails: z
    .array(inviteEmail, { error: V.namedRequired(FIELD_LABELS.email) })
    .min(1, V.namedRequired(FIELD_LABELS.email))
    .max(LIMITS.inviteMaxEmails, FORM_MESSAGES.inviteMaxEmails),
  systemRole: z.enum(ASSIGNABLE_ROLES, { error: FORM_MESSAGES.inviteRoleRequired }),
});
export type InviteForm = z.infer<typeof inviteSchema>;
