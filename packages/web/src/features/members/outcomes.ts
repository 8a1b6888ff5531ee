import { ERROR_TYPES, MESSAGES } from '@pharmalytics/domain';
import { isApiError } from '../../api/index.ts';

/** Role change or account deletion: the last admin cannot go (spec 01 §8). */
export function accountChangeFailure(error: unknown): string {
  if (isApiError(error) && error.status === 403 && error.type === ERROR_TYPES.lastUser) {
    return MESSAGES.lastUser;
  }
  return MESSAGES.unexpected;
}

/** The addresses a 409 of POST /v2/invitations names as already registered. */
export function alreadyRegisteredEmails(error: unknown): string[] | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const emails = (error.body as { emails?: unknown } | undefined)?.emails;
  return Array.isArray(emails) ? emails.filter((e): e is string => typeof e === 'string') : [];
}
