import { signUpContracts } from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../access/access-policy.ts';
import { contractRoute } from '../http/contract-route.ts';
import { completeSignUp, mailNewAccountLink, signUpEmailOf, type SignUpDeps } from './service.ts';

/** Sign-up: e-mail verification, then the new corporation with its first admin. */
export function signUpRoutes(
  deps: SignUpDeps & { rateLimitPerMinute: number },
): FastifyPluginAsyncZod {
  return async (app) => {
    contractRoute(
      app,
      signUpContracts.request,
      {
        access: access.public,
        config: { rateLimit: { max: deps.rateLimitPerMinute, timeWindow: '1 minute' } },
      },
      async (request) => {
        await mailNewAccountLink(deps, request.body.email);
        return {};
      },
    );

    contractRoute(app, signUpContracts.verify, { access: access.public }, async (request) => ({
      email: await signUpEmailOf(deps, request.query.token),
    }));

    contractRoute(
      app,
      signUpContracts.complete,
      { access: access.public },
      async (request, reply) =>
        reply.code(201).send(await completeSignUp(deps, request.params.token, request.body)),
    );
  };
}
