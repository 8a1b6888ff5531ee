export { FacilityStandardsSettingsPage } from './FacilityStandardsSettingsPage.tsx';
