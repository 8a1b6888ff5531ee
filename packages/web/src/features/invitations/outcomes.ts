import { MESSAGES } from '@pharmalytics/domain';
import { isApiError } from '../../api/index.ts';

export interface InvitationFailure {
  message: string;
  /** Further guidance under the message (the help hint for unexpected errors). */
  hint?: string;
}

/** Spec 01 §8, invitation registration (verify and submit alike). */
export function invitationFailure(error: unknown): InvitationFailure {
  if (isApiError(error) && error.status === 401) return { message: MESSAGES.invitationLinkExpired };
  if (isApiError(error) && error.status === 409)
    return { message: MESSAGES.emailAlreadyRegistered };
  return { message: MESSAGES.unexpected, hint: MESSAGES.helpHint };
}
