import { z } from 'zod';
import { INPUT_LIMITS } from '../constants.ts';
import { FIELD_LABELS, FORM_MESSAGES, V } from '../messages.ts';
import { storeCodeList, stop, boundedText, text } from '../schemas/primitives.ts';
import { groupMonthTotalsSchema, storeMonthMeasuresSchema } from './measure-basis.ts';

export const FACILITY_MEASURE_API_PATHS = {
  measures: '/v3/facility_standards/measures',
  groupTotals: '/v3/facility_standards/group_totals',
  buildings: '/v3/facility_standards/buildings',
  building: '/v3/facility_standards/buildings/:id',
  outsideStores: '/v3/facility_standards/outside_stores',
  outsideStore: '/v3/facility_standards/outside_stores/:month',
} as const;

/** Months one measures call may span: the 判定期間 (12) three times over. */
export const FACILITY_MEASURES_MAX_MONTHS = 36;
export const BUILDING_NAME_LABEL = '建物名';
/**
 * What counts institutions as one for the 集中率: a building, or a 医療モール (several institutions
 * on one site or run as a mall; counted as one also for pharmacies outside it, 疑義解釈資料の送付に
 * ついて（その2）問1・問2).
 */
export const BUILDING_KINDS = { building: '同一建物', mall: '医療モール' } as const;
export type BuildingKind = keyof typeof BUILDING_KINDS;
const buildingKind = z.enum(Object.keys(BUILDING_KINDS) as [BuildingKind, ...BuildingKind[]]);
export const BUILDING_NAME_MAX = 100;
/** Institutions one building may hold. */
export const BUILDING_INSTITUTIONS_MAX = 50;
/** Stores of a group outside the service; the 基本料3 tests stop at 300. */
export const OUTSIDE_STORE_COUNT_MAX = 100_000;

export const FACILITY_MEASURE_MESSAGES = {
  month: '年月はyyyy-MM形式で指定してください',
  monthOrder: '開始月は終了月より後には設定できません',
  monthSpan: `選択できる期間は${FACILITY_MEASURES_MAX_MONTHS}か月までです`,
  institutionRequired: '医療機関を1件以上選択してください',
  institutionsMax: `医療機関は${BUILDING_INSTITUTIONS_MAX}件まで選択できます`,
  institutionCode: '医療機関コードは10桁の半角数字で入力してください',
  receptions: '受付回数は0以上の整数で入力してください',
  storeCount: `店舗数は0から${OUTSIDE_STORE_COUNT_MAX}までの整数で入力してください`,
} as const;

const MONTH = /^([0-9]{4})-(0[1-9]|1[0-2])$/;

/** A month `yyyy-MM` within the years requests may name. */
export function monthParam() {
  return text({ typeError: FACILITY_MEASURE_MESSAGES.month })
    .regex(MONTH, stop(FACILITY_MEASURE_MESSAGES.month))
    .refine((value) => {
      const year = Number(value.slice(0, 4));
      return year >= INPUT_LIMITS.dateYearMin && year <= INPUT_LIMITS.dateYearMax;
    }, stop(FACILITY_MEASURE_MESSAGES.month));
}

const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));

/** Refuses a range whose end comes before its start or that spans too many months. */
function orderedMonths<T extends z.ZodType<{ fromMonth: string; toMonth: string }>>(schema: T) {
  return schema
    .refine((q) => q.fromMonth <= q.toMonth, {
      error: FACILITY_MEASURE_MESSAGES.monthOrder,
      path: ['toMonth'],
    })
    .refine((q) => monthIndex(q.toMonth) - monthIndex(q.fromMonth) < FACILITY_MEASURES_MAX_MONTHS, {
      error: FACILITY_MEASURE_MESSAGES.monthSpan,
      path: ['toMonth'],
    });
}

/** GET measures: the months and the stores (codes joined with commas). */
export const facilityMeasuresQuerySchema = orderedMonths(
  z.object({
    fromMonth: monthParam(),
    toMonth: monthParam(),
    storeCodes: storeCodeList({
      label: FIELD_LABELS.storeCode,
      requiredMessage: FORM_MESSAGES.storeRequired,
    }),
  }),
);
export type FacilityMeasuresRequest = z.infer<typeof facilityMeasuresQuerySchema>;

/** GET group totals: the months. */
export const groupTotalsQuerySchema = orderedMonths(
  z.object({ fromMonth: monthParam(), toMonth: monthParam() }),
);

export const storeMonthMeasuresWireSchema = storeMonthMeasuresSchema
  .omit({ storeId: true })
  .extend({ storeCode: z.string() });
export const facilityMeasuresResponseSchema = z.object({
  measures: z.array(storeMonthMeasuresWireSchema),
});
export type FacilityMeasuresResponse = z.infer<typeof facilityMeasuresResponseSchema>;

export const groupTotalsResponseSchema = z.object({ months: z.array(groupMonthTotalsSchema) });

const institutionCode = text({ typeError: FACILITY_MEASURE_MESSAGES.institutionCode }).regex(
  /^[0-9]{10}$/,
  stop(FACILITY_MEASURE_MESSAGES.institutionCode),
);

/** PUT a building: its name (a building of that name is replaced) and its institutions. */
export const sameBuildingGroupBodySchema = z.object({
  name: boundedText({ max: BUILDING_NAME_MAX, label: BUILDING_NAME_LABEL })
    .trim()
    .min(1, stop(V.namedRequired(BUILDING_NAME_LABEL))),
  institutionCodes: z
    .array(institutionCode, { error: FACILITY_MEASURE_MESSAGES.institutionRequired })
    .min(1, stop(FACILITY_MEASURE_MESSAGES.institutionRequired))
    .max(BUILDING_INSTITUTIONS_MAX, stop(FACILITY_MEASURE_MESSAGES.institutionsMax)),
  kind: buildingKind.default('building'),
});

export const sameBuildingGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: buildingKind,
  institutionCodes: z.array(z.string()),
});
export const sameBuildingGroupsResponseSchema = z.object({
  buildings: z.array(sameBuildingGroupSchema),
});

/** The figure of the group's stores outside the service, from a month on. */
export const outsideStoresSchema = z.object({
  effectiveMonth: monthParam(),
  receptionsPerMonth: z
    .number({ error: FACILITY_MEASURE_MESSAGES.receptions })
    .int(stop(FACILITY_MEASURE_MESSAGES.receptions))
    .min(0, stop(FACILITY_MEASURE_MESSAGES.receptions))
    .max(INPUT_LIMITS.int4Max, stop(FACILITY_MEASURE_MESSAGES.receptions)),
  storeCount: z
    .number({ error: FACILITY_MEASURE_MESSAGES.storeCount })
    .int(stop(FACILITY_MEASURE_MESSAGES.storeCount))
    .min(0, stop(FACILITY_MEASURE_MESSAGES.storeCount))
    .max(OUTSIDE_STORE_COUNT_MAX, stop(FACILITY_MEASURE_MESSAGES.storeCount)),
});
export const outsideStoresResponseSchema = z.object({ figures: z.array(outsideStoresSchema) });
