export { FacilityStandardsPage } from './FacilityStandardsPage.tsx';
