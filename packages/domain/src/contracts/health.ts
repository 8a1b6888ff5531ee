import { z } from 'zod';
import { endpoint } from './endpoint.ts';

const statusSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

/** Liveness and readiness of the server, for the load balancer. */
export const healthContracts = {
  live: endpoint({
    method: 'GET',
    path: '/healthz',
    tag: 'health',
    summary: 'The process answers',
    responses: { 200: statusSchema },
  }),
  ready: endpoint({
    method: 'GET',
    path: '/readyz',
    tag: 'health',
    summary: 'The database answers (503 when it does not)',
    responses: { 200: statusSchema, 503: statusSchema },
  }),
};
