import {
  calendarDate,
  validatePeriod,
  type DateRange,
  type TimeAxisValue,
} from '@pharmalytics/domain';
import { badRequest } from '../http/errors.ts';

/** A yyyy-MM-dd date of a request (1900–2100). */
export const isoDate = calendarDate();

/** A period of a request, refused with the period menu's own message when it is not valid. */
export function requestPeriod(from: string, to: string, axis?: TimeAxisValue): DateRange {
  const errors = validatePeriod({ from, to }, { timeAxis: axis });
  const message = errors.form ?? errors.from ?? errors.to;
  if (message) throw badRequest(message);
  return { from, to };
}
