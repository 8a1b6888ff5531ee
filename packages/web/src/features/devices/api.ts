import { deviceContracts, type ClientDevice } from '@pharmalytics/domain';
import { call } from '../../api/index.ts';

export const deviceKeys = {
  all: ['clientDevices'] as const,
};

export function fetchClientDevices(): Promise<ClientDevice[]> {
  return call(deviceContracts.list, {});
}
