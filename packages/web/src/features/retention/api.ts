import {
  retentionContracts,
  type RetentionCohortsQueryInput,
  type RetentionCohortsResponse,
  type RetentionOverdueQueryInput,
  type RetentionOverdueResponse,
} from '@pharmalytics/domain';
import { call, download } from '../../api/index.ts';

export const retentionKeys = {
  cohorts: (query: RetentionCohortsQueryInput) => ['retention', 'cohorts', query] as const,
  overdue: (query: RetentionOverdueQueryInput) => ['retention', 'overdue', query] as const,
};

export const fetchCohorts = (
  query: RetentionCohortsQueryInput,
  signal?: AbortSignal,
): Promise<RetentionCohortsResponse> => call(retentionContracts.cohorts, { query }, { signal });

export const fetchOverdue = (
  query: RetentionOverdueQueryInput,
  signal?: AbortSignal,
): Promise<RetentionOverdueResponse> => call(retentionContracts.overdue, { query }, { signal });

export const downloadCohortsCsv = (query: RetentionCohortsQueryInput) =>
  download(retentionContracts.cohortsCsv, { query });
export const downloadOverdueCsv = (query: RetentionOverdueQueryInput) =>
  download(retentionContracts.overdueCsv, { query });
export const downloadCohortsXlsx = (query: RetentionCohortsQueryInput) =>
  download(retentionContracts.cohortsXlsx, { query });
export const downloadOverdueXlsx = (query: RetentionOverdueQueryInput) =>
  download(retentionContracts.overdueXlsx, { query });
