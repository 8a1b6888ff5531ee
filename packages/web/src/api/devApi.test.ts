import { describe, expect, it } from 'vitest';
import { applyDevApi } from './devApi.ts';

describe('applyDevApi', () => {
  it('swaps /v3/ for /v2/ when enabled', () => {
    expect(applyDevApi('/v3/pharmacy/dispensing_sales?x=1', true)).toBe(
      '/v2/pharmacy/dispensing_sales?x=1',
    );
  });

  it('leaves paths alone when disabled or not under /v3/', () => {
    expect(applyDevApi('/v3/branches', false)).toBe('/v3/branches');
    expect(applyDevApi('/v2/members/1', true)).toBe('/v2/members/1');
    expect(applyDevApi('/identity/v1/accounts:signInWithPassword', true)).toBe(
      '/identity/v1/accounts:signInWithPassword',
    );
  });
});
