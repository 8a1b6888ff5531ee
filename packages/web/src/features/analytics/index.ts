// The dashboard and the analysis pages are loaded apart, each from its own folder (app/RoutePage).
export { FilterControl } from './analysis/FilterDialog.tsx';
