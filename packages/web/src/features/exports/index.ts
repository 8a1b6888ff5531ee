export {
  downloadDashboardPdf,
  downloadDashboardXlsx,
  downloadFacilityStandardsXlsx,
  downloadMarketShareXlsx,
  downloadScorecardXlsx,
} from './api.ts';
export { ExportButton, PdfButton, XlsxButton } from './ExportButton.tsx';
