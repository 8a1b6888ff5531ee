import { MESSAGES } from '@pharmalytics/domain';
import { isApiError } from '../../api/index.ts';

/**
 * Spec 01 §8, forgot password: 404 (no such account) counts as sent, so the screen never tells
 * whether an address is registered. Anything else failed.
 */
export function forgotPasswordSent(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

export interface ResetFailure {
  message: string;
  /** The link is spent: offer to start over from the forgot-password screen. */
  restart: boolean;
}

/** An expired, used or missing link. */
export const RESET_LINK_EXPIRED: ResetFailure = {
  message: MESSAGES.resetLinkExpired,
  restart: true,
};

/** Spec 01 §8, reset password: 401 is an expired or used link; the rest is unexpected. */
export function resetPasswordFailure(error: unknown): ResetFailure {
  return isApiError(error) && error.status === 401
    ? RESET_LINK_EXPIRED
    : { message: MESSAGES.unexpected, restart: false };
}
