import { z } from 'zod';
import { FIELD_LABELS } from '../messages.ts';
import { INPUT_LIMITS } from '../constants.ts';
import {
  OVERDUE_GRACE_DAYS,
  PRESCRIBER_CHANGE_KINDS,
  PRESCRIBER_FLOOR,
  PRESCRIBER_NOTICE_KEY_MAX_LENGTH,
  PRESCRIBER_NOTICE_KEY_PATTERN,
  PRESCRIBER_NOTICE_KINDS,
  PRESCRIBER_NOTICE_LABELS,
  RETENTION_BREAKDOWN_KEYS,
  SUPPLY_BASES,
  type PrescriberChangeKind,
  type SupplyBasis,
} from '../retention.ts';
import {
  calendarDate,
  decimalCode,
  decimalInteger,
  stop,
  storeCodeList,
  text,
} from './primitives.ts';

const period = {
  from: calendarDate(),
  to: calendarDate(),
  storeCodes: storeCodeList({ label: FIELD_LABELS.storeCode }).default(''),
};

/** GET /v3/retention/cohorts: new patients of the period's months and their returns. */
export const retentionCohortsQuerySchema = z
  .object({ ...period, breakdown: z.enum(RETENTION_BREAKDOWN_KEYS).default('store') })
  .strict();
export type RetentionCohortsQuery = z.output<typeof retentionCohortsQuerySchema>;
export type RetentionCohortsQueryInput = z.input<typeof retentionCohortsQuerySchema>;

/** Returns within one window: of the patients whose window has ended by the period's end. */
export const returnShareSchema = z.object({
  days: z.number().int(),
  /** Patients whose window ended by the period's end. */
  eligible: z.number().int(),
  returned: z.number().int(),
  /** Percent, one decimal; null without an eligible patient. */
  rate: z.number().nullable(),
});
export type ReturnShare = z.infer<typeof returnShareSchema>;

export const retentionGroupSchema = z.object({
  key: z.string(),
  name: z.string(),
  patients: z.number().int(),
  returns: z.array(returnShareSchema),
});
export type RetentionGroup = z.infer<typeof retentionGroupSchema>;

export const retentionCohortSchema = retentionGroupSchema.extend({
  /** Share (percent) of the cohort seen again in each month after the first, null past the period. */
  monthsSince: z.array(z.number().nullable()),
});
export type RetentionCohort = z.infer<typeof retentionCohortSchema>;

export const retentionCohortsResponseSchema = z.object({
  asOf: z.string(),
  breakdown: z.enum(RETENTION_BREAKDOWN_KEYS),
  /** One per month of the period, in order; key and name `yyyy-MM`. */
  cohorts: z.array(retentionCohortSchema),
  groups: z.array(retentionGroupSchema),
  total: retentionGroupSchema,
});
export type RetentionCohortsResponse = z.infer<typeof retentionCohortsResponseSchema>;

/** GET /v3/retention/overdue: patients whose supply ended in the period without a return. */
export const retentionOverdueQuerySchema = z
  .object({
    ...period,
    graceDays: decimalInteger({
      label: '猶予日数',
      min: OVERDUE_GRACE_DAYS.min,
      max: OVERDUE_GRACE_DAYS.max,
    }).default(OVERDUE_GRACE_DAYS.default),
  })
  .strict();
export type RetentionOverdueQuery = z.output<typeof retentionOverdueQuerySchema>;
export type RetentionOverdueQueryInput = z.input<typeof retentionOverdueQuerySchema>;

const supplyBasis = z.enum(Object.keys(SUPPLY_BASES) as [SupplyBasis, ...SupplyBasis[]]);

export const overdueTallySchema = z.object({
  key: z.string(),
  name: z.string(),
  patients: z.number().int(),
  /** Yen a month. */
  revenueAtRisk: z.number().int(),
});
export type OverdueTally = z.infer<typeof overdueTallySchema>;

export const overduePatientSchema = z.object({
  /** The patient's pseudonym (patient_key), which the store's uploader resolves locally. */
  pseudonym: z.string(),
  storeCode: z.string(),
  storeName: z.string(),
  lastVisit: z.string(),
  institutionName: z.string(),
  supplyEnd: z.string(),
  supplyBasis,
  daysOverdue: z.number().int(),
  revenueAtRisk: z.number().int(),
});
export type OverduePatient = z.infer<typeof overduePatientSchema>;

export const retentionOverdueResponseSchema = z.object({
  asOf: z.string(),
  graceDays: z.number().int(),
  total: overdueTallySchema,
  byStore: z.array(overdueTallySchema),
  byInstitution: z.array(overdueTallySchema),
  /** By month of the supply's end (key and name `yyyy-MM`). */
  trend: z.array(overdueTallySchema),
  /** The largest amounts first, at most OVERDUE_LIST_LIMIT. */
  patients: z.array(overduePatientSchema),
  /** Patients whose last visit gives neither days nor an interval: not judged. */
  unjudged: z.number().int(),
  /** Overdue patients whose supply end came from their interval (no days on the sheet). */
  byInterval: z.number().int(),
});
export type RetentionOverdueResponse = z.infer<typeof retentionOverdueResponseSchema>;

