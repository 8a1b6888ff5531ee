import { MESSAGES } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import type { Member } from '../../api/index.ts';
import { changePasswordFailure, profileFormValues, withProfile } from './outcomes.ts';

describe('changePasswordFailure', () => {
  it('puts a wrong current password on its field', () => {
    expect(changePasswordFailure(new ApiError(400, 'INVALID_PASSWORD'))).toEqual({
      target: 'currentPassword',
      message: MESSAGES.currentPasswordWrong,
    });
    expect(changePasswordFailure(new ApiError(400, 'INVALID_PASSWORD : bad'))).toEqual({
      target: 'currentPassword',
      message: MESSAGES.currentPasswordWrong,
    });
  });

  it('asks to retry later after too many attempts', () => {
    expect(changePasswordFailure(new ApiError(400, 'TOO_MANY_ATTEMPTS_TRY_LATER'))).toEqual({
      target: 'form',
      message: MESSAGES.tooManyAttempts,
    });
  });

  it('puts a password equal to the e-mail on the new password', () => {
    expect(
      changePasswordFailure(new ApiError(400, 'password same to email', 'password_same_to_email')),
    ).toEqual({ target: 'newPassword', message: MESSAGES.passwordSameToEmail });
  });

  it('reports anything else as unexpected', () => {
    for (const error of [new ApiError(500, ''), new ApiError(0, 'network'), new Error('x')]) {
      expect(changePasswordFailure(error)).toEqual({
        target: 'form',
        message: MESSAGES.unexpected,
      });
    }
  });

  it('stays quiet when the session expired', () => {
    expect(changePasswordFailure(new ApiError(401, 'unauthorized'))).toBeNull();
  });
});

const member: Member = {
  id: 7,
  publicName: '旧 名前',
  searchName: null,
  email: 'someone@example.com',
  systemRole: { id: 1, name: 'admin', publicName: '管理者' },
  sendReportAllowed: false,
  serviceAgreedOn: '2024-01-01',
  privacyPolicyAgreedOn: '2024-01-01',
  corporation: {
    id: 1,
    name: '株式会社サンプル薬局',
    corporationCode: '100001',
    plan: { id: 1, code: 'free', name: 'フリープラン' },
  },
  browsableStores: [],
};

describe('withProfile', () => {
  it('takes the saved names and keeps the rest of the member', () => {
    const next = withProfile(member, {
      publicName: '新 名前',
      searchName: 'Shin Namae',
      email: member.email,
    });
    expect(next).toEqual({ ...member, publicName: '新 名前', searchName: 'Shin Namae' });
  });
});

describe('profileFormValues', () => {
  it('shows an unset search name as an empty field', () => {
    expect(profileFormValues({ publicName: 'a', searchName: null, email: 'x@y.z' })).toEqual({
      publicName: 'a',
      searchName: '',
    });
    expect(profileFormValues({ publicName: 'a', searchName: 'B', email: 'x@y.z' })).toEqual({
      publicName: 'a',
      searchName: 'B',
    });
  });
});
