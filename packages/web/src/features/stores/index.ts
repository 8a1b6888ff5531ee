export { fetchStores, storeKeys, visibleStores } from './api.ts';
export * from './storeTree.ts';
export { StoreTreeChecklist } from './StoreTreeChecklist.tsx';
