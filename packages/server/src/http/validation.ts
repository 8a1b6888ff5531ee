import { z } from 'zod';
import { HttpError } from './errors.ts';

export const VALIDATION_ERROR = 'validation error';

/**
 * The few checks whose schema gives no message of its own (a number out of its range, an unknown
 * choice, a body that is not an object) are refused in zod's Japanese wording.
 */
export function useJapaneseValidationMessages() {
  z.config(z.locales.ja());
}

/**
 * Validates with a schema that needs request data to be built (such as one that compares the
 * password with the member's e-mail); fails like route-schema validation does.
 */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new HttpError(
    400,
    VALIDATION_ERROR,
    undefined,
    result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  );
}
