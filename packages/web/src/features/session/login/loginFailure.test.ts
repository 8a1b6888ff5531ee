import { MESSAGES } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/errors.ts';
import { loginErrorMessage } from './loginFailure.ts';

describe('loginErrorMessage', () => {
  it('maps 403 to the suspended-corporation message', () => {
    expect(loginErrorMessage(new ApiError(403, 'corporation suspended'))).toBe(
      MESSAGES.loginSuspended,
    );
  });

  it('maps every other failure to the generic login message', () => {
    expect(loginErrorMessage(new ApiError(400, 'INVALID_PASSWORD'))).toBe(MESSAGES.loginFailed);
    expect(loginErrorMessage(new ApiError(401, 'invalid token'))).toBe(MESSAGES.loginFailed);
    expect(loginErrorMessage(new ApiError(0, 'network error'))).toBe(MESSAGES.loginFailed);
    expect(loginErrorMessage(new Error('boom'))).toBe(MESSAGES.loginFailed);
  });
});
