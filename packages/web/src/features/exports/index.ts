export {
  downloadDashboardPdf,
  downloadDashboardXlsx,
  downloadFacilityStandardsXlsx,
  downloadScorecardXlsx,
} from './api.ts';
export { ExportButton, PdfButton, XlsxButton } from './ExportButton.tsx';
