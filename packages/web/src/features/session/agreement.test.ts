import { AGREEMENT_CUTOFFS } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import { needsAgreement } from './agreement.ts';

const agreed = {
  serviceAgreedOn: AGREEMENT_CUTOFFS.terms,
  privacyPolicyAgreedOn: AGREEMENT_CUTOFFS.privacyPolicy,
};

describe('needsAgreement', () => {
  it('passes when both dates are on the cut-offs', () => {
    expect(needsAgreement(agreed)).toBe(false);
  });

  it('passes when both dates are after the cut-offs', () => {
    expect(
      needsAgreement({ serviceAgreedOn: '2024-01-01', privacyPolicyAgreedOn: '2024-01-01' }),
    ).toBe(false);
  });

  it('requires agreement when the terms date is before its cut-off', () => {
    expect(needsAgreement({ ...agreed, serviceAgreedOn: '2023-12-17' })).toBe(true);
  });

  it('requires agreement when the policy date is before its cut-off', () => {
    expect(needsAgreement({ ...agreed, privacyPolicyAgreedOn: '2023-03-31' })).toBe(true);
  });

  it('requires agreement when a date is missing', () => {
    expect(needsAgreement({ ...agreed, serviceAgreedOn: null })).toBe(true);
    expect(needsAgreement({ ...agreed, privacyPolicyAgreedOn: null })).toBe(true);
  });
});
