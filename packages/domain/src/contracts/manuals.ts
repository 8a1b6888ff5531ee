import { z } from 'zod';
import { boundedText } from '../schemas/primitives.ts';
import { endpoint } from './endpoint.ts';

export const manualContracts = {
  get: endpoint({
    method: 'GET',
    path: '/manuals/:name',
    tag: 'manuals',
    summary:
      'A manual of the initial-setup page as an HTML page (an attachment when download=true)',
    params: z.object({ name: boundedText({ max: 100 }) }),
    query: z.object({ download: z.stringbool().default(false) }),
    responses: { 200: z.string().describe('HTML') },
  }),
};
