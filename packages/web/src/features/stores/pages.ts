// The screens, apart from index.ts: the main layout imports the store list API from there
// and should not pull in the tables, forms and map.
export { StoreListPage } from './StoreListPage.tsx';
export { StoreDetailPage } from './StoreDetailPage.tsx';
