import { MESSAGES } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import { invitationFailure } from './outcomes.ts';

describe('invitationFailure', () => {
  it('maps 401 to the expired invitation', () => {
    expect(invitationFailure(new ApiError(401, 'token expired'))).toEqual({
      message: MESSAGES.invitationLinkExpired,
    });
  });

  it('maps 409 to the registered address', () => {
    expect(invitationFailure(new ApiError(409, 'email already registered'))).toEqual({
      message: MESSAGES.emailAlreadyRegistered,
    });
  });

  it('maps everything else to the unexpected error with the help hint', () => {
    for (const error of [new ApiError(400, ''), new ApiError(500, ''), new Error('x')]) {
      expect(invitationFailure(error)).toEqual({
        message: MESSAGES.unexpected,
        hint: MESSAGES.helpHint,
      });
    }
  });
});
