import { DATE_FORMAT } from '@pharmalytics/domain';
import { format, isValid, parse } from 'date-fns';

/** yyyy-MM-dd → the picker's Date (local midnight); null when absent or not a date. */
export function toPickerDate(value: string | null): Date | null {
  if (!value) return null;
  const date = parse(value, DATE_FORMAT, new Date(2000, 0, 1));
  return isValid(date) ? date : null;
}

/** The picker's Date → yyyy-MM-dd; null while the field holds no complete date. */
export function fromPickerDate(value: Date | null): string | null {
  return value && isValid(value) ? format(value, DATE_FORMAT) : null;
}
