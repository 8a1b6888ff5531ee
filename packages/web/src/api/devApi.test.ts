import { describe, expect, it } from 'vitest';
import { applyDevApi } from './devApi.ts';

describe('applyDevApi', () => {
  it('swaps /v3/ for /v2/ when enabled', () => {
    expect(applyDevApi('/v3/pharmacy/dispensing_sales?x=1', true)).toBe(
      '/v2/pharmacy/dispensing_sales?x=1',
    );
  });

  it('sends the map calls to their named twins, keeping the query', () => {
    expect(applyDevApi('/v3/patient_distribution?from=2026-01-01', true)).toBe(
      '/v2/address/patient_distribution?from=2026-01-01',
    );
    expect(applyDevApi('/v3/market_share/?store_code=1001', true)).toBe(
      '/v2/market_share/market_share/?store_code=1001',
    );
    expect(applyDevApi('/v3/estimate_count/?mesh_code=503033023', true)).toBe(
      '/v2/market_share/estimate_by_mesh_code/?mesh_code=503033023',
    );
    expect(applyDevApi('/v3/patient_distribution', false)).toBe('/v3/patient_distribution');
  });

  it('leaves paths alone when disabled or not under /v3/', () => {
    expect(applyDevApi('/v3/branches', false)).toBe('/v3/branches');
    expect(applyDevApi('/v2/members/1', true)).toBe('/v2/members/1');
    expect(applyDevApi('/identity/v1/accounts:signInWithPassword', true)).toBe(
      '/identity/v1/accounts:signInWithPassword',
    );
  });
});
