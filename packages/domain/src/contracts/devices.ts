import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/** An uploader installation that has contacted the service. */
export const clientDeviceSchema = z.object({
  deviceId: z.number().int(),
  name: z.string(),
  storeCode: z.string(),
  /** ISO 8601 */
  lastContactAt: z.string(),
});
export type ClientDevice = z.infer<typeof clientDeviceSchema>;

export const deviceContracts = {
  list: endpoint({
    method: 'GET',
    path: '/v3/client_devices',
    tag: 'devices',
    summary: 'Uploader installations that have contacted the service, for the caller’s stores',
    responses: { 200: z.array(clientDeviceSchema) },
  }),
};
