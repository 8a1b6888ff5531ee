import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { HEADER_NAMES, healthContracts, PRODUCT_NAME } from '@pharmalytics/domain';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { accessControl } from './access/access-control.ts';
import { access } from './access/access-policy.ts';
import { cookiesAreSecure, type Config } from './config.ts';
import { analysisRoutes } from './analytics/analysis-routes.ts';
import { dashboardRoutes } from './analytics/dashboard-routes.ts';
import { MetricCache } from './analytics/metric-cache.ts';
import { scorecardRoutes } from './analytics/scorecard/scorecard-routes.ts';
import { closingClientErrorHandler } from './http/client-errors.ts';
import { AnalyticsReplica } from './analytics/replica/analytics-replica.ts';
import { scheduleMonthlyReports } from './reports/monthly-reports.ts';
import { reportRoutes } from './reports/routes.ts';
import { corporationRoutes } from './corporations/routes.ts';
import type { Database } from './db/connection.ts';
import { deviceRoutes } from './devices/routes.ts';
import { API_COMPRESSION } from './http/compression.ts';
import { contractRoute } from './http/contract-route.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { serveWebApp } from './http/web-app.ts';
import { identityRoutes } from './identity/routes.ts';
import { ingestionRoutes } from './ingestion/routes.ts';
import { invitationRoutes } from './invitations/routes.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { passwordResetRoutes } from './password-reset/routes.ts';
import { profileRoutes } from './profile/routes.ts';
import { signUpRoutes } from './signup/routes.ts';
import { EmailTokens } from './tokens/email-tokens.ts';
import { SecretBox } from './tokens/secret-box.ts';
import { IdentityService } from './identity/service.ts';
import { TokenService } from './identity/tokens.ts';
import { geocodingRoutes } from './geocoding/routes.ts';
import { mapSettingsRoutes } from './maps/map-settings-routes.ts';
import { memberAdminRoutes } from './members/admin-routes.ts';
import { manualRoutes } from './manuals/routes.ts';
import { marketShareRoutes } from './maps/market-share-routes.ts';
import { facilityRoutes, patientDistributionRoutes } from './maps/index.ts';
import {
  facilityAlertRoutes,
  facilityJudgementRoutes,
  facilityMeasureRoutes,
  facilityStandardRoutes,
} from './facility-standards/index.ts';
import { memberRoutes } from './members/routes.ts';
import { prefectureRoutes } from './prefectures/routes.ts';
import type { Secrets } from './secrets.ts';
import { sessionRoutes } from './session/routes.ts';
import { SessionStore } from './session/session-store.ts';
import { storeRoutes } from './stores/routes.ts';

export interface AppDeps {
  config: Config;
  db: Database;
  secrets: Secrets;
  logger?: FastifyServerOptions['logger'];
  /** Replaces the configured mailer (SMTP or outbox). */
  mailer?: Mailer;
}

const PAGE_URL_HEADER = HEADER_NAMES.pageUrl.toLowerCase();

