export { downloadDashboardPdf, downloadDashboardXlsx, downloadScorecardXlsx } from './api.ts';
export { ExportButton, PdfButton, XlsxButton } from './ExportButton.tsx';
