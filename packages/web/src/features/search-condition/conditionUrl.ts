import {
  ADDRESS_MODES,
  AGE_SORT_OPTIONS,
  durationPreset,
  durationPresetByValue,
  GENERIC_MEDICINE_FILTERS,
  presetRange,
  RECEPTION_TYPE_FILTERS,
  TIME_AXES,
  timeAxis,
  type AnalysisPageDef,
  type DurationPresetValue,
} from '@pharmalytics/domain';
import {
  comparisonTypeOf,
  readPeriod,
  type ReadContext,
  type SearchCondition,
} from './condition.ts';

/**
 * What a page shows of the shared condition, and so writes into its address: the period, its
 * time axis and the stores always; the dashboard's comparison or the analysis pages' own; on an
 * analysis page its metric, the filters, and where the page has them the sort and the address.
 */
export interface ConditionUrlScope {
  /** 'scorecard': the scorecard's own period and comparison instead of the shared ones. */
  comparison: 'dashboard' | 'analysis' | 'scorecard' | null;
  page?: AnalysisPageDef;
}

/** The dashboard's part (also that of any page showing a period, a comparison and stores). */
export const DASHBOARD_URL_SCOPE: ConditionUrlScope = { comparison: 'dashboard' };

/** The store scorecard's part: its own period and comparison, and the stores. */
export const SCORECARD_URL_SCOPE: ConditionUrlScope = { comparison: 'scorecard' };

export const analysisUrlScope = (page: AnalysisPageDef): ConditionUrlScope => ({
  comparison: 'analysis',
  page,
});

/** The query names, short and readable: ?from=2026-10-01&to=2026-10-31&preset=2&axis=2&cmp=2… */
export const URL_PARAMS = {
  from: 'from',
  to: 'to',
  preset: 'preset',
  axis: 'axis',
  comparison: 'cmp',
  stores: 'stores',
  metric: 'metric',
  genericMedicine: 'generic',
  receptionTypes: 'reception',
  institutions: 'inst',
  sort: 'sort',
  address: 'addr',
} as const;

/** stores=all: every active store, also those added later. */
const ALL_STORES = 'all';
/** cmp=0: the analysis pages compare with nothing. */
const NO_COMPARISON = '0';
const ADDRESS_MODE_ADDRESS = ADDRESS_MODES.find((m) => m.key === 'address')!.value;
const ADDRESS_MODE_ZIP = ADDRESS_MODES.find((m) => m.key === 'zipCode')!.value;
const CUSTOM = durationPreset('custom');

const list = (values: readonly (string | number)[]) => values.join(',');

/** The part of the condition a page shows, as query parameters. */
export function conditionToParams(
  condition: SearchCondition,
  scope: ConditionUrlScope,
): URLSearchParams {
  const params = new URLSearchParams();
  const period = scope.comparison === 'scorecard' ? condition.scorecard : condition;
  params.set(URL_PARAMS.from, period.base.from);
  params.set(URL_PARAMS.to, period.base.to);
  params.set(URL_PARAMS.preset, String(period.preset));
  if (scope.comparison === 'scorecard') {
    params.set(URL_PARAMS.comparison, String(condition.scorecard.comparisonType));
  } else {
    params.set(URL_PARAMS.axis, String(condition.timeAxis));
  }
  if (scope.comparison === 'dashboard') {
    params.set(URL_PARAMS.comparison, String(condition.comparisonType));
  } else if (scope.comparison === 'analysis') {
    params.set(URL_PARAMS.comparison, String(condition.analysisComparison ?? NO_COMPARISON));
  }
  params.set(
    URL_PARAMS.stores,
    condition.pharmacy.isAll ? ALL_STORES : list(condition.pharmacy.storeCodes),
  );
  const { page } = scope;
  if (page) {
    const metric = condition.metrics[page.family];
    if (metric) params.set(URL_PARAMS.metric, metric);
    params.set(URL_PARAMS.genericMedicine, list(condition.filters.genericMedicine));
    params.set(URL_PARAMS.receptionTypes, list(condition.filters.receptionTypes));
    params.set(
      URL_PARAMS.institutions,
      list(condition.filters.medicalInstitutions.map((i) => i.value)),
    );
    if (page.order === 'ageGroup') params.set(URL_PARAMS.sort, String(condition.sortOrder));
    if (page.breakdown === 'address') {
      // Empty: the 郵便番号 mode; otherwise the 住所別 mode's text.
      const { mode, text } = condition.address;
      params.set(URL_PARAMS.address, mode === ADDRESS_MODE_ADDRESS ? text : '');
    }
  }
  return params;
}

export interface ConditionFromUrl {
  condition: SearchCondition;
  /** The link named stores the member may not see; they were left out. */
  droppedStores: boolean;
}

/** Comma-separated values of a parameter, each one of `options`; undefined when any is not. */
function optionList<T extends string | number>(
  raw: string,
  options: readonly { value: T }[],
): T[] | undefined {
  const parts = raw === '' ? [] : raw.split(',');
  const values = parts.map((part) => options.find((o) => String(o.value) === part)?.value);
  if (values.some((v) => v === undefined)) return undefined;
  // In option order, without repeats; every option ticked is the same as none.
  const chosen = options.filter((o) => values.includes(o.value)).map((o) => o.value);
  return chosen.length === options.length ? [] : chosen;
}

