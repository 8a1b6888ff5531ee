import { isApiError } from '../../../api/index.ts';
import { reportFailure } from '../../../components/settings/index.ts';

interface FieldFailure {
  path: string;
  message: string;
}

/** The field messages of a 400 answered by the server's check of the body, by field path. */
export function serverFieldErrors(error: unknown): FieldFailure[] {
  if (!isApiError(error) || error.status !== 400) return [];
  const errors = (error.body as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (e): e is FieldFailure =>
      typeof (e as FieldFailure | null)?.path === 'string' &&
      typeof (e as FieldFailure | null)?.message === 'string',
  );
}

/**
 * Shows a failed save: the server's messages under the fields they name when it refused the
 * body, otherwise the form's failure message in a snackbar.
 */
export function reportSaveFailure(
  error: unknown,
  fields: readonly string[],
  setFieldError: (path: string, message: string) => void,
  message: string,
): void {
  const known = serverFieldErrors(error).filter((e) => fields.includes(e.path.split('.')[0] ?? ''));
  if (known.length === 0) {
    reportFailure(error, message);
    return;
  }
  for (const failure of known) setFieldError(failure.path, failure.message);
}
