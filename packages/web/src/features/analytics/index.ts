export { AnalysisRoutePage } from './analysis/index.ts';
export { DashboardPage } from './dashboard/index.ts';
export { FilterControl } from './analysis/FilterDialog.tsx';
