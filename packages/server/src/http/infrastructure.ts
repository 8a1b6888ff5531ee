import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { HEADER_NAMES, PRODUCT_NAME } from '@pharmalytics/domain';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { access } from '../access/access-policy.ts';
import type { Config } from '../config.ts';
import { API_COMPRESSION } from './compression.ts';

/**
 * The first tier: the plugins every route stands on and that declare no route of their own
 * (security headers, compression, cookies, the anti-forgery token, rate limits, the OpenAPI
 * document). The access tier comes next, then the features.
 */
export async function registerInfrastructure(
  app: FastifyInstance,
  {
    config,
    cookieSecret,
    secureCookies,
  }: { config: Config; cookieSecret: string; secureCookies: boolean },
): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'connect-src': ["'self'", 'https:'],
        'worker-src': ["'self'", 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'upgrade-insecure-requests': config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    hsts: config.publicUrl.startsWith('https:'),
  });
  await app.register(fastifyCompress, API_COMPRESSION);
  await app.register(fastifyCookie, { secret: cookieSecret });
  await app.register(fastifyCsrf, {
    cookieKey: 'pl_csrf',
    cookieOpts: {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookies,
      signed: true,
    },
    getToken: (request) => request.headers[HEADER_NAMES.csrf.toLowerCase()] as string | undefined,
  });
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifySwagger, {
    openapi: { info: { title: `${PRODUCT_NAME} API`, version: '2' } },
    transform: jsonSchemaTransform,
  });
}

/** The API documentation's pages: public, declared here as the plugin's routes declare nothing. */
export function apiDocsRoutes(): FastifyPluginAsync {
  return async (docs) => {
    docs.addHook('onRoute', (options) => {
      options.config = { ...options.config, access: access.public };
    });
    await docs.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  };
}
