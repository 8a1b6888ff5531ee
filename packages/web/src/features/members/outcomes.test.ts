import { MESSAGES } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/index.ts';
import { accountChangeFailure, alreadyRegisteredEmails } from './outcomes.ts';
import { accountEditRights } from './roles.ts';

describe('accountChangeFailure', () => {
  it('names the last admin rule on 403 last_user', () => {
    expect(accountChangeFailure(new ApiError(403, 'last user', 'last_user'))).toBe(
      MESSAGES.lastUser,
    );
  });

  it('is the unexpected error otherwise', () => {
    expect(accountChangeFailure(new ApiError(403, 'forbidden'))).toBe(MESSAGES.unexpected);
    expect(accountChangeFailure(new Error('x'))).toBe(MESSAGES.unexpected);
  });
});

describe('alreadyRegisteredEmails', () => {
  it('reads the addresses of a 409', () => {
    const error = new ApiError(409, 'email already registered', undefined, {
      message: 'email already registered',
      emails: ['a@example.com'],
    });
    expect(alreadyRegisteredEmails(error)).toEqual(['a@example.com']);
  });

  it('is null for other failures', () => {
    expect(alreadyRegisteredEmails(new ApiError(500, ''))).toBeNull();
  });
});

describe('accountEditRights', () => {
  const admin = { id: 1, role: 'admin' as const, plan: 'advanced' as const };

  it('lets an admin change another user account completely', () => {
    expect(accountEditRights(admin, { id: 2, role: 'user' })).toEqual({
      role: true,
      stores: true,
      remove: true,
    });
  });

  it('keeps viewable stores fixed for admin targets and the own role fixed', () => {
    expect(accountEditRights(admin, { id: 3, role: 'admin' })).toMatchObject({
      role: true,
      stores: false,
    });
    expect(accountEditRights(admin, { id: 1, role: 'admin' })).toMatchObject({
      role: false,
      remove: true,
    });
  });

  it('never changes a system administrator from another account', () => {
    expect(accountEditRights(admin, { id: 4, role: 'system_admin' })).toEqual({
      role: false,
      stores: false,
      remove: false,
    });
  });

  it('gives role user nothing', () => {
    expect(
      accountEditRights({ id: 2, role: 'user', plan: 'advanced' }, { id: 2, role: 'user' }),
    ).toEqual({
      role: false,
      stores: false,
      remove: false,
    });
  });
});
