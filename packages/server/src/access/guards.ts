import {
  ERROR_WIRE_MESSAGES,
  isRouteAllowed,
  route,
  type RoleName,
  type RouteName,
} from '@pharmalytics/domain';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/connection.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import { SESSION_COOKIE, type SessionStore } from '../session/session-store.ts';
import { loadAuthContext } from './auth-context.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Needs a live session of a member whose corporation is not suspended. */
    requireMember: onRequestAsyncHookHandler;
    /** Needs a member whose plan and role the named route of the route table allows. */
    requireRoute: (name: RouteName) => onRequestAsyncHookHandler[];
    /** Needs a member with one of the roles. */
    requireRole: (...roles: RoleName[]) => onRequestAsyncHookHandler[];
  }
}

export const accessGuards = fp<{ db: Database; sessions: SessionStore }>(
  async (app: FastifyInstance, { db, sessions }) => {
    app.decorateRequest('auth', null as never);

    async function requireMember(request: FastifyRequest, reply: FastifyReply) {
      const sessionId = request.cookies[SESSION_COOKIE];
      const memberId = sessionId ? await sessions.memberIdOf(sessionId) : undefined;
      const auth = memberId ? await loadAuthContext(db, memberId) : undefined;
      if (!auth) {
        if (sessionId) reply.clearCookie(SESSION_COOKIE, { path: '/' });
        throw unauthorized();
      }
      if (auth.corporationSuspended) throw forbidden(ERROR_WIRE_MESSAGES.corporationSuspended);
      request.auth = auth;
    }

    app.decorate('requireMember', requireMember);
    app.decorate('requireRoute', (name: RouteName) => {
      const def = route(name);
      return [
        requireMember,
        async (request: FastifyRequest) => {
          if (!isRouteAllowed(def, request.auth.plan, request.auth.role)) throw forbidden();
        },
      ];
    });
    app.decorate('requireRole', (...roles: RoleName[]) => [
      requireMember,
      async (request: FastifyRequest) => {
        if (!roles.includes(request.auth.role)) throw forbidden();
      },
    ]);
  },
  { name: 'access-guards' },
);
