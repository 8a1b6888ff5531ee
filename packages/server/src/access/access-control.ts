import { can, ERROR_WIRE_MESSAGES, isRouteAllowed, route } from '@pharmalytics/domain';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/connection.ts';
import { forbidden, HttpError, unauthorized } from '../http/errors.ts';
import type { LockoutPolicy } from '../identity/sign-in-failures.ts';
import type { DeviceIdentity } from '../ingestion/device-auth.ts';
import { deviceSignIn } from '../ingestion/device-sign-in.ts';
import { SESSION_COOKIE, type SessionStore } from '../session/session-store.ts';
import type { Access } from './access-policy.ts';
import { shutOutBySuspension, type AuthContext } from './auth-context.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext;
    device: DeviceIdentity;
  }
  interface FastifyInstance {
    /** Every route with its declared access, for the access matrix and the docs. */
    declaredRoutes: () => readonly DeclaredRoute[];
  }
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access | undefined;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether the anti-forgery token is checked: on every unsafe method of a cookie-reading route. */
export function needsCsrfToken(method: string, access: Access): boolean {
  return UNSAFE_METHODS.has(method) && (access.kind === 'public' || access.kind === 'member');
}

/**
 * The one place that decides who may call what. Each route declares its access in its config;
 * this hook refuses anything undeclared, checks the anti-forgery token on every unsafe method
 * of a route that reads cookies (whatever the path looks like), then the session, the
 * corporation's status, the capability (the domain's `can`) or the route table's plans and roles,
 * or the uploader's credentials.
 * Every answer of the API is marked not to be stored by caches.
 */
export const accessControl = fp<{
  db: Database;
  sessions: SessionStore;
  /** The uploader's sign-in is throttled as the members' is (IDENTITY_RATE_LIMIT, lockout). */
  devices: { rateLimitPerMinute: number; lockout: LockoutPolicy };
}>(
  async (app: FastifyInstance, { db, sessions, devices }) => {
    const signInDevice = deviceSignIn(app, { db, ...devices });
    app.decorateRequest('auth', null as never);
    app.decorateRequest('device', null as never);

    const routes: RouteOptions[] = [];
    app.addHook('onRoute', (options) => {
      routes.push(options);
    });
    const declaredRoutes = () =>
      routes.flatMap((r) =>
        [r.method].flat().map((method) => ({ method, url: r.url, access: r.config?.access })),
      );
    app.decorate('declaredRoutes', declaredRoutes);
    app.addHook('onReady', async () => {
      const undeclared = declaredRoutes().filter((r) => !r.access);
      if (undeclared.length > 0) {
        const list = undeclared.map((r) => `${r.method} ${r.url}`).join(', ');
        throw new Error(`Routes without a declared access: ${list}`);
      }
    });

    async function admit(request: FastifyRequest, access: Access) {
      switch (access.kind) {
        case 'public':
        case 'cookieless':
          return;
        case 'device': {
          request.device = await signInDevice(request);
          return;
        }
        case 'member': {
          const sessionId = request.cookies[SESSION_COOKIE];
          const auth = sessionId ? await sessions.authContextOf(sessionId) : undefined;
          if (!auth) throw unauthorized();
          if (shutOutBySuspension(auth)) throw forbidden(ERROR_WIRE_MESSAGES.corporationSuspended);
          const allowed =
            (!access.capability || can(auth, access.capability)) &&
            (!access.route ||
              [access.route]
                .flat()
                .some((name) => isRouteAllowed(route(name), auth.plan, auth.role))) &&
            (!access.roles || access.roles.includes(auth.role)) &&
            (!access.plans || access.plans.includes(auth.plan));
          if (!allowed) throw forbidden(access.refusal);
          request.auth = auth;
        }
      }
    }

    app.addHook('onRequest', (request, reply, done) => {
      // Unknown paths go on to the not-found handler.
      if (request.is404) return done();
      const access = request.routeOptions.config.access;
      if (!access) return done(forbidden());
      const proceed = () => {
        admit(request, access).then(
          () => done(),
          (error: unknown) => {
            // A stale session cookie is dropped with the refusal.
            const stale = error instanceof HttpError && error.statusCode === 401;
            if (stale && access.kind === 'member' && request.cookies[SESSION_COOKIE])
              reply.clearCookie(SESSION_COOKIE, { path: '/' });
            done(error as Error);
          },
        );
      };
      if (needsCsrfToken(request.method, access)) app.csrfProtection(request, reply, proceed);
      else proceed();
    });

    app.addHook('onSend', async (_request, reply, payload) => {
      if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
      return payload;
    });
  },
  { name: 'access-control', dependencies: ['@fastify/csrf-protection', '@fastify/rate-limit'] },
);
