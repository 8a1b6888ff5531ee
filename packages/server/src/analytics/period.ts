import { validatePeriod, type DateRange, type TimeAxisValue } from '@pharmalytics/domain';
import { z } from 'zod';
import { badRequest } from '../http/errors.ts';

/** A yyyy-MM-dd date of a request. */
export const isoDate = z.iso.date();

/** A period of a request, refused with the period menu's own message when it is not valid. */
export function requestPeriod(from: string, to: string, axis?: TimeAxisValue): DateRange {
  const errors = validatePeriod({ from, to }, { timeAxis: axis });
  const message = errors.form ?? errors.from ?? errors.to;
  if (message) throw badRequest(message);
  return { from, to };
}
