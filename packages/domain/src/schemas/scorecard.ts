import { z } from 'zod';
import { FIELD_LABELS } from '../messages.ts';
import { calendarDate, storeCodeList } from './primitives.ts';

/** The query of GET /v3/scorecard: the period, its comparison period and the stores. */
export const scorecardQuerySchema = z
  .object({
    from: calendarDate(),
    to: calendarDate(),
    comparisonFrom: calendarDate(),
    comparisonTo: calendarDate(),
    storeCodes: storeCodeList({ label: FIELD_LABELS.storeCode }).default(''),
  })
  .strict();
export type ScorecardQueryInput = z.input<typeof scorecardQuerySchema>;
export type ScorecardQuery = z.output<typeof scorecardQuerySchema>;

/** One KPI of one row: the period's value, the comparison's, and the change in pt or %. */
export const scorecardCellSchema = z.object({
  value: z.number().nullable(),
  comparison: z.number().nullable(),
  /** null when either side has no value, or the comparison is incomplete. */
  change: z.number().nullable(),
  changeUnit: z.enum(['pt', '%']),
  /** false when the row's stores have no data for part of the comparison period. */
  comparisonComplete: z.boolean(),
});
export type ScorecardCell = z.infer<typeof scorecardCellSchema>;

export const scorecardRowSchema = z.object({
  /** The store's code; '' on the 全店舗 row. */
  storeCode: z.string(),
  name: z.string(),
  /** Keyed by SCORECARD_KPIS' keys. */
  metrics: z.record(z.string(), scorecardCellSchema),
});
export type ScorecardRow = z.infer<typeof scorecardRowSchema>;

export const scorecardResponseSchema = z.object({
  rows: z.array(scorecardRowSchema),
  total: scorecardRowSchema,
});
export type ScorecardResponse = z.infer<typeof scorecardResponseSchema>;
