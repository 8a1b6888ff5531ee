export { corporationKeys, fetchCorporation, formatZipCode, type Corporation } from './api.ts';
