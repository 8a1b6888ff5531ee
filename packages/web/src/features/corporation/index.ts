export { CorporationPage } from './CorporationPage.tsx';
export { corporationKeys, fetchCorporation, formatZipCode, type Corporation } from './api.ts';
