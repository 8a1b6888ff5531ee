import { MESSAGES } from '@pharmalytics/domain';
import { isApiError } from '../../../api/index.ts';

/** Spec 01 §8: 403 is a suspended corporation; every other failure is the generic login error. */
export function loginErrorMessage(error: unknown): string {
  return isApiError(error) && error.status === 403 ? MESSAGES.loginSuspended : MESSAGES.loginFailed;
}
