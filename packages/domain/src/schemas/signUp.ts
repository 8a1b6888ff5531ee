import { z } from 'zod';
import { LIMITS, QUESTIONNAIRE_VALUES } from '../constants.ts';
import { FIELD_LABELS, FORM_MESSAGES } from '../messages.ts';
import { password, requiredDigits, requiredEmail, requiredTel, requiredText } from './fields.ts';
import { prefectureId } from './primitives.ts';

export const signUpSchema = z.object({
  email: requiredEmail(FIELD_LABELS.email),
  isApproval: z.boolean().refine((agreed) => agreed, FORM_MESSAGES.consentRequired),
});
export type SignUpForm = z.infer<typeof signUpSchema>;

/** New-account form, sent with PATCH /v2/sign_ups/{token}. */
export const newAccountSchema = z.object({
  name: requiredText(FIELD_LABELS.contactName, LIMITS.nameMax),
  tel: requiredTel(FIELD_LABELS.tel),
  roleName: requiredText(FIELD_LABELS.roleName, LIMITS.nameMax),
  corporationName: requiredText(FIELD_LABELS.corporationName, LIMITS.nameMax),
  prefectureId: prefectureId(FORM_MESSAGES.headOfficePrefectureRequired),
  branchCount: requiredDigits(FIELD_LABELS.branchCount, LIMITS.branchCountMax),
  questionnaire: z.literal(QUESTIONNAIRE_VALUES, { error: FORM_MESSAGES.questionnaireRequired }),
  password: password(FIELD_LABELS.password),
});
export type NewAccountForm = z.infer<typeof newAccountSchema>;
