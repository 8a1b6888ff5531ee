import { describe, expect, it } from 'vitest';
import { appPath, homePath, ROUTER_BASENAME } from './paths.ts';

describe('paths', () => {
  it('strips the base path for the router', () => {
    expect(ROUTER_BASENAME).toBe('/service');
    expect(appPath('Login')).toBe('/login');
    expect(appPath('AccountDetail', { id: 12 })).toBe('/setting/account-list/12');
  });

  it('goes home to dispensing pharmacy on free and the dashboard otherwise', () => {
    expect(homePath('free')).toBe('/seller/dispensing-pharmacy');
    expect(homePath('basic')).toBe('/dashboard');
    expect(homePath('advanced')).toBe('/dashboard');
  });
});
