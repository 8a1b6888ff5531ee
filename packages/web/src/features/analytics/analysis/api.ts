import {
  analysisContracts,
  analysisXlsxContracts,
  analyticsContracts,
  genericMedicineFilterQuery,
  receptionTypeFilterQuery,
  type AddressModeKey,
  type AnalysisPageContracts,
  type AnalysisPageDef,
  type ContractQuery,
  type AnalysisSeries,
  type MedicalInstitutionFilterItem,
  type MetricSlug,
} from '@pharmalytics/domain';
import { call, download, type DownloadedFile } from '../../../api/index.ts';
import { analysisComparisonOf, type SearchCondition } from '../../search-condition/index.ts';
import { ADDRESS_MODE } from './address.ts';

/**
 * Query of a chart call GET /v3/{family}/{metric} (spec 02 §7), with its wire names. Values
 * left empty are not sent: no filter means everything.
 */
export type AnalysisQuery = ContractQuery<AnalysisPageContracts['chart']>;
/** Query of a CSV export GET /v3/csv/{family}/{metric}. */
export type AnalysisCsvQuery = ContractQuery<AnalysisPageContracts['csv']>;

/** The query without its empty values. */
function withoutEmpty<Q extends object>(query: Q): Q {
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== '' && value !== undefined),
  ) as Q;
}

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
        : undefined,
  };
  return withoutEmpty(query);
}

/** The CSV export's query: the chart's in snake_case, and whether a table per store. */
export function csvQuery(query: AnalysisQuery, separateByStore: boolean): AnalysisCsvQuery {
  return withoutEmpty<AnalysisCsvQuery>({
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
  });
}

export const analysisKeys = {
  all: ['analysis'] as const,
  chart: (path: string, query: AnalysisQuery, devApi: boolean) =>
    ['analysis', path, query, devApi] as const,
  institutions: ['analysis', 'medical_institutions'] as const,
};

/** The series of a page and metric; follows the dev-API flag to the /v2/ twin. */
export function fetchAnalysis(
  page: AnalysisPageDef,
  metric: MetricSlug,
  query: AnalysisQuery,
  signal?: AbortSignal,
): Promise<AnalysisSeries[]> {
  return call(
    analysisContracts[page.family].chart,
    { params: { metric }, query },
    { devSwap: true, signal },
  );
}

/** The institutions of the member's stores, for the filter's autocomplete. */
export async function fetchMedicalInstitutions(
  signal?: AbortSignal,
): Promise<MedicalInstitutionFilterItem[]> {
  return (await call(analyticsContracts.medicalInstitutions, {}, { signal })).data;
}

/** The page's CSV export, as the server names it (spec 02 §7). */
export function downloadAnalysisCsv(
  page: AnalysisPageDef,
  metric: MetricSlug,
  query: AnalysisQuery,
  separateByStore: boolean,
): Promise<DownloadedFile> {
  return download(analysisContracts[page.family].csv, {
    params: { metric },
    query: csvQuery(query, separateByStore),
  });
}

/** The page's Excel workbook, with the CSV's query: its table and a long-format sheet. */
export function downloadAnalysisXlsx(
  page: AnalysisPageDef,
  metric: MetricSlug,
  query: AnalysisQuery,
): Promise<DownloadedFile> {
  return download(analysisXlsxContracts[page.family], {
    params: { metric },
    query: csvQuery(query, false),
  });
}
