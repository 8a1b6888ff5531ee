import { MESSAGES } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import { forgotPasswordSent, resetPasswordFailure } from './outcomes.ts';

describe('forgotPasswordSent', () => {
  it('treats 404 as sent', () => {
    expect(forgotPasswordSent(new ApiError(404, 'not found'))).toBe(true);
  });

  it('treats other failures as failed', () => {
    expect(forgotPasswordSent(new ApiError(400, 'validation error'))).toBe(false);
    expect(forgotPasswordSent(new ApiError(500, ''))).toBe(false);
    expect(forgotPasswordSent(new ApiError(0, 'network error'))).toBe(false);
    expect(forgotPasswordSent(new Error('boom'))).toBe(false);
  });
});

describe('resetPasswordFailure', () => {
  it('maps 401 to the expired link with a way to start over', () => {
    expect(resetPasswordFailure(new ApiError(401, 'token expired'))).toEqual({
      message: MESSAGES.resetLinkExpired,
      restart: true,
    });
  });

  it('maps everything else to the unexpected error', () => {
    for (const error of [new ApiError(400, ''), new ApiError(500, ''), new Error('x')]) {
      expect(resetPasswordFailure(error)).toEqual({
        message: MESSAGES.unexpected,
        restart: false,
      });
    }
  });
});
