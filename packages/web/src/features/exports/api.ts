import {
  exportContracts,
  type DateRange,
  type DashboardQuery,
  type DashboardQueryInput,
  type ScorecardQueryInput,
} from '@pharmalytics/domain';
import { download, type DownloadedFile } from '../../api/index.ts';

/** The dashboard's query as sent (its axis as text). */
const dashboardWire = (query: DashboardQuery): DashboardQueryInput => ({
  ...query,
  periodCode: String(query.periodCode),
});

/** The dashboard as an Excel workbook, for the dashboard's query. */
export function downloadDashboardXlsx(query: DashboardQuery): Promise<DownloadedFile> {
  return download(exportContracts.dashboardXlsx, { query: dashboardWire(query) });
}

/** The dashboard as a PDF report, for the dashboard's query. */
export function downloadDashboardPdf(query: DashboardQuery): Promise<DownloadedFile> {
  return download(exportContracts.dashboardPdf, { query: dashboardWire(query) });
}

/** The scorecard as an Excel workbook, for the scorecard's query. */
export function downloadScorecardXlsx(query: ScorecardQueryInput): Promise<DownloadedFile> {
  return download(exportContracts.scorecardXlsx, { query });
}

/** The 施設基準 outlook and months of the stores, as an Excel workbook. */
export function downloadFacilityStandardsXlsx(
  storeCodes: readonly string[],
): Promise<DownloadedFile> {
  return download(exportContracts.facilityStandardsXlsx, {
    query: { storeCodes: storeCodes.join(',') },
  });
}

/**
 * The acquisition-rate table of the chosen meshes (in order of selection) as an Excel workbook,
 * for the map's store and period.
 */
export function downloadMarketShareXlsx(
  period: DateRange,
  storeCode: string,
  meshCodes: readonly string[],
): Promise<DownloadedFile> {
  return download(exportContracts.marketShareXlsx, {
    query: {
      from: period.from,
      to: period.to,
      store_code: storeCode,
      mesh_codes: meshCodes.join(','),
    },
  });
}
