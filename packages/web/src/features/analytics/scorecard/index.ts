export { ScorecardPage } from './ScorecardPage.tsx';
