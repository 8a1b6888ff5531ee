export { PrescriberChangesPage } from './PrescriberChangesPage.tsx';
export { PrescriberNotices } from './PrescriberNotices.tsx';
