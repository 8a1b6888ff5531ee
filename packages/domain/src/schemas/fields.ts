import { z } from 'zod';
import { INPUT_LIMITS, LIMITS } from '../constants.ts';
import { FIELD_LABELS, V } from '../messages.ts';
import { stop, text } from './primitives.ts';

/**
 * Field builders shared by the form schemas, on the primitives of `primitives.ts` (so no field
 * takes control characters). Every check aborts the field's remaining checks, so a field reports
 * one message: the first rule it breaks, in the order written.
 */

export const DIGITS = /^[0-9]+$/;
export const ALPHANUMERIC_OR_SPACE = /^[A-Za-z0-9 ]+$/;
export const PRINTABLE_ASCII = /^[\x20-\x7E]+$/;
export const EMAIL = z.regexes.email;

const notBlank = (value: string) => value.trim() !== '';
/** For optional fields: the empty string (not entered) passes. */
export const emptyOrMatching = (pattern: RegExp) => (value: string) =>
  value === '' || pattern.test(value);

/** Required text: empty → {label}を入力してください, blank → スペースのみ…; the caller bounds it. */
function filledText(label: string) {
  const required = V.namedRequired(label);
  return text({ typeError: required })
    .min(1, stop(required))
    .refine(notBlank, stop(V.whitespaceOnly));
}

/** Required text, then its max length (without a limit of the spec, the general cap on text). */
export function requiredText(label: string, max: number = INPUT_LIMITS.textMax) {
  return filledText(label).max(max, stop(V.maxLength(label, max)));
}

/** Optional text limited in length; the empty string counts as not entered. */
export function optionalText(label: string, max: number) {
  return text()
    .max(max, stop(V.maxLength(label, max)))
    .optional();
}

export function requiredEmail(label: string) {
  return filledText(label)
    .regex(EMAIL, stop(V.email))
    .max(LIMITS.emailMax, stop(V.maxLength(label, LIMITS.emailMax)));
}

export function optionalEmail(label: string) {
  return text()
    .refine(emptyOrMatching(EMAIL), stop(V.email))
    .max(LIMITS.emailMax, stop(V.maxLength(label, LIMITS.emailMax)))
    .optional();
}

/** Password: required, printable ASCII, 8 to 30 characters. */
export function password(label: string) {
  return filledText(label)
    .regex(PRINTABLE_ASCII, stop(V.ascii))
    .min(LIMITS.passwordMin, stop(V.minLength(label, LIMITS.passwordMin)))
    .max(LIMITS.passwordMax, stop(V.maxLength(label, LIMITS.passwordMax)));
}

export function requiredDigits(label: string, max: number) {
  return filledText(label)
    .regex(DIGITS, stop(V.digitsOnly))
    .max(max, stop(V.maxLength(label, max)));
}

export function optionalDigits(label: string, max: number) {
  return text()
    .refine(emptyOrMatching(DIGITS), stop(V.digitsOnly))
    .max(max, stop(V.maxLength(label, max)))
    .optional();
}

/**
 * A phone number, on every form that has one: half-width digits only (V.digitsOnly), at most
 * LIMITS.telMax.
 */
export function requiredTel(label: string) {
  return requiredDigits(label, LIMITS.telMax);
}

export function optionalTel(label: string) {
  return optionalDigits(label, LIMITS.telMax);
}

/** Optional half-width alphanumeric name (spaces allowed), such as the search name. */
export function optionalAlphanumeric(label: string, max: number) {
  return text()
    .refine(emptyOrMatching(ALPHANUMERIC_OR_SPACE), stop(V.alphanumeric))
    .max(max, stop(V.maxLength(label, max)))
    .optional();
}

/** A password that must not equal the member's e-mail (spec 01 §5). */
export function passwordOtherThan(email: string, label: string) {
  return password(label).refine((value) => value !== email, {
    error: V.differentFrom(FIELD_LABELS.email),
    abort: true,
  });
}
