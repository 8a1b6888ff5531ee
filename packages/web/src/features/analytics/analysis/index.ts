export { AnalysisPage, AnalysisRoutePage } from './AnalysisPage.tsx';
