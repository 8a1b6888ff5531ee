import { MESSAGES } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import { ApiError, globalErrorAction, isSessionExpiry, parseErrorBody } from './errors.ts';

describe('globalErrorAction (spec 01 §8)', () => {
  it('expires the session on 401 unless the token was invalid', () => {
    expect(globalErrorAction(401, 'unauthorized')).toEqual({
      kind: 'sessionExpired',
      message: MESSAGES.sessionExpired,
    });
    expect(globalErrorAction(401, 'invalid token')).toEqual({ kind: 'none' });
  });

  it('stays silent on 400, 403, 404, 409 and 500', () => {
    for (const status of [400, 403, 404, 409, 500]) {
      expect(globalErrorAction(status, '')).toEqual({ kind: 'none' });
    }
  });

  it('reports any other status, including a network failure, as unexpected', () => {
    for (const status of [0, 402, 413, 422, 429, 502, 503]) {
      expect(globalErrorAction(status, '')).toEqual({
        kind: 'notify',
        message: MESSAGES.unexpected,
      });
    }
  });
});

describe('a busy or stopped server (503)', () => {
  it('says what the server said: busy, or a statement stopped', () => {
    for (const message of [MESSAGES.analyticsBusy, MESSAGES.statementTimeout]) {
      expect(globalErrorAction(503, message)).toEqual({ kind: 'notify', message });
    }
  });

  it('reports any other 503 as unexpected', () => {
    expect(globalErrorAction(503, 'Service Unavailable')).toEqual({
      kind: 'notify',
      message: MESSAGES.unexpected,
    });
  });
});

describe('parseErrorBody', () => {
  it('reads the API error shape', () => {
    expect(parseErrorBody({ statusCode: 403, message: 'x', type: 'last_user' })).toEqual({
      message: 'x',
      type: 'last_user',
    });
    expect(parseErrorBody({ statusCode: 404, message: 'y' })).toEqual({ message: 'y' });
  });

  it('reads the identity error shape', () => {
    expect(parseErrorBody({ error: { code: 400, message: 'INVALID_PASSWORD' } })).toEqual({
      message: 'INVALID_PASSWORD',
    });
  });

  it('falls back to an empty message', () => {
    expect(parseErrorBody(undefined)).toEqual({ message: '' });
    expect(parseErrorBody('Bad Gateway')).toEqual({ message: '' });
  });
});

describe('isSessionExpiry', () => {
  it('is true for a 401 that ended the session', () => {
    expect(isSessionExpiry(new ApiError(401, 'unauthorized'))).toBe(true);
  });

  it('is false for an invalid token, other statuses and other errors', () => {
    expect(isSessionExpiry(new ApiError(401, 'invalid token'))).toBe(false);
    expect(isSessionExpiry(new ApiError(400, 'INVALID_PASSWORD'))).toBe(false);
    expect(isSessionExpiry(new ApiError(500, ''))).toBe(false);
    expect(isSessionExpiry(new Error('boom'))).toBe(false);
  });
});
