import type { MapSettings } from '@pharmalytics/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analysisRoutes } from './analytics/analysis-routes.ts';
import { dashboardRoutes } from './analytics/dashboard-routes.ts';
import type { MetricCache } from './analytics/metric-cache.ts';
import { scorecardRoutes } from './analytics/scorecard/scorecard-routes.ts';
import { corporationRoutes } from './corporations/routes.ts';
import type { Database } from './db/connection.ts';
import { deviceRoutes } from './devices/routes.ts';
import {
  facilityAlertRoutes,
  facilityJudgementRoutes,
  facilityMeasureRoutes,
  facilityStandardRoutes,
} from './facility-standards/index.ts';
import { geocodingRoutes } from './geocoding/routes.ts';
import { healthRoutes } from './http/health-routes.ts';
import { apiDocsRoutes } from './http/infrastructure.ts';
import { identityRoutes } from './identity/routes.ts';
import type { IdentityService } from './identity/service.ts';
import type { TokenService } from './identity/tokens.ts';
import { ingestionRoutes } from './ingestion/routes.ts';
import { invitationRoutes } from './invitations/routes.ts';
import type { Mailer } from './mail/mailer.ts';
import { manualRoutes } from './manuals/routes.ts';
import { exportRoutes } from './exports/routes.ts';
import { facilityRoutes, patientDistributionRoutes } from './maps/index.ts';
import { mapSettingsRoutes } from './maps/map-settings-routes.ts';
import { marketShareRoutes } from './maps/market-share-routes.ts';
import { memberAdminRoutes } from './members/admin-routes.ts';
import { memberRoutes } from './members/routes.ts';
import { passwordResetRoutes } from './password-reset/routes.ts';
import { prefectureRoutes } from './prefectures/routes.ts';
import { profileRoutes } from './profile/routes.ts';
import { prescriberChangeRoutes } from './prescriber-changes/routes.ts';
import { reportRoutes } from './reports/routes.ts';
import { retentionRoutes } from './retention/routes.ts';
import { sessionRoutes } from './session/routes.ts';
import type { SessionStore } from './session/session-store.ts';
import { signUpRoutes } from './sign-up/routes.ts';
import { storeRoutes } from './stores/routes.ts';
import type { EmailTokens } from './tokens/email-tokens.ts';
import type { SecretBox } from './tokens/secret-box.ts';

/** The services the features' routes are built with (each takes the ones it names). */
export interface FeatureDeps {
  db: Database;
  sessions: SessionStore;
  identity: IdentityService;
  tokens: TokenService;
  emailTokens: EmailTokens;
  box: SecretBox;
  mailer: Mailer;
  metrics: MetricCache;
  publicUrl: string;
  /** Key of the report mail's unsubscribe links. */
  secret: string;
  secureCookies: boolean;
  dataDir: string;
  rateLimitPerMinute: number;
  mapTiles: MapSettings;
}

type Feature = (deps: FeatureDeps) => FastifyPluginAsyncZod | FastifyPluginAsync;

/**
 * The third tier: every feature's routes, registered in this order after the infrastructure and
 * the access tiers (so each route's declared access is enforced). One line a feature.
 */
export const FEATURES: readonly Feature[] = [
  apiDocsRoutes,
  identityRoutes,
  sessionRoutes,
  memberRoutes,
  prefectureRoutes,
  memberAdminRoutes,
  storeRoutes,
  geocodingRoutes,
  (deps) => mapSettingsRoutes(deps.mapTiles),
  manualRoutes,
  ingestionRoutes,
  deviceRoutes,
  corporationRoutes,
  dashboardRoutes,
  analysisRoutes,
  scorecardRoutes,
  exportRoutes,
  marketShareRoutes,
  patientDistributionRoutes,
  retentionRoutes,
  prescriberChangeRoutes,
  facilityRoutes,
  facilityStandardRoutes,
  facilityMeasureRoutes,
  facilityJudgementRoutes,
  facilityAlertRoutes,
  reportRoutes,
  signUpRoutes,
  passwordResetRoutes,
  invitationRoutes,
  profileRoutes,
  healthRoutes,
];
