import {
  boundedText,
  ERROR_WIRE_MESSAGES,
  FIELD_LABELS,
  forgotPasswordSchema,
  linkToken,
  resetPasswordSchema,
  routePath,
} from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/connection.ts';
import { unauthorized } from '../http/errors.ts';
import { validate } from '../http/validation.ts';
import { normalizeEmail, type IdentityService } from '../identity/service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { passwordResetMail } from '../mail/templates.ts';
import type { SessionStore } from '../session/session-store.ts';
import { EMAIL_TOKEN_TTL_MS, type EmailTokens } from '../tokens/email-tokens.ts';
import { access } from '../access/access-policy.ts';

export function passwordResetRoutes(deps: {
  db: Database;
  mailer: Mailer;
  emailTokens: EmailTokens;
  identity: IdentityService;
  sessions: SessionStore;
  publicUrl: string;
  rateLimitPerMinute: number;
}): FastifyPluginAsyncZod {
  const { db, mailer, emailTokens, identity, sessions, publicUrl } = deps;
  /** Mails a reset link when the address belongs to a member; nothing otherwise. */
  async function mailResetLink(email: string) {
    const member = await db
      .selectFrom('members')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    if (!member) return;
    const token = await emailTokens.issue('password_reset', email);
    const link = `${publicUrl}${routePath('ResetPassword')}?token=${token}`;
    await mailer.send(passwordResetMail(email, link, EMAIL_TOKEN_TTL_MS.password_reset / 60_000));
  }

  return async (app) => {
    const pending = new Set<Promise<void>>();
    app.addHook('onClose', async () => {
      await Promise.allSettled(pending);
    });

    /**
     * Always answers 200 at once and looks the address up after answering, so that neither the
     * answer nor its timing tells whether an address has an account.
     */
    app.post(
      '/v2/reset_passwords',
      {
        config: {
          access: access.public,
          rateLimit: { max: deps.rateLimitPerMinute, timeWindow: '1 minute' },
        },
        schema: { tags: ['password-reset'], body: forgotPasswordSchema },
      },
      async (request) => {
        const email = normalizeEmail(request.body.email);
        const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
          .then(() => mailResetLink(email))
          .catch((error: unknown) =>
            request.log.error({ err: error }, 'password reset mail failed'),
          )
          .finally(() => pending.delete(task));
        pending.add(task);
        return {};
      },
    );

    app.get(
      '/v2/reset_passwords/verify',
      {
        config: { access: access.public },
        schema: {
          tags: ['password-reset'],
          querystring: z.object({ token: linkToken() }),
        },
      },
      async (request) => {
        const email = await emailTokens.emailOf('password_reset', request.query.token);
        if (!email) throw unauthorized(ERROR_WIRE_MESSAGES.tokenExpired);
        return { email };
      },
    );

    /** Sets the new password and ends every session of the member. */
    app.patch(
      '/v2/reset_passwords/update',
      {
        config: { access: access.public },
        schema: {
          tags: ['password-reset'],
          // The password rules need the e-mail of the token: they are checked in the handler.
          body: z.object({
            token: linkToken(),
            password: boundedText({ label: FIELD_LABELS.password }),
            rePassword: boundedText({ label: FIELD_LABELS.passwordConfirmation }),
          }),
        },
      },
      async (request) => {
        const { token, password, rePassword } = request.body;
        const email = await emailTokens.emailOf('password_reset', token);
        if (!email) throw unauthorized(ERROR_WIRE_MESSAGES.tokenExpired);
        validate(resetPasswordSchema(email), { password, rePassword });
        const member = await db
          .selectFrom('members')
          .select(['id', 'identity_user_id'])
          .where('email', '=', email)
          .executeTakeFirst();
        if (!member || !(await emailTokens.consume('password_reset', token))) {
          throw unauthorized(ERROR_WIRE_MESSAGES.tokenExpired);
        }
        await identity.setPassword(member.identity_user_id, password);
        await sessions.deleteAllOf(member.id);
        return {};
      },
    );
  };
}
