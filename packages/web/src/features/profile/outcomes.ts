import { ERROR_TYPES, MESSAGES, type UserInformation } from '@pharmalytics/domain';
import { isApiError, isSessionExpiry, type Member } from '../../api/index.ts';

export type ChangePasswordFailure =
  | { target: 'currentPassword' | 'newPassword' | 'form'; message: string }
  /** The session ended; the global handling has already said so. */
  | null;

const INVALID_PASSWORD = 'INVALID_PASSWORD';
const TOO_MANY_ATTEMPTS = 'TOO_MANY_ATTEMPTS_TRY_LATER';

/** Spec 01 §8, password change: where to show the failure, and which message. */
export function changePasswordFailure(error: unknown): ChangePasswordFailure {
  if (isSessionExpiry(error)) return null;
  if (isApiError(error)) {
    if (error.type === ERROR_TYPES.passwordSameToEmail) {
      return { target: 'newPassword', message: MESSAGES.passwordSameToEmail };
    }
    if (error.message.includes(INVALID_PASSWORD)) {
      return { target: 'currentPassword', message: MESSAGES.currentPasswordWrong };
    }
    if (error.message.includes(TOO_MANY_ATTEMPTS)) {
      return { target: 'form', message: MESSAGES.tooManyAttempts };
    }
  }
  return { target: 'form', message: MESSAGES.unexpected };
}

/** The session member with the names just saved on the profile (the header shows them). */
export function withProfile(member: Member, info: UserInformation): Member {
  return { ...member, publicName: info.publicName, searchName: info.searchName };
}

/** The profile form's starting values: an unset search name is the empty field. */
export function profileFormValues(info: UserInformation): {
  publicName: string;
  searchName: string;
} {
  return { publicName: info.publicName, searchName: info.searchName ?? '' };
}
