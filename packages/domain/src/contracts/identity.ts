import { z } from 'zod';
import { INPUT_LIMITS, LIMITS } from '../constants.ts';
import { FIELD_LABELS } from '../messages.ts';
import { boundedText } from '../schemas/primitives.ts';
import { endpoint, errorBodySchema } from './endpoint.ts';

/**
 * The error body of the identity service (the Identity Toolkit REST shape):
 * `{ error: { code, message } }`, message one of its codes such as `INVALID_LOGIN_CREDENTIALS`.
 */
export const identityErrorBodySchema = z.object({
  error: z.object({ code: z.number().int(), message: z.string() }),
});
export type IdentityErrorBody = z.infer<typeof identityErrorBodySchema>;

export const identitySignInSchema = z.object({
  idToken: z.string(),
  /** Seconds, as a string. */
  expiresIn: z.string(),
  localId: z.string(),
  email: z.string(),
  registered: z.literal(true),
});
export type IdentitySignIn = z.infer<typeof identitySignInSchema>;

/** The public keys that verify the service's ID tokens: a JWK set, each key with all its members. */
export const jwksSchema = z.object({
  keys: z.array(z.looseObject({ alg: z.string(), use: z.string() })),
});

/**
 * The built-in identity provider: the Identity Toolkit REST API subset, so an external provider
 * can replace it by configuration. Its refusals carry the identity error body; a request it
 * cannot read, or a burst refused by the rate limit, the server's own.
 */
export const identityContracts = {
  signIn: endpoint({
    method: 'POST',
    // `::` is a literal colon in the path.
    path: '/identity/v1/accounts::signInWithPassword',
    tag: 'identity',
    summary: 'Checks an e-mail address and password; answers an ID token',
    body: z.object({
      email: boundedText({ label: FIELD_LABELS.email, max: LIMITS.emailMax }).default(''),
      password: boundedText({
        label: FIELD_LABELS.password,
        max: INPUT_LIMITS.signInPasswordMax,
      }).default(''),
      returnSecureToken: z.boolean().optional(),
    }),
    responses: {
      200: identitySignInSchema,
      '4xx': z.union([identityErrorBodySchema, errorBodySchema]),
    },
  }),
  jwks: endpoint({
    method: 'GET',
    path: '/identity/v1/jwks',
    tag: 'identity',
    summary: 'The public keys of the ID tokens',
    responses: { 200: jwksSchema },
  }),
};
