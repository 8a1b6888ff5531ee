import { z } from 'zod';
import { ANALYSIS_TABLE, INPUT_LIMITS } from '../constants.ts';
import {
  ADDRESS_MODES,
  AGE_SORT_OPTIONS,
  GENERIC_MEDICINE_FILTERS,
  genericFilterWireValue,
  RECEPTION_TYPE_FILTERS,
  type AddressModeKey,
} from '../filters.ts';
import { FIELD_LABELS, FORM_MESSAGES, INPUT_MESSAGES } from '../messages.ts';
import { timeAxis, TIME_AXES } from '../periods.ts';
import {
  boundedText,
  calendarDate,
  decimalInteger,
  stop,
  storeCodeList,
  text,
} from './primitives.ts';

const ADDRESS_MODE_VALUES = ADDRESS_MODES.map((m) => m.value) as [number, ...number[]];
const ADDRESS_MODE_ADDRESS = ADDRESS_MODES.find((m) => m.key === 'address')!.value;

/** Address popup of the address page: in address mode the text must not be blank. */
export const addressSearchSchema = z
  .object({
    value: z.literal(ADDRESS_MODE_VALUES),
    text: text(),
  })
  .refine((form) => form.value !== ADDRESS_MODE_ADDRESS || form.text.trim() !== '', {
    error: FORM_MESSAGES.addressRequired,
    path: ['text'],
  });
export type AddressSearchForm = z.infer<typeof addressSearchSchema>;

/** Store selection of the dashboard: all stores, or at least one chosen. */
export const storeSelectionSchema = z
  .object({
    isAll: z.boolean(),
    stores: z.array(z.object({ storeCode: text() })),
  })
  .refine((s) => s.isAll || s.stores.length > 0, {
    error: FORM_MESSAGES.storeRequired,
    path: ['stores'],
  });
export type StoreSelection = z.infer<typeof storeSelectionSchema>;

/** A checkbox filter of the filter dialog needs at least one option ticked. */
export const checkboxFilterSchema = z
  .array(z.union([text(), z.number()]))
  .min(1, FORM_MESSAGES.filterRequired);

/** Ticked rows of the breakdown table: one to ten. */
export const tableSelectionSchema = z
  .array(text())
  .min(1, FORM_MESSAGES.tableMinChecked)
  .max(ANALYSIS_TABLE.maxChecked, FORM_MESSAGES.tableMaxChecked);

/**
 * Values of a comma-joined checkbox filter of an analysis call ('' = everything), each one of
 * `allowed`; anything else is refused naming the filter.
 */
function filterValues<T extends string>(label: string, allowed: readonly T[]) {
  const message = INPUT_MESSAGES.filterValues(label);
  return text({ typeError: message })
    .max(INPUT_LIMITS.textMax, stop(INPUT_MESSAGES.tooLong(INPUT_LIMITS.textMax)))
    .transform((value, ctx) => {
      const values = value === '' ? [] : value.split(',').map((v) => v.trim());
      if (values.some((v) => !(allowed as readonly string[]).includes(v))) {
        ctx.addIssue({ code: 'custom', message, abort: true });
        return z.NEVER;
      }
      return [...new Set(values)] as T[];
    })
    .default([]);
}

const GENERIC_WIRE_VALUES = GENERIC_MEDICINE_FILTERS.map((f) =>
  String(genericFilterWireValue(f.value)),
);
const RECEPTION_TYPE_VALUES = RECEPTION_TYPE_FILTERS.map((f) => f.value);
const INSTITUTION_CODE = new RegExp(`^[0-9]{1,${INPUT_LIMITS.institutionCodeDigits}}$`);

/** Medical-institution codes of the filter, comma-joined ('' = all institutions). */
export function institutionCodes(label: string) {
  const message = INPUT_MESSAGES.codeList(label);
  return text({ typeError: message })
    .max(INPUT_LIMITS.textMax, stop(INPUT_MESSAGES.tooLong(INPUT_LIMITS.textMax)))
    .refine(
      (value) => value === '' || value.split(',').every((c) => INSTITUTION_CODE.test(c.trim())),
      stop(message),
    )
    .transform((value) => [...new Set(value === '' ? [] : value.split(',').map((c) => c.trim()))])
    .default([]);
}

const sortOrder = decimalInteger({
  label: FIELD_LABELS.sortOrder,
  min: Math.min(...AGE_SORT_OPTIONS.map((o) => o.value)),
  max: Math.max(...AGE_SORT_OPTIONS.map((o) => o.value)),
}).optional();

/** Prefix text of the address page's 住所別 mode ('' or absent: the 郵便番号 mode). */
const addressText = boundedText({ max: INPUT_LIMITS.addressSearchMax, label: FIELD_LABELS.address })
  .transform((value) => value.trim())
  .default('');

const ADDRESS_MODE_KEYS = ADDRESS_MODES.map((m) => m.key);
/**
 * The address page's grouping (zipCode, city or address). Optional: without it the address text
 * chooses as before, 住所別 with a text and 郵便番号 without.
 */
const addressMode = z
  .enum(ADDRESS_MODE_KEYS, {
    error: INPUT_MESSAGES.oneOf(FIELD_LABELS.addressMode, ADDRESS_MODE_KEYS),
  })
  .optional();

/** The grouping a query asks of the address page. */
export function addressModeOf(query: {
  address: string;
  addressMode?: AddressModeKey | undefined;
}): AddressModeKey {
  return query.addressMode ?? (query.address === '' ? 'zipCode' : 'address');
}

/** 住所別 groups the towns under a prefix, so it needs one. */
const addressTextGiven = (q: { address: string; addressMode?: AddressModeKey | undefined }) =>
  q.addressMode !== 'address' || q.address !== '';

