export { PatientDistributionPage } from './patient-distribution/PatientDistributionPage.tsx';