/** Builds the whole server: identity service, session, settings and analytics APIs, web app. */
export async function buildApp({
  config,
  db,
  secrets,
  logger = false,
  mailer: givenMailer,
}: AppDeps) {
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    // One line per request is written by the onResponse hook below instead.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    clientErrorHandler: closingClientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  // One line per request with the page the browser was on, which the web app sends as a header.
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        pageUrl: request.headers[PAGE_URL_HEADER],
      },
      'request',
    );
  });

  const secureCookies = cookiesAreSecure(config);
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
  await app.register(fastifyCookie, { secret: secrets.cookieSecret });
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
  const sessions = new SessionStore(db);
  await app.register(fastifyRateLimit, { global: false });
  await app.register(accessControl, {
    db,
    sessions,
    devices: { rateLimitPerMinute: config.identityRateLimit, lockout: config.lockout },
  });
  await app.register(fastifySwagger, {
    openapi: { info: { title: `${PRODUCT_NAME} API`, version: '2' } },
    transform: jsonSchemaTransform,
  });
  // The API documentation is public, declared here as the plugin's routes declare nothing.
  await app.register(async (docs) => {
    docs.addHook('onRoute', (options) => {
      options.config = { ...options.config, access: access.public };
    });
    await docs.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  });

  const tokens = TokenService.create({
    issuer: config.identityIssuer ?? `${config.publicUrl}/identity`,
    privateJwk: secrets.identityPrivateJwk,
    externalJwksUrl: config.identityJwksUrl,
  });
  const identity = new IdentityService(db, config.lockout);
  const emailTokens = new EmailTokens(db);
  const box = new SecretBox(secrets.dataKey);
  const mailer =
    givenMailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: `${config.dataDir}/mail`,
      log: app.log,
    });
  const { publicUrl } = config;
  const rateLimitPerMinute = config.identityRateLimit;

  await app.register(identityRoutes({ identity, tokens, rateLimitPerMinute }));
  await app.register(sessionRoutes({ db, tokens, sessions, secureCookies }));
  await app.register(memberRoutes({ db }));
  await app.register(prefectureRoutes({ db }));
  await app.register(memberAdminRoutes({ db }));
  await app.register(storeRoutes({ db, box, identity }));
  await app.register(geocodingRoutes({ db }));
  await app.register(mapSettingsRoutes(config.mapTiles));
  await app.register(manualRoutes());
  await app.register(ingestionRoutes({ db, dataDir: config.dataDir, rateLimitPerMinute }));
  await app.register(deviceRoutes({ db }));
  await app.register(corporationRoutes({ db }));
  const replica = config.analytics.replica
    ? await AnalyticsReplica.open({
        db,
        dataDir: config.dataDir,
        ...config.analytics,
        log: app.log,
      })
    : undefined;
  if (replica) app.addHook('onClose', () => replica.close());
  const metrics = new MetricCache(db, { replica, replicaWaitMs: config.analytics.waitMs });
  await app.register(dashboardRoutes({ db, metrics }));
  await app.register(analysisRoutes({ db, metrics }));
  await app.register(scorecardRoutes({ db, metrics }));
  await app.register(marketShareRoutes({ db, metrics }));
  await app.register(patientDistributionRoutes({ db, metrics }));
  await app.register(facilityRoutes({ db }));
  await app.register(facilityStandardRoutes({ db }));
  await app.register(facilityMeasureRoutes({ db, metrics }));
  await app.register(facilityJudgementRoutes({ db, metrics }));
  await app.register(facilityAlertRoutes({ db, metrics }));
  const reports = { db, mailer, metrics, publicUrl, secret: secrets.cookieSecret };
  await app.register(reportRoutes(reports));
  const monthly = scheduleMonthlyReports(reports, (error) =>
    app.log.error({ err: error }, 'monthly dashboard reports failed'),
  );
  app.addHook('onClose', async () => monthly.stop());
  await app.register(signUpRoutes({ db, mailer, emailTokens, publicUrl, rateLimitPerMinute }));
  await app.register(
    passwordResetRoutes({
      db,
      mailer,
      emailTokens,
      identity,
      sessions,
      publicUrl,
      rateLimitPerMinute,
    }),
  );
  await app.register(invitationRoutes({ db, mailer, publicUrl }));
  await app.register(profileRoutes({ db, identity, sessions }));

  const health = { access: access.public };
  contractRoute(app, healthContracts.live, health, async () => ({ status: 'ok' as const }));
  contractRoute(app, healthContracts.ready, health, async (_request, reply) => {
    try {
      await db.selectFrom('prefectures').select('id').limit(1).execute();
      return { status: 'ok' as const };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  await serveWebApp(app, config.webDist);
  return Object.assign(app, { services: { identity, tokens, sessions, mailer, metrics, replica } });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
