export { InitialSetupPage } from './InitialSetupPage.tsx';
