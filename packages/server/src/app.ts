import { HEADER_NAMES } from '@pharmalytics/domain';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { accessControl } from './access/access-control.ts';
import { MetricCache } from './analytics/metric-cache.ts';
import { AnalyticsReplica } from './analytics/replica/analytics-replica.ts';
import { CallAbandoned, callSignals } from './analytics/statement-queue.ts';
import { cookiesAreSecure, type Config } from './config.ts';
import type { Database } from './db/connection.ts';
import { FEATURES, type FeatureDeps } from './features.ts';
import { closingClientErrorHandler } from './http/client-errors.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { registerInfrastructure } from './http/infrastructure.ts';
import { serveWebApp } from './http/web-app.ts';
import { IdentityService } from './identity/service.ts';
import { TokenService } from './identity/tokens.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { scheduleMonthlyReports } from './reports/monthly-reports.ts';
import type { Secrets } from './secrets.ts';
import { SessionStore } from './session/session-store.ts';
import { EmailTokens } from './tokens/email-tokens.ts';
import { SecretBox } from './tokens/secret-box.ts';

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
  // Each call's analytics run with a signal aborted when its client closes the connection before
  // the answer: their statements then leave the replica's queue or are interrupted. Only reads:
  // work a change started (a report mail) finishes whether or not its caller waits. Watched from
  // the call's first hook: a client that leaves while its sign-in is still being checked has its
  // call start nothing afterwards.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET') return done();
    const controller = new AbortController();
    const abandon = () => {
      if (!reply.raw.writableEnded) controller.abort(new CallAbandoned());
    };
    reply.raw.once('close', abandon);
    if (request.raw.socket?.destroyed) abandon();
    callSignals.run(controller.signal, done);
  });

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

  // Plugins load in three tiers: infrastructure, access, then every feature's routes.
  const secureCookies = cookiesAreSecure(config);
  await registerInfrastructure(app, { config, cookieSecret: secrets.cookieSecret, secureCookies });
  const sessions = new SessionStore(db);
  await app.register(accessControl, {
    db,
    sessions,
    devices: { rateLimitPerMinute: config.identityRateLimit, lockout: config.lockout },
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
  const deps: FeatureDeps = {
    db,
    sessions,
    identity,
    tokens,
    emailTokens,
    box,
    mailer,
    metrics,
    publicUrl: config.publicUrl,
    secret: secrets.cookieSecret,
    secureCookies,
    dataDir: config.dataDir,
    rateLimitPerMinute: config.identityRateLimit,
    mapTiles: config.mapTiles,
  };
  for (const feature of FEATURES) await app.register(feature(deps));

  const monthly = scheduleMonthlyReports(deps, (error) =>
    app.log.error({ err: error }, 'monthly dashboard reports failed'),
  );
  app.addHook('onClose', async () => monthly.stop());

  await serveWebApp(app, config.webDist, config.webAppBuilding);
  return Object.assign(app, { services: { identity, tokens, sessions, mailer, metrics, replica } });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
