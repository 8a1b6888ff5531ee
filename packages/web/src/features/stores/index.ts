export { fetchStores, storeKeys, visibleStores } from './api.ts';
export * from './storeTree.ts';
export type { StoreListState } from './storeListState.ts';
export { StoreTreeChecklist } from './StoreTreeChecklist.tsx';
