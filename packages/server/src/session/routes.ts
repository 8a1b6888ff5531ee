import { ERROR_WIRE_MESSAGES } from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadAuthContext } from '../access/auth-context.ts';
import type { Database } from '../db/connection.ts';
import { forbidden, HttpError } from '../http/errors.ts';
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
    app.get('/v2/csrf_token', { schema: { tags: ['session'] } }, async (_request, reply) => ({
      csrfToken: reply.generateCsrf(),
    }));

    /** Exchanges an identity-provider ID token for a session. */
    app.post('/v2/login', { schema: { tags: ['session'] } }, async (request, reply) => {
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      const claims = bearer ? await tokens.verify(bearer) : null;
      if (!claims) throw new HttpError(401, ERROR_WIRE_MESSAGES.invalidToken);
      const member = await db
        .selectFrom('members as m')
        .innerJoin('identity_users as u', 'u.local_id', 'm.identity_user_id')
        .select(['m.id', 'u.disabled', 'u.password_changed_at'])
        .where('m.identity_user_id', '=', claims.sub)
        .executeTakeFirst();
      // A token issued before the last password change belongs to the old password.
      if (
        !member ||
        member.disabled ||
        claims.iat < Math.floor(member.password_changed_at.getTime() / 1000)
      ) {
        throw new HttpError(401, ERROR_WIRE_MESSAGES.invalidToken);
      }
      const auth = await loadAuthContext(db, member.id);
      if (auth?.corporationSuspended) throw forbidden(ERROR_WIRE_MESSAGES.corporationSuspended);

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
    });

    app.delete('/v2/logout', { schema: { tags: ['session'] } }, async (request, reply) => {
      const sessionId = request.cookies[SESSION_COOKIE];
      if (sessionId) await sessions.delete(sessionId);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.code(204).send();
    });
  };
}
