import { MESSAGES } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import { globalErrorAction, parseErrorBody } from './errors.ts';

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
