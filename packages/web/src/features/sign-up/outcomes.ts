import { ERROR_TYPES, MESSAGES } from '@pharmalytics/domain';
import { isApiError } from '../../api/index.ts';

/** Spec 01 §8: why the new-account link cannot be used (GET /v2/sign_ups/verify). */
export function signUpVerifyFailure(error: unknown): string {
  if (isApiError(error) && error.status === 401) return MESSAGES.signUpLinkExpired;
  if (isApiError(error) && error.status === 409) return MESSAGES.emailAlreadyRegistered;
  return MESSAGES.unexpected;
}

export type NewAccountFailure =
  /** Shown on the password field: the person can fix it and send again. */
  | { kind: 'password'; message: string }
  /** Shown on the error screen. */
  | { kind: 'page'; message: string };

/** Spec 01 §8: a failed PATCH /v2/sign_ups/{token}. */
export function newAccountSubmitFailure(error: unknown): NewAccountFailure {
  if (!isApiError(error)) return { kind: 'page', message: MESSAGES.unexpected };
  if (error.type === ERROR_TYPES.passwordSameToEmail) {
    return { kind: 'password', message: MESSAGES.passwordSameToEmail };
  }
  if (error.status === 401) return { kind: 'page', message: MESSAGES.signUpDeadlinePassed };
  if (error.status === 409) return { kind: 'page', message: MESSAGES.emailAlreadyRegistered };
  return { kind: 'page', message: MESSAGES.unexpected };
}
