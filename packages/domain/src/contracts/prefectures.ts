import { z } from 'zod';
import { endpoint } from './endpoint.ts';

export const prefectureSchema = z.object({ id: z.number().int(), name: z.string() });
export type Prefecture = z.infer<typeof prefectureSchema>;

export const prefectureContracts = {
  list: endpoint({
    method: 'GET',
    path: '/v2/prefectures',
    tag: 'prefectures',
    summary: 'The prefectures (public: the sign-up form needs them before an account exists)',
    responses: { 200: z.array(prefectureSchema) },
  }),
};
