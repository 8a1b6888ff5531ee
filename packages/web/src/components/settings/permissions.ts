import { memberCan } from '@pharmalytics/domain';
import { MESSAGES } from '@pharmalytics/domain';
import { isSessionExpiry, type Member } from '../../api/index.ts';
import { enqueueSnackbar } from '../index.ts';

/**
 * Whether a member may change settings: register, edit and delete (spec 01 §6), the capability
 * `administer`. Role user sees the settings read-only.
 */
export function canManage(member: Member): boolean {
  return memberCan(member, 'administer');
}

/**
 * The message for a failed call shown inside a dialog (a snackbar would be hidden from
 * assistive technology behind the modal), or null when the global handling ended the session.
 */
export function failureText(error: unknown, message: string = MESSAGES.unexpected): string | null {
  return isSessionExpiry(error) ? null : message;
}

/**
 * Shows a failed call's message, unless the global handling already ended the session (that
 * shows its own message).
 */
export function reportFailure(error: unknown, message: string = MESSAGES.unexpected): void {
  if (!isSessionExpiry(error)) enqueueSnackbar(message, 'error');
}
