import { ERROR_WIRE_MESSAGES } from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../access/access-policy.ts';
import { loadAuthContext, shutOutBySuspension } from '../access/auth-context.ts';
import type { Database } from '../db/connection.ts';
import { forbidden, HttpError } from '../http/errors.ts';
import { isRevoked, useIdTokenOnce } from '../identity/token-revocation.ts';
import type { TokenService } from '../identity/tokens.ts';
import { loadMemberView } from '../members/member-view.ts';
import { SESSION_COOKIE, SESSION_MAX_AGE_SECONDS, type SessionStore } from './session-store.ts';

export function sessionRoutes(deps: {
  db: Database;
  tokens: TokenService;
  sessions: SessionStore;
  secureCookies: boolean;
}): FastifyPluginAsyncZod {
  const { db, tokens, sessions, secureCookies } = deps;
  return async (app) => {
    app.get(
      '/v2/csrf_token',
      { config: { access: access.public }, schema: { tags: ['session'] } },
      async (_request, reply) => ({
        csrfToken: reply.generateCsrf(),
      }),
    );

    /**
     * Exchanges an identity-provider ID token for a session. A token opens one session only, and
     * none once the member has set a new password after it was issued.
     */
    app.post(
      '/v2/login',
      { config: { access: access.public }, schema: { tags: ['session'] } },
      async (request, reply) => {
        const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
        const claims = bearer ? await tokens.verify(bearer) : null;
        if (!claims) throw new HttpError(401, ERROR_WIRE_MESSAGES.invalidToken);
        const member = await db
          .selectFrom('members as m')
          .innerJoin('identity_users as u', 'u.local_id', 'm.identity_user_id')
          .select(['m.id', 'u.disabled', 'u.token_generation', 'u.tokens_revoked_at'])
          .where('m.identity_user_id', '=', claims.sub)
          .executeTakeFirst();
        if (
          !member ||
          member.disabled ||
          isRevoked(claims, member) ||
          !(await useIdTokenOnce(db, claims))
        ) {
          throw new HttpError(401, ERROR_WIRE_MESSAGES.invalidToken);
        }
        const auth = await loadAuthContext(db, member.id);
        if (auth && shutOutBySuspension(auth)) {
          throw forbidden(ERROR_WIRE_MESSAGES.corporationSuspended);
        }

        const previous = request.cookies[SESSION_COOKIE];
        if (previous) await sessions.delete(previous);
        const sessionId = await sessions.create(member.id, request.headers['user-agent']);
        reply.setCookie(SESSION_COOKIE, sessionId, {
          path: '/',
          httpOnly: true,
          secure: secureCookies,
          sameSite: 'lax',
          maxAge: SESSION_MAX_AGE_SECONDS,
        });
        return loadMemberView(db, member.id);
      },
    );

    /**
     * Ends the session. The ID token that opened it has been used, so it opens no other; tokens of
     * the member's other devices stay valid (a new password revokes those).
     */
    app.delete(
      '/v2/logout',
      { config: { access: access.public }, schema: { tags: ['session'] } },
      async (request, reply) => {
        const sessionId = request.cookies[SESSION_COOKIE];
        if (sessionId) await sessions.delete(sessionId);
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return reply.code(204).send();
      },
    );
  };
}
