import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import type { Access } from '../access/access-policy.ts';

export interface CataloguedRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  access: Access | undefined;
  /** Registered from an endpoint contract of the domain package. */
  contract: boolean;
  /** The largest body the route takes (its own limit, else the server's). */
  bodyLimit: number;
}

/** Fastify publishes every new instance here before anything is registered on it. */
const INITIALIZATION_CHANNEL = 'fastify.initialization';

/**
 * Records the routes of every Fastify app built while it listens (method, url, schema and
 * declared access), so tests walk the real route table: a route added later is in it too.
 * Fastify's HEAD twins of GET routes are left out. Call `stop` once the app is built.
 */
export function recordRoutes(): { routes: () => CataloguedRoute[]; stop: () => void } {
  const options: { route: RouteOptions; serverBodyLimit: number }[] = [];
  const onInitialization = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route) => {
      options.push({ route, serverBodyLimit: fastify.initialConfig.bodyLimit! });
    });
  };
  subscribe(INITIALIZATION_CHANNEL, onInitialization);
  return {
    // Read when asked: later onRoute hooks (such as the docs' access declaration) have run by then.
    routes: () =>
      options.flatMap(({ route, serverBodyLimit }) =>
        [route.method]
          .flat()
          .filter((method) => method !== 'HEAD')
          .map((method) => ({
            method,
            url: route.url,
            schema: route.schema,
            access: route.config?.access,
            contract: route.config?.contract === true,
            bodyLimit: route.bodyLimit ?? serverBodyLimit,
          })),
      ),
    stop: () => unsubscribe(INITIALIZATION_CHANNEL, onInitialization),
  };
}