/** The period of a link: its preset where today's dates of it are the link's, else its dates. */
function readLinkPeriod(
  params: URLSearchParams,
  axis: SearchCondition['timeAxis'],
  context: ReadContext,
): Pick<SearchCondition, 'preset' | 'base'> | undefined {
  const from = params.get(URL_PARAMS.from);
  const to = params.get(URL_PARAMS.to);
  if (from === null || to === null) return undefined;
  const presetValue = Number(params.get(URL_PARAMS.preset) ?? CUSTOM.value);
  const range = { from, to };
  const preset = durationPresetByValue(presetValue);
  const sameDates =
    preset !== undefined &&
    preset.key !== 'custom' &&
    sameRange(presetRange(preset.key, context.today), range);
  const value: DurationPresetValue = sameDates ? preset.value : CUSTOM.value;
  return readPeriod({ value, text: '', date: range }, context, axis);
}

const sameRange = (a: { from: string; to: string }, b: { from: string; to: string }) =>
  a.from === b.from && a.to === b.to;

/**
 * The view a link names, laid over `current` (the stored condition): each part the link holds
 * and the member may use replaces the current one; a part that is missing or cannot be read
 * leaves it as it was. Stores the member may not browse are dropped (and said so); a link left
 * with none keeps the current stores.
 */
export function conditionFromParams(
  params: URLSearchParams,
  current: SearchCondition,
  scope: ConditionUrlScope,
  context: ReadContext,
): ConditionFromUrl {
  const next: SearchCondition = { ...current };
  let droppedStores = false;
  if (scope.comparison === 'scorecard') {
    next.scorecard = readScorecardParams(params, current.scorecard, context);
  } else {
    readSharedPeriodParams(params, current, context, next);
  }

  const comparison = params.get(URL_PARAMS.comparison);
  if (comparison !== null) {
    const type = comparisonTypeOf(Number(comparison));
    if (scope.comparison === 'dashboard' && type !== undefined) next.comparisonType = type;
    if (scope.comparison === 'scorecard' && type !== undefined) {
      next.scorecard = { ...next.scorecard, comparisonType: type };
    }
    if (scope.comparison === 'analysis' && (type !== undefined || comparison === NO_COMPARISON)) {
      next.analysisComparison = type ?? null;
    }
  }

  const stores = params.get(URL_PARAMS.stores);
  if (stores === ALL_STORES) {
    next.pharmacy = { isAll: true, storeCodes: [] };
  } else if (stores !== null && stores !== '') {
    const codes = [...new Set(stores.split(','))];
    const browsable = codes.filter((code) => context.activeStoreCodes.includes(code));
    droppedStores = browsable.length < codes.length;
    if (browsable.length > 0) next.pharmacy = { isAll: false, storeCodes: browsable };
  }

  const { page } = scope;
  if (page) readPageParams(params, page, current, next);
  return { condition: next, droppedStores };
}

/** The shared period and time axis of a link. */
function readSharedPeriodParams(
  params: URLSearchParams,
  current: SearchCondition,
  context: ReadContext,
  next: SearchCondition,
): void {
  const axis = TIME_AXES.find((a) => String(a.value) === params.get(URL_PARAMS.axis))?.value;
  const period = readLinkPeriod(params, axis ?? current.timeAxis, context);
  if (period) {
    next.preset = period.preset;
    next.base = period.base;
    if (axis !== undefined) next.timeAxis = axis;
  } else if (
    axis !== undefined &&
    readPeriod({ value: current.preset, text: '', date: current.base }, context, axis)
  ) {
    next.timeAxis = axis;
  }
}

/** The scorecard's period of a link; its months may span years, as on the monthly axis. */
function readScorecardParams(
  params: URLSearchParams,
  current: SearchCondition['scorecard'],
  context: ReadContext,
): SearchCondition['scorecard'] {
  const period = readLinkPeriod(params, timeAxis('monthly').value, context);
  return period ? { ...current, ...period } : current;
}

/** An analysis page's metric, filters, sort and address. */
function readPageParams(
  params: URLSearchParams,
  page: AnalysisPageDef,
  current: SearchCondition,
  next: SearchCondition,
): void {
  const metric = page.metrics.find((m) => m === params.get(URL_PARAMS.metric));
  if (metric) next.metrics = { ...current.metrics, [page.family]: metric };

  const filters = { ...current.filters };
  const generic = params.get(URL_PARAMS.genericMedicine);
  const genericValues =
    generic === null ? undefined : optionList(generic, GENERIC_MEDICINE_FILTERS);
  if (genericValues) filters.genericMedicine = genericValues;
  const reception = params.get(URL_PARAMS.receptionTypes);
  const receptionValues =
    reception === null ? undefined : optionList(reception, RECEPTION_TYPE_FILTERS);
  if (receptionValues) filters.receptionTypes = receptionValues;
  const institutions = params.get(URL_PARAMS.institutions);
  if (institutions !== null && /^(\d+(,\d+)*)?$/.test(institutions)) {
    const known = new Map(current.filters.medicalInstitutions.map((i) => [i.value, i.text]));
    const codes = institutions === '' ? [] : [...new Set(institutions.split(','))];
    // A code the member has not filtered by before is named by its code.
    filters.medicalInstitutions = codes.map((code) => ({
      value: code,
      text: known.get(code) ?? code,
    }));
  }
  next.filters = filters;

  if (page.order === 'ageGroup') {
    const sort = AGE_SORT_OPTIONS.find((o) => String(o.value) === params.get(URL_PARAMS.sort));
    if (sort) next.sortOrder = sort.value;
  }
  if (page.breakdown === 'address') {
    const text = params.get(URL_PARAMS.address);
    if (text !== null) {
      next.address =
        text.trim() === ''
          ? { mode: ADDRESS_MODE_ZIP, text: '' }
          : { mode: ADDRESS_MODE_ADDRESS, text: text.trim() };
    }
  }
}
