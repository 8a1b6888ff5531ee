export { PrescriberChangesPage } from './PrescriberChangesPage.tsx';
