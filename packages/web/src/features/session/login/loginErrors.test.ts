import { V } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import { loginErrors } from './loginErrors.ts';

describe('loginErrors', () => {
  it('answers null for a filled form', () => {
    expect(loginErrors({ email: 'a@example.com', password: 'x' })).toBeNull();
  });

  it('names each empty field with the required message', () => {
    expect(loginErrors({ email: '', password: '' })).toEqual({
      email: V.required,
      password: V.required,
    });
    expect(loginErrors({ email: 'a@example.com', password: '' })).toEqual({
      email: undefined,
      password: V.required,
    });
  });
});
