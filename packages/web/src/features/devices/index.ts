export { deviceKeys, fetchClientDevices } from './api.ts';
