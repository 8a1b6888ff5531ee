import { passwordResetContracts } from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../access/access-policy.ts';
import { contractRoute } from '../http/contract-route.ts';
import { normalizeEmail } from '../identity/service.ts';
import { mailResetLink, resetEmailOf, resetPassword, type PasswordResetDeps } from './service.ts';

export function passwordResetRoutes(
  deps: PasswordResetDeps & { rateLimitPerMinute: number },
): FastifyPluginAsyncZod {
  return async (app) => {
    const pending = new Set<Promise<void>>();
    app.addHook('onClose', async () => {
      await Promise.allSettled(pending);
    });

    /**
     * Always answers 200 at once and looks the address up after answering, so that neither the
     * answer nor its timing tells whether an address has an account.
     */
    contractRoute(
      app,
      passwordResetContracts.request,
      {
        access: access.public,
        config: { rateLimit: { max: deps.rateLimitPerMinute, timeWindow: '1 minute' } },
      },
      (request) => {
        const email = normalizeEmail(request.body.email);
        const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
          .then(() => mailResetLink(deps, email))
          .catch((error: unknown) =>
            request.log.error({ err: error }, 'password reset mail failed'),
          )
          .finally(() => pending.delete(task));
        pending.add(task);
        return {};
      },
    );

    contractRoute(
      app,
      passwordResetContracts.verify,
      { access: access.public },
      async (request) => ({ email: await resetEmailOf(deps, request.query.token) }),
    );

    /** Sets the new password and ends every session of the member. */
    contractRoute(
      app,
      passwordResetContracts.update,
      { access: access.public },
      async (request) => {
        await resetPassword(deps, request.body);
        return {};
      },
    );
  };
}
