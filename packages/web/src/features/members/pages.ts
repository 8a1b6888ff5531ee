export { AccountListPage } from './AccountListPage.tsx';
export { AccountDetailPage } from './AccountDetailPage.tsx';
