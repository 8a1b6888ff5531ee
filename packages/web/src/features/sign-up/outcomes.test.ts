import { MESSAGES } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import { newAccountSubmitFailure, signUpVerifyFailure } from './outcomes.ts';

describe('signUpVerifyFailure', () => {
  it('maps 401 to the expired link and 409 to the registered address', () => {
    expect(signUpVerifyFailure(new ApiError(401, 'token expired'))).toBe(
      MESSAGES.signUpLinkExpired,
    );
    expect(signUpVerifyFailure(new ApiError(409, 'email already registered'))).toBe(
      MESSAGES.emailAlreadyRegistered,
    );
  });

  it('maps everything else to the unexpected error', () => {
    expect(signUpVerifyFailure(new ApiError(400, 'validation error'))).toBe(MESSAGES.unexpected);
    expect(signUpVerifyFailure(new ApiError(0, 'network error'))).toBe(MESSAGES.unexpected);
    expect(signUpVerifyFailure(new Error('boom'))).toBe(MESSAGES.unexpected);
  });
});

describe('newAccountSubmitFailure', () => {
  it('keeps the form for a password equal to the e-mail', () => {
    expect(
      newAccountSubmitFailure(
        new ApiError(400, 'password same to email', 'password_same_to_email'),
      ),
    ).toEqual({ kind: 'password', message: MESSAGES.passwordSameToEmail });
  });

  it('maps 401 to the passed deadline and 409 to the registered address', () => {
    expect(newAccountSubmitFailure(new ApiError(401, 'token expired'))).toEqual({
      kind: 'page',
      message: MESSAGES.signUpDeadlinePassed,
    });
    expect(newAccountSubmitFailure(new ApiError(409, 'email already registered'))).toEqual({
      kind: 'page',
      message: MESSAGES.emailAlreadyRegistered,
    });
  });

  it('maps everything else to the unexpected error', () => {
    for (const error of [
      new ApiError(400, 'validation error'),
      new ApiError(500, ''),
      new ApiError(0, 'network error'),
      new TypeError('x'),
    ]) {
      expect(newAccountSubmitFailure(error)).toEqual({
        kind: 'page',
        message: MESSAGES.unexpected,
      });
    }
  });
});
