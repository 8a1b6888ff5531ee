export { FacilityStandardsPage } from './FacilityStandardsPage.tsx';
export { FACILITY_QUERY_ROOT } from './api.ts';
