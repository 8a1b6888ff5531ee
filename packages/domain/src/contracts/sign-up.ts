import { z } from 'zod';
import { newAccountSchema, signUpSchema } from '../schemas/signUp.ts';
import { endpoint } from './endpoint.ts';
import { linkTokenQuerySchema, verifiedLinkSchema } from './token-links.ts';

export const newAccountResultSchema = z.object({ corporationCode: z.string(), email: z.string() });
export type NewAccountResult = z.infer<typeof newAccountResultSchema>;

/** Sign-up: e-mail verification, then the new corporation with its first admin. */
export const signUpContracts = {
  request: endpoint({
    method: 'POST',
    path: '/v2/sign_ups',
    tag: 'sign-up',
    summary: 'Mails the new-account link to the address',
    body: signUpSchema,
    responses: { 200: z.object({}) },
  }),
  verify: endpoint({
    method: 'GET',
    path: '/v2/sign_ups/verify',
    tag: 'sign-up',
    summary: 'Checks a new-account link',
    query: linkTokenQuerySchema,
    responses: { 200: verifiedLinkSchema },
  }),
  complete: endpoint({
    method: 'PATCH',
    path: '/v2/sign_ups/:token',
    tag: 'sign-up',
    summary: 'Creates the corporation (free plan) and its first administrator',
    params: linkTokenQuerySchema,
    body: newAccountSchema,
    responses: { 201: newAccountResultSchema },
  }),
};