/** GET /v3/prescriber_changes. */
export const prescriberChangesQuerySchema = z
  .object({
    ...period,
    floor: decimalInteger({
      label: '下限枚数',
      min: PRESCRIBER_FLOOR.min,
      max: PRESCRIBER_FLOOR.max,
    }).default(PRESCRIBER_FLOOR.default),
  })
  .strict();
export type PrescriberChangesQuery = z.output<typeof prescriberChangesQuerySchema>;
export type PrescriberChangesQueryInput = z.input<typeof prescriberChangesQuerySchema>;

const changeKind = z.enum(
  Object.keys(PRESCRIBER_CHANGE_KINDS) as [PrescriberChangeKind, ...PrescriberChangeKind[]],
);
const periodFigures = z.object({ sheets: z.number().int(), salesYen: z.number().int() });
const range = z.object({ from: z.string(), to: z.string() });

export const prescriberChangeSchema = z.object({
  kind: changeKind,
  institutionCode: z.string(),
  institutionName: z.string(),
  current: periodFigures,
  yearAgo: periodFigures,
  previous: periodFigures,
  /** Sheets a month, current and a year before. */
  perMonth: z.object({ current: z.number().int(), yearAgo: z.number().int() }),
  /** Percent change of sheets, one decimal; null without sheets to compare. */
  changeYearAgo: z.number().nullable(),
  changePrevious: z.number().nullable(),
  lastSeen: z.string(),
});
export type PrescriberChange = z.infer<typeof prescriberChangeSchema>;

/** A clinic of the facility master first seen near the store in the year to the period's end. */
export const nearbyOpeningSchema = z.object({
  /** The facility master's id of the clinic. */
  facilityId: z.number().int(),
  name: z.string(),
  address: z.string(),
  distanceMeters: z.number().int(),
  firstSeenOn: z.string(),
});
export type NearbyOpening = z.infer<typeof nearbyOpeningSchema>;

/**
 * A clinic near the store that a later load of the facility master no longer lists (closed),
 * last listed in the year to the period's end.
 */
export const nearbyClosingSchema = z.object({
  facilityId: z.number().int(),
  name: z.string(),
  address: z.string(),
  distanceMeters: z.number().int(),
  lastSeenOn: z.string(),
});
export type NearbyClosing = z.infer<typeof nearbyClosingSchema>;

export const prescriberNoticeSchema = z.object({
  /** The notice's identity (prescriberNoticeKey), which a member's dismissal names. */
  key: z.string(),
  storeCode: z.string(),
  storeName: z.string(),
  kind: z.enum(PRESCRIBER_NOTICE_KINDS),
  text: z.string(),
});
export type PrescriberNotice = z.infer<typeof prescriberNoticeSchema>;

export const prescriberChangesResponseSchema = z.object({
  periods: z.object({ current: range, yearAgo: range, previous: range }),
  floor: z.number().int(),
  stores: z.array(
    z.object({
      storeCode: z.string(),
      name: z.string(),
      changes: z.array(prescriberChangeSchema),
      openings: z.array(nearbyOpeningSchema),
      closings: z.array(nearbyClosingSchema),
    }),
  ),
  /** The strongest changes, for the dashboard and the report mail. */
  notices: z.array(prescriberNoticeSchema),
});
export type PrescriberChangesResponse = z.infer<typeof prescriberChangesResponseSchema>;

/** GET /v3/prescriber_notices: the dashboard's notices the member has not closed. */
export const prescriberNoticesResponseSchema = z.object({
  /** The notices' period: the last three whole months. */
  period: range,
  notices: z.array(prescriberNoticeSchema),
});
export type PrescriberNoticesResponse = z.infer<typeof prescriberNoticesResponseSchema>;

/** POST /v3/prescriber_notices/dismissals: a notice the member closed, by its store and key. */
export const prescriberNoticeDismissalSchema = z
  .object({
    storeCode: decimalCode(FIELD_LABELS.storeCode, INPUT_LIMITS.storeCodeDigits),
    key: text({ typeError: PRESCRIBER_NOTICE_LABELS.badKey })
      .min(1, stop(PRESCRIBER_NOTICE_LABELS.badKey))
      .max(PRESCRIBER_NOTICE_KEY_MAX_LENGTH, stop(PRESCRIBER_NOTICE_LABELS.badKey))
      .regex(PRESCRIBER_NOTICE_KEY_PATTERN, stop(PRESCRIBER_NOTICE_LABELS.badKey)),
  })
  .strict();
export type PrescriberNoticeDismissal = z.infer<typeof prescriberNoticeDismissalSchema>;
