import {
  profileContracts,
  type PasswordChangeRequest,
  type ProfileForm,
  type UserInformation,
} from '@pharmalytics/domain';
import { call, type Member } from '../../api/index.ts';

export const profileKeys = {
  detail: (memberId: number) => ['profile', memberId] as const,
};

export function fetchProfile(): Promise<{ userInformation: UserInformation }> {
  return call(profileContracts.get, {});
}

export function updateProfile(form: ProfileForm): Promise<{ userInformation: UserInformation }> {
  return call(profileContracts.update, {
    body: { publicName: form.publicName, searchName: form.searchName ?? '' },
  });
}

/** Checks the current password, sets the new one and ends the member's other sessions. */
export function changePassword(request: PasswordChangeRequest): Promise<unknown> {
  return call(profileContracts.changePassword, { body: request });
}

/** 403 on the free plan. Answers the member. */
export function updatePersonalSettings(settings: { sendReportAllowed: boolean }): Promise<Member> {
  return call(profileContracts.personalSettings, { body: settings });
}
