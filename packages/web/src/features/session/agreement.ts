import { AGREEMENT_CUTOFFS } from '@pharmalytics/domain';
import type { Member } from '../../api/index.ts';

type AgreementDates = Pick<Member, 'serviceAgreedOn' | 'privacyPolicyAgreedOn'>;

/** yyyy-MM-dd dates compare correctly as strings. */
function agreedSince(date: string | null, cutoff: string): boolean {
  return date !== null && date >= cutoff;
}

/** Spec 01 §4: terms agreed before the terms cut-off or policy before the policy cut-off → Notice. */
export function needsAgreement(member: AgreementDates): boolean {
  return !(
    agreedSince(member.serviceAgreedOn, AGREEMENT_CUTOFFS.terms) &&
    agreedSince(member.privacyPolicyAgreedOn, AGREEMENT_CUTOFFS.privacyPolicy)
  );
}
