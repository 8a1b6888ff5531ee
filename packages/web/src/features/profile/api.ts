import type { ProfileForm } from '@pharmalytics/domain';
import { api, type Member } from '../../api/index.ts';

export interface UserInformation {
  publicName: string;
  searchName: string | null;
  email: string;
}

export interface ProfileResponse {
  userInformation: UserInformation;
}

export interface ChangePasswordRequest {
  email: string;
  currentPassword: string;
  newPassword: string;
}

export const profileKeys = {
  detail: (memberId: number) => ['profile', memberId] as const,
};

export function fetchProfile(): Promise<ProfileResponse> {
  return api.get<ProfileResponse>('/v2/profile');
}

export function updateProfile(form: ProfileForm): Promise<ProfileResponse> {
  return api.put<ProfileResponse>('/v2/profile', {
    publicName: form.publicName,
    searchName: form.searchName ?? '',
  });
}

/** Checks the current password, sets the new one and ends the member's other sessions. */
export function changePassword(request: ChangePasswordRequest): Promise<unknown> {
  return api.patch<unknown>('/v2/profile/change_password', request);
}

/** 403 on the free plan. Answers the member. */
export function updatePersonalSettings(settings: { sendReportAllowed: boolean }): Promise<Member> {
  return api.patch<Member>('/v2/members/personal_settings', settings);
}
