export { fetchStores, storeKeys, visibleStores } from './api.ts';
