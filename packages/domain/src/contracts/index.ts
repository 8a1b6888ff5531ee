export * from './endpoint.ts';
export * from './health.ts';
export * from './members.ts';
export * from './identity.ts';
export * from './session.ts';
export * from './sign-up.ts';
export * from './password-reset.ts';
export * from './invitations.ts';
export * from './profile.ts';
export * from './token-links.ts';
export * from './corporations.ts';
export * from './devices.ts';
export * from './geocoding.ts';
export * from './ingestion.ts';
export * from './manuals.ts';
export * from './member-admin.ts';
export * from './prefectures.ts';
export * from './stores.ts';
export * from './analytics.ts';
export * from './maps.ts';
export * from './facility-standards.ts';
export * from './reports.ts';
export * from './exports.ts';
export * from './retention.ts';

import type { EndpointContract } from './endpoint.ts';
import { healthContracts } from './health.ts';
import { memberContracts } from './members.ts';
import { identityContracts } from './identity.ts';
import { sessionContracts } from './session.ts';
import { signUpContracts } from './sign-up.ts';
import { passwordResetContracts } from './password-reset.ts';
import { invitationContracts } from './invitations.ts';
import { profileContracts } from './profile.ts';
import { corporationContracts } from './corporations.ts';
import { deviceContracts } from './devices.ts';
import { geocodingContracts } from './geocoding.ts';
import { ingestionContracts } from './ingestion.ts';
import { manualContracts } from './manuals.ts';
import { memberAdminContracts } from './member-admin.ts';
import { prefectureContracts } from './prefectures.ts';
import { storeContracts } from './stores.ts';
import { analysisContracts, analyticsContracts } from './analytics.ts';
import { mapsContracts } from './maps.ts';
import { facilityStandardsContracts } from './facility-standards.ts';
import { reportsContracts } from './reports.ts';
import { analysisXlsxContracts, exportContracts } from './exports.ts';
import { prescriberChangesContracts, retentionContracts } from './retention.ts';

/** Every route of the API; the server's contract test checks each is registered once. */
export const API_CONTRACTS: readonly EndpointContract[] = [
  healthContracts,
  memberContracts,
  identityContracts,
  sessionContracts,
  signUpContracts,
  passwordResetContracts,
  invitationContracts,
  profileContracts,
  corporationContracts,
  deviceContracts,
  geocodingContracts,
  ingestionContracts,
  manualContracts,
  memberAdminContracts,
  prefectureContracts,
  storeContracts,
  analyticsContracts,
  ...Object.values(analysisContracts),
  mapsContracts,
  facilityStandardsContracts,
  reportsContracts,
  exportContracts,
  analysisXlsxContracts,
  retentionContracts,
  prescriberChangesContracts,
].flatMap((group) => Object.values(group));
