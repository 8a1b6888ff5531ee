export { AnalysisPage } from './AnalysisPage.tsx';
