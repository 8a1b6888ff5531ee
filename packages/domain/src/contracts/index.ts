export * from './endpoint.ts';
export * from './health.ts';
export * from './members.ts';
export * from './analytics.ts';
export * from './maps.ts';
export * from './facility-standards.ts';
export * from './reports.ts';

import type { EndpointContract } from './endpoint.ts';
import { healthContracts } from './health.ts';
import { memberContracts } from './members.ts';
import { analysisContracts, analyticsContracts } from './analytics.ts';
import { mapsContracts } from './maps.ts';
import { facilityStandardsContracts } from './facility-standards.ts';
import { reportsContracts } from './reports.ts';

/** Every route of the API; the server's contract test checks each is registered once. */
export const API_CONTRACTS: readonly EndpointContract[] = [
  healthContracts,
  memberContracts,
  analyticsContracts,
  ...Object.values(analysisContracts),
  mapsContracts,
  facilityStandardsContracts,
  reportsContracts,
].flatMap((group) => Object.values(group));