const periodCode = decimalInteger({
  label: FIELD_LABELS.timeAxis,
  min: 1,
  max: TIME_AXES.length,
}).default(timeAxis('daily').value);

/** A comparison period is asked with both of its dates or not at all. */
const bothOrNeither =
  <K extends string>(first: K, second: K) =>
  (q: Partial<Record<K, string>>) =>
    (q[first] === undefined) === (q[second] === undefined);

/**
 * The query of a chart call GET /v3/{family}/{metric} (spec 02 §7), parsed; with a comparison
 * period (comparisonFrom, comparisonTo) each series also carries its total over that period.
 */
export const analysisQuerySchema = z
  .object({
    from: calendarDate(),
    to: calendarDate(),
    periodCode,
    storeCodes: storeCodeList({ label: FIELD_LABELS.storeCode }).default(''),
    generic_medicine_filters: filterValues(FIELD_LABELS.genericMedicineFilter, GENERIC_WIRE_VALUES),
    medicalInstitutionFilters: institutionCodes(FIELD_LABELS.medicalInstitutionFilter),
    receptionTypeFilters: filterValues(FIELD_LABELS.receptionTypeFilter, RECEPTION_TYPE_VALUES),
    sortOrder,
    address: addressText,
    addressMode,
    comparisonFrom: calendarDate().optional(),
    comparisonTo: calendarDate().optional(),
  })
  .strict()
  .refine(bothOrNeither('comparisonFrom', 'comparisonTo'), {
    error: FORM_MESSAGES.comparisonBothRequired,
    path: ['comparisonFrom'],
  })
  .refine(addressTextGiven, { error: FORM_MESSAGES.addressRequired, path: ['address'] });
export type AnalysisQueryInput = z.input<typeof analysisQuerySchema>;
export type AnalysisQuery = z.output<typeof analysisQuerySchema>;

/** The query of a CSV export GET /v3/csv/{family}/{metric}: the same in snake_case (spec 02 §7). */
export const analysisCsvQuerySchema = z
  .object({
    from: calendarDate(),
    to: calendarDate(),
    period_code: periodCode,
    store_codes: storeCodeList({ label: FIELD_LABELS.storeCode }).default(''),
    generic_medicine_filters: filterValues(FIELD_LABELS.genericMedicineFilter, GENERIC_WIRE_VALUES),
    medical_institution_filters: institutionCodes(FIELD_LABELS.medicalInstitutionFilter),
    reception_type_filters: filterValues(FIELD_LABELS.receptionTypeFilter, RECEPTION_TYPE_VALUES),
    sort_order: sortOrder,
    address: addressText,
    address_mode: addressMode,
    comparison_from: calendarDate().optional(),
    comparison_to: calendarDate().optional(),
    separate_by_store: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
  })
  .strict()
  .refine(bothOrNeither('comparison_from', 'comparison_to'), {
    error: FORM_MESSAGES.comparisonBothRequired,
    path: ['comparison_from'],
  })
  .refine((q) => addressTextGiven({ address: q.address, addressMode: q.address_mode }), {
    error: FORM_MESSAGES.addressRequired,
    path: ['address'],
  });
export type AnalysisCsvQuery = z.output<typeof analysisCsvQuerySchema>;

/** The CSV query as the chart query it exports, and whether it is split by store. */
export function chartQueryOfCsv(q: AnalysisCsvQuery): {
  query: AnalysisQuery;
  separateByStore: boolean;
} {
  return {
    query: {
      from: q.from,
      to: q.to,
      periodCode: q.period_code,
      storeCodes: q.store_codes,
      generic_medicine_filters: q.generic_medicine_filters,
      medicalInstitutionFilters: q.medical_institution_filters,
      receptionTypeFilters: q.reception_type_filters,
      sortOrder: q.sort_order,
      address: q.address,
      addressMode: q.address_mode,
      comparisonFrom: q.comparison_from,
      comparisonTo: q.comparison_to,
    },
    separateByStore: q.separate_by_store,
  };
}

/** A metric's value per bucket of the time axis. */
const bucketRowsSchema = z.array(z.object({ date: z.string(), value: z.number().nullable() }));

/** One series of an analysis chart: a breakdown item with its value per bucket and in total. */
export const analysisSeriesSchema = z.object({
  /** The item's id or code (a store code, an institution code, a fee code, an age band…). */
  key: z.string(),
  name: z.string(),
  total: z.number().nullable(),
  rows: bucketRowsSchema,
  yjCode: z.string().optional(),
  /** The total over the comparison period, when one was asked. */
  comparisonTotal: z.number().nullable().optional(),
  /** With a comparison: false when the stores asked have no data for part of its period. */
  comparisonComplete: z.boolean().optional(),
});
export type AnalysisSeries = z.infer<typeof analysisSeriesSchema>;
export const analysisResponseSchema = z.array(analysisSeriesSchema);

/** One period of a dashboard metric: its value per bucket and in total. */
const dashboardSideSchema = z.object({ rows: bucketRowsSchema, total: z.number().nullable() });

/**
 * The answer of GET /v3/dashboard/{metric}: the base period (source), the comparison period
 * (destination), and whether the stores' data covers the whole comparison period.
 */
export const dashboardResponseSchema = z.object({
  source: dashboardSideSchema,
  destination: dashboardSideSchema,
  comparisonComplete: z.boolean(),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

/** The medical-institution filter's autocomplete items. */
export const medicalInstitutionsResponseSchema = z.object({
  data: z.array(z.object({ text: z.string(), value: z.string() })),
});
