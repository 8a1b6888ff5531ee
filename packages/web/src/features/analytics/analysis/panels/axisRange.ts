import { niceAxisStep, RATE_UNIT } from '@pharmalytics/domain';

/** Units counted in whole things (円, 枚, 回, 人): their axis never steps by a fraction. */
const wholeUnit = (unit: string) => unit !== RATE_UNIT && unit !== '';

/**
 * A value axis from zero stepped by niceAxisStep of the largest value (ticks 20万, 40万, 60万),
 * its top on a step so the last tick is even; ECharts decides when nothing is above zero or a
 * value is below it.
 */
export function valueAxisRange(
  values: Iterable<number | null | undefined>,
  unit: string,
): { min?: number; max?: number; interval?: number } {
  let max = 0;
  for (const value of values) {
    if (value == null || !Number.isFinite(value)) continue;
    if (value < 0) return {};
    max = Math.max(max, value);
  }
  if (max === 0) return { min: 0 };
  const step = niceAxisStep(max);
  const interval = wholeUnit(unit) ? Math.max(1, step) : step;
  // toPrecision: 3 × 0.1 is 0.30000000000000004.
  return { min: 0, interval, max: Number((Math.ceil(max / interval) * interval).toPrecision(12)) };
}
