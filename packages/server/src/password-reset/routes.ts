import { forgotPasswordSchema, resetPasswordSchema, routePath } from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/connection.ts';
import { unauthorized } from '../http/errors.ts';
import { validate } from '../http/validation.ts';
import { normalizeEmail, type IdentityService } from '../identity/service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { passwordResetMail } from '../mail/templates.ts';
import type { SessionStore } from '../session/session-store.ts';
import { TOKEN_EXPIRED } from '../signup/routes.ts';
import { EMAIL_TOKEN_TTL_MS, type EmailTokens } from '../tokens/email-tokens.ts';

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
  return async (app) => {
    /** Always answers 200, so nobody learns from it whether an address has an account. */
    app.post(
      '/v2/reset_passwords',
      {
        config: { rateLimit: { max: deps.rateLimitPerMinute, timeWindow: '1 minute' } },
        schema: { tags: ['password-reset'], body: forgotPasswordSchema },
      },
      async (request) => {
        const email = normalizeEmail(request.body.email);
        const member = await db
          .selectFrom('members')
          .select('id')
          .where('email', '=', email)
          .executeTakeFirst();
        if (member) {
          const token = await emailTokens.issue('password_reset', email);
          const link = `${publicUrl}${routePath('ResetPassword')}?token=${token}`;
          await mailer.send(
            passwordResetMail(email, link, EMAIL_TOKEN_TTL_MS.password_reset / 60_000),
          );
        }
        return {};
      },
    );

    app.get(
      '/v2/reset_passwords/verify',
      {
        schema: {
          tags: ['password-reset'],
          querystring: z.object({ token: z.string().min(1).max(200) }),
        },
      },
      async (request) => {
        const email = await emailTokens.emailOf('password_reset', request.query.token);
        if (!email) throw unauthorized(TOKEN_EXPIRED);
        return { email };
      },
    );

    /** Sets the new password and ends every session of the member. */
    app.patch(
      '/v2/reset_passwords/update',
      {
        schema: {
          tags: ['password-reset'],
          body: z.object({
            token: z.string().min(1).max(200),
            password: z.string(),
            rePassword: z.string(),
          }),
        },
      },
      async (request) => {
        const { token, password, rePassword } = request.body;
        const email = await emailTokens.emailOf('password_reset', token);
        if (!email) throw unauthorized(TOKEN_EXPIRED);
        validate(resetPasswordSchema(email), { password, rePassword });
        const member = await db
          .selectFrom('members')
          .select(['id', 'identity_user_id'])
          .where('email', '=', email)
          .executeTakeFirst();
        if (!member || !(await emailTokens.consume('password_reset', token))) {
          throw unauthorized(TOKEN_EXPIRED);
        }
        await identity.setPassword(member.identity_user_id, password);
        await sessions.deleteAllOf(member.id);
        return {};
      },
    );
  };
}
