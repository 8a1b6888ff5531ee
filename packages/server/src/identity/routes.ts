import { boundedText, FIELD_LABELS, INPUT_LIMITS, LIMITS } from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { IdentityService } from './service.ts';
import { ID_TOKEN_LIFETIME_SECONDS, type TokenService } from './tokens.ts';
import { access } from '../access/access-policy.ts';

/**
 * The built-in identity provider, with the contract of the Identity Toolkit REST API subset
 * (accounts:signInWithPassword, JWKS) so an external provider can replace it by configuration.
 */
export function identityRoutes(deps: {
  identity: IdentityService;
  tokens: TokenService;
  rateLimitPerMinute: number;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/identity/v1/accounts::signInWithPassword',
      {
        config: {
          access: access.cookieless,
          rateLimit: { max: deps.rateLimitPerMinute, timeWindow: '1 minute' },
        },
        schema: {
          tags: ['identity'],
          body: z.object({
            email: boundedText({ label: FIELD_LABELS.email, max: LIMITS.emailMax }).default(''),
            password: boundedText({
              label: FIELD_LABELS.password,
              max: INPUT_LIMITS.signInPasswordMax,
            }).default(''),
            returnSecureToken: z.boolean().optional(),
          }),
        },
      },
      async (request, reply) => {
        const result = await deps.identity.signIn(request.body.email, request.body.password);
        if (!result.ok) {
          return reply.code(400).send({ error: { code: 400, message: result.error } });
        }
        return {
          idToken: await deps.tokens.sign(result.localId, result.email, result.tokenGeneration),
          expiresIn: String(ID_TOKEN_LIFETIME_SECONDS),
          localId: result.localId,
          email: result.email,
          registered: true,
        };
      },
    );

    app.get(
      '/identity/v1/jwks',
      { config: { access: access.cookieless }, schema: { tags: ['identity'] } },
      async () => deps.tokens.jwks(),
    );
  };
}
