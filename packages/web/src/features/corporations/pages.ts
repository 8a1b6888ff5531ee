export { CorporationPage } from './CorporationPage.tsx';
export { PlanChangePage } from './PlanChangePage.tsx';
