import {
  daysInRange,
  durationPreset,
  LONG_VIEW_OPENING,
  presetRange,
  timeAxis,
  type LongViewPeriod,
} from '@pharmalytics/domain';
import type { OpenCondition } from './useSearchCondition.ts';

/**
 * How a page of months opens (患者の継続, 処方元の変化): on the shared condition when its period
 * spans at least LONG_VIEW_OPENING.minDays, otherwise on `period`, which the other pages then
 * share as any chosen period.
 */
export function openOnLongView(period: LongViewPeriod): OpenCondition {
  return (stored, { today }) =>
    daysInRange(stored.base) >= LONG_VIEW_OPENING.minDays
      ? stored
      : {
          ...stored,
          preset: durationPreset(period.durationPreset).value,
          base: presetRange(period.durationPreset, today),
          timeAxis: timeAxis(period.timeAxis).value,
        };
}
