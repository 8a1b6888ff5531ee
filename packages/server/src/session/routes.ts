import { sessionContracts } from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../access/access-policy.ts';
import type { Database } from '../db/connection.ts';
import { contractRoute } from '../http/contract-route.ts';
import type { TokenService } from '../identity/tokens.ts';
import { loadMemberView } from '../members/member-view-queries.ts';
import { memberOfIdToken } from './service.ts';
import { SESSION_COOKIE, SESSION_MAX_AGE_SECONDS, type SessionStore } from './session-store.ts';

export function sessionRoutes(deps: {
  db: Database;
  tokens: TokenService;
  sessions: SessionStore;
  secureCookies: boolean;
}): FastifyPluginAsyncZod {
  const { db, tokens, sessions, secureCookies } = deps;
  return async (app) => {
    contractRoute(
      app,
      sessionContracts.csrfToken,
      { access: access.public },
      (_request, reply) => ({
        csrfToken: reply.generateCsrf(),
      }),
    );

    /**
     * Exchanges an identity-provider ID token for a session. A token opens one session only, and
     * none once the member has set a new password after it was issued.
     */
    contractRoute(
      app,
      sessionContracts.login,
      { access: access.public },
      async (request, reply) => {
        const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
        const memberId = await memberOfIdToken(db, tokens, bearer);
        const previous = request.cookies[SESSION_COOKIE];
        if (previous) await sessions.delete(previous);
        const sessionId = await sessions.create(memberId, request.headers['user-agent']);
        reply.setCookie(SESSION_COOKIE, sessionId, {
          path: '/',
          httpOnly: true,
          secure: secureCookies,
          sameSite: 'lax',
          maxAge: SESSION_MAX_AGE_SECONDS,
        });
        return (await loadMemberView(db, memberId))!;
      },
    );

    /**
     * Ends the session. The ID token that opened it has been used, so it opens no other; tokens of
     * the member's other devices stay valid (a new password revokes those).
     */
    contractRoute(
      app,
      sessionContracts.logout,
      { access: access.public },
      async (request, reply) => {
        const sessionId = request.cookies[SESSION_COOKIE];
        if (sessionId) await sessions.delete(sessionId);
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return reply.code(204).send();
      },
    );
  };
}
