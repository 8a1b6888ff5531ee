import { z } from 'zod';
import { FIELD_LABELS, FORM_MESSAGES, V } from '../messages.ts';
import { passwordOtherThan, requiredEmail } from './fields.ts';
import { text } from './primitives.ts';

export const loginSchema = z.object({
  email: text({ typeError: V.required }).min(1, V.required),
  password: text({ typeError: V.required }).min(1, V.required),
});
export type LoginForm = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({
  email: requiredEmail(FIELD_LABELS.email),
});
export type ForgotPasswordForm = z.infer<typeof forgotPasswordSchema>;

/**
 * Reset password form. A factory because the rule "not equal to the e-mail" needs the
 * e-mail returned by GET /v2/reset_passwords/verify.
 */
export function resetPasswordSchema(email: string) {
  return z
    .object({
      password: passwordOtherThan(email, FIELD_LABELS.password),
      rePassword: passwordOtherThan(email, FIELD_LABELS.passwordConfirmation),
    })
    .refine((form) => form.password === form.rePassword, {
      error: FORM_MESSAGES.passwordMismatch,
      path: ['rePassword'],
    });
}
export type ResetPasswordForm = z.infer<ReturnType<typeof resetPasswordSchema>>;
