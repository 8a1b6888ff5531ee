import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { FIELD_LABELS, FORM_MESSAGES } from '../messages.ts';
import { optionalAlphanumeric, password, passwordOtherThan, requiredText } from './fields.ts';

export const profileSchema = z.object({
  publicName: requiredText(FIELD_LABELS.publicName, LIMITS.nameMax),
  searchName: optionalAlphanumeric(FIELD_LABELS.searchName, LIMITS.nameMax),
});
export type ProfileForm = z.infer<typeof profileSchema>;

/** Password change dialog; a factory because the new password must differ from `email`. */
export function changePasswordSchema(email: string) {
  return z
    .object({
      currentPassword: password(FIELD_LABELS.currentPassword),
      newPassword: passwordOtherThan(email, FIELD_LABELS.newPassword),
      newPasswordConfirmation: password(FIELD_LABELS.newPasswordConfirmation),
    })
    .refine((form) => form.newPassword === form.newPasswordConfirmation, {
      error: FORM_MESSAGES.passwordMismatch,
      path: ['newPasswordConfirmation'],
    });
}
export type ChangePasswordForm = z.infer<ReturnType<typeof changePasswordSchema>>;
