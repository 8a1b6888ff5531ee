import { z } from 'zod';
import { endpoint, noContentSchema } from './endpoint.ts';
import { CSRF_TOKEN_PATH } from '../constants.ts';
import { memberSchema } from './members.ts';

export const csrfTokenSchema = z.object({ csrfToken: z.string() });

/** The browser session: its anti-forgery token, login with an ID token, logout. */
export const sessionContracts = {
  csrfToken: endpoint({
    method: 'GET',
    path: CSRF_TOKEN_PATH,
    tag: 'session',
    summary: 'The anti-forgery token the changing calls send back',
    responses: { 200: csrfTokenSchema },
  }),
  login: endpoint({
    method: 'POST',
    path: '/v2/login',
    tag: 'session',
    summary:
      'Exchanges an identity-provider ID token (Authorization: Bearer) for a session; answers the member',
    responses: { 200: memberSchema },
  }),
  logout: endpoint({
    method: 'DELETE',
    path: '/v2/logout',
    tag: 'session',
    summary: 'Ends the session',
    responses: { 204: noContentSchema },
  }),
};
