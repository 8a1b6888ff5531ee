import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { FIELD_LABELS, FORM_MESSAGES } from '../messages.ts';
import { optionalAlphanumeric, password, requiredEmail, requiredText } from './fields.ts';
import { linkToken } from './primitives.ts';

/** Account registration from an invitation link (POST /v2/members). */
export const invitationRegistrationSchema = z
  .object({
    token: linkToken(),
    publicName: requiredText(FIELD_LABELS.publicName, LIMITS.nameMax),
    searchName: optionalAlphanumeric(FIELD_LABELS.searchName, LIMITS.nameMax),
    email: requiredEmail(FIELD_LABELS.email),
    password: password(FIELD_LABELS.password),
  })
  .refine((form) => !form.password.toLowerCase().includes(form.email.toLowerCase()), {
    error: FORM_MESSAGES.passwordContainsEmail,
    path: ['password'],
  });
export type InvitationRegistrationForm = z.infer<typeof invitationRegistrationSchema>;
