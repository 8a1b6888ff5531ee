import {
  analysisChartPath,
  analysisCsvPath,
  analysisResponseSchema,
  genericMedicineFilterQuery,
  medicalInstitutionsResponseSchema,
  receptionTypeFilterQuery,
  type AddressModeKey,
  type AnalysisPageDef,
  type AnalysisSeries,
  type MedicalInstitutionFilterItem,
  type MetricSlug,
} from '@pharmalytics/domain';
import { api, apiDownload, type DownloadedFile } from '../../../api/index.ts';
import { analysisComparisonOf, type SearchCondition } from '../../search-condition/index.ts';
import { ADDRESS_MODE } from './address.ts';

/**
 * Query of a chart call GET /v3/{family}/{metric} (spec 02 §7), with its wire names. Values
 * left empty are not sent: no filter means everything.
 */
export type AnalysisQuery = Partial<{
  from: string;
  to: string;
  periodCode: string;
  storeCodes: string;
  generic_medicine_filters: string;
  medicalInstitutionFilters: string;
  receptionTypeFilters: string;
  sortOrder: string;
  address: string;
  comparisonFrom: string;
  comparisonTo: string;
  addressMode: string;
}>;

/** The sort menu and the address popup only exist on their pages; a comparison, when chosen. */
export function analysisQuery(
  page: AnalysisPageDef,
  condition: SearchCondition,
  storeCodes: readonly string[],
): AnalysisQuery {
  const { filters } = condition;
  const comparison = analysisComparisonOf(condition);
  const query: AnalysisQuery = {
    from: condition.base.from,
    to: condition.base.to,
    periodCode: String(condition.timeAxis),
    storeCodes: storeCodes.join(','),
    generic_medicine_filters: genericMedicineFilterQuery(filters.genericMedicine),
    medicalInstitutionFilters: filters.medicalInstitutions.map((i) => i.value).join(','),
    receptionTypeFilters: receptionTypeFilterQuery(filters.receptionTypes),
    sortOrder: page.order === 'ageGroup' ? String(condition.sortOrder) : '',
    address:
      page.breakdown === 'address' && condition.address.mode === ADDRESS_MODE.address
        ? condition.address.text.trim()
        : '',
    comparisonFrom: comparison?.from ?? '',
    comparisonTo: comparison?.to ?? '',
    // Named only for 市区町村: the other two modes are told apart by the text, as always.
    addressMode:
      page.breakdown === 'address' && condition.address.mode === ADDRESS_MODE.city
        ? ('city' satisfies AddressModeKey)
        : '',
  };
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
}

/** The CSV export's query: the chart's in snake_case, and whether a table per store. */
export function csvQuery(query: AnalysisQuery, separateByStore: boolean): Record<string, string> {
  const wire: Record<string, string | undefined> = {
    from: query.from,
    to: query.to,
    period_code: query.periodCode,
    store_codes: query.storeCodes,
    generic_medicine_filters: query.generic_medicine_filters,
    medical_institution_filters: query.medicalInstitutionFilters,
    reception_type_filters: query.receptionTypeFilters,
    sort_order: query.sortOrder,
    address: query.address,
    comparison_from: query.comparisonFrom,
    comparison_to: query.comparisonTo,
    address_mode: query.addressMode,
    separate_by_store: separateByStore ? 'true' : undefined,
  };
  return Object.fromEntries(
    Object.entries(wire).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

const search = (params: Record<string, string>) => new URLSearchParams(params).toString();

export const analysisKeys = {
  all: ['analysis'] as const,
  chart: (path: string, query: AnalysisQuery, devApi: boolean) =>
    ['analysis', path, query, devApi] as const,
  institutions: ['analysis', 'medical_institutions'] as const,
};

/** A response that does not have the contract's shape. */
export class AnalysisResponseError extends Error {
  constructor(path: string) {
    super(`Unexpected response of ${path}`);
    this.name = 'AnalysisResponseError';
  }
}

/** The series of a page and metric; follows the dev-API flag to the /v2/ twin. */
export async function fetchAnalysis(
  page: AnalysisPageDef,
  metric: MetricSlug,
  query: AnalysisQuery,
  signal?: AbortSignal,
): Promise<AnalysisSeries[]> {
  const path = analysisChartPath(page.family, metric);
  const body = await api.get<unknown>(`${path}?${search(query)}`, { devSwap: true, signal });
  const parsed = analysisResponseSchema.safeParse(body);
  if (!parsed.success) throw new AnalysisResponseError(path);
  return parsed.data;
}

/** The institutions of the member's stores, for the filter's autocomplete. */
export async function fetchMedicalInstitutions(
  signal?: AbortSignal,
): Promise<MedicalInstitutionFilterItem[]> {
  const body = await api.get<unknown>('/v3/medical_institutions', { signal });
  const parsed = medicalInstitutionsResponseSchema.safeParse(body);
  if (!parsed.success) throw new AnalysisResponseError('/v3/medical_institutions');
  return parsed.data.data;
}

/** The page's CSV export, as the server names it (spec 02 §7). */
export function downloadAnalysisCsv(
  page: AnalysisPageDef,
  metric: MetricSlug,
  query: AnalysisQuery,
  separateByStore: boolean,
): Promise<DownloadedFile> {
  const path = analysisCsvPath(page.family, metric);
  return apiDownload(`${path}?${search(csvQuery(query, separateByStore))}`);
}
