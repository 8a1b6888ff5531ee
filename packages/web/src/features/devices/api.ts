import { api, type ClientDevice } from '../../api/index.ts';

export const deviceKeys = {
  all: ['clientDevices'] as const,
};

export function fetchClientDevices(): Promise<ClientDevice[]> {
  return api.get<ClientDevice[]>('/v3/client_devices');
}
