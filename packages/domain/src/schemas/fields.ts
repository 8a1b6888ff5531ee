import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { FIELD_LABELS, V } from '../messages.ts';

/**
 * Field builders shared by the form schemas. Every check aborts the field's remaining checks,
 * so a field reports one message: the first rule it breaks, in the order written.
 */
export const stop = (error: string) => ({ error, abort: true });

export const DIGITS = /^[0-9]+$/;
export const ALPHANUMERIC_OR_SPACE = /^[A-Za-z0-9 ]+$/;
export const PRINTABLE_ASCII = /^[\x20-\x7E]+$/;
export const EMAIL = z.regexes.email;

const notBlank = (value: string) => value.trim() !== '';
/** For optional fields: the empty string (not entered) passes. */
export const emptyOrMatching = (pattern: RegExp) => (value: string) =>
  value === '' || pattern.test(value);

/** Required text: empty → {label}を入力してください, blank → スペースのみ…, then max length. */
export function requiredText(label: string, max?: number) {
  const required = V.namedRequired(label);
  const schema = z
    .string({ error: required })
    .min(1, stop(required))
    .refine(notBlank, stop(V.whitespaceOnly));
  return max === undefined ? schema : schema.max(max, stop(V.maxLength(label, max)));
}

/** Optional text limited in length; the empty string counts as not entered. */
export function optionalText(label: string, max: number) {
  return z
    .string()
    .max(max, stop(V.maxLength(label, max)))
    .optional();
}

export function requiredEmail(label: string) {
  return requiredText(label)
    .regex(EMAIL, stop(V.email))
    .max(LIMITS.emailMax, stop(V.maxLength(label, LIMITS.emailMax)));
}

export function optionalEmail(label: string) {
  return z
    .string()
    .refine(emptyOrMatching(EMAIL), stop(V.email))
    .max(LIMITS.emailMax, stop(V.maxLength(label, LIMITS.emailMax)))
    .optional();
}

/** Password: required, printable ASCII, 8 to 30 characters. */
export function password(label: string) {
  return requiredText(label)
    .regex(PRINTABLE_ASCII, stop(V.ascii))
    .min(LIMITS.passwordMin, stop(V.minLength(label, LIMITS.passwordMin)))
    .max(LIMITS.passwordMax, stop(V.maxLength(label, LIMITS.passwordMax)));
}

export function requiredDigits(label: string, max: number) {
  return requiredText(label)
    .regex(DIGITS, stop(V.digitsOnly))
    .max(max, stop(V.maxLength(label, max)));
}

export function optionalDigits(label: string, max: number, digitsMessage: string = V.digitsOnly) {
  return z
    .string()
    .refine(emptyOrMatching(DIGITS), stop(digitsMessage))
    .max(max, stop(V.maxLength(label, max)))
    .optional();
}

/** Optional half-width alphanumeric name (spaces allowed), such as the search name. */
export function optionalAlphanumeric(label: string, max: number) {
  return z
    .string()
    .refine(emptyOrMatching(ALPHANUMERIC_OR_SPACE), stop(V.alphanumeric))
    .max(max, stop(V.maxLength(label, max)))
    .optional();
}

/** A required choice held as a positive id; an empty select gives `message`. */
export function requiredId(message: string) {
  return z.number({ error: message }).int(message).positive(message);
}

/** A password that must not equal the member's e-mail (spec 01 §5). */
export function passwordOtherThan(email: string, label: string) {
  return password(label).refine((value) => value !== email, {
    error: V.differentFrom(FIELD_LABELS.email),
    abort: true,
  });
}
