import { identityContracts } from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../access/access-policy.ts';
import { contractRoute } from '../http/contract-route.ts';
import type { IdentityService } from './service.ts';
import { ID_TOKEN_LIFETIME_SECONDS, type TokenService } from './tokens.ts';

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
    contractRoute(
      app,
      identityContracts.signIn,
      {
        access: access.cookieless,
        config: { rateLimit: { max: deps.rateLimitPerMinute, timeWindow: '1 minute' } },
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
          registered: true as const,
        };
      },
    );

    contractRoute(app, identityContracts.jwks, { access: access.cookieless }, () =>
      deps.tokens.jwks(),
    );
  };
}
