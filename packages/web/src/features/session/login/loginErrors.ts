import { loginSchema, type LoginForm } from '@pharmalytics/domain';
import { z } from 'zod';

export type LoginErrors = Partial<Record<keyof LoginForm, string>>;

/** The first message of each invalid field under the domain's login rules; null when valid. */
export function loginErrors(values: LoginForm): LoginErrors | null {
  const result = loginSchema.safeParse(values);
  if (result.success) return null;
  const { fieldErrors } = z.flattenError(result.error);
  return { email: fieldErrors.email?.[0], password: fieldErrors.password?.[0] };
}
