export { PatientDistributionPage } from './patient-distribution/PatientDistributionPage.tsx';
export { MarketSharePage } from './market-share/index.ts';
