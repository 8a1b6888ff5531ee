export * from './endpoint.ts';
export * from './health.ts';
export * from './members.ts';
export * from './corporations.ts';
export * from './devices.ts';
export * from './geocoding.ts';
export * from './ingestion.ts';
export * from './manuals.ts';
export * from './member-admin.ts';
export * from './prefectures.ts';
export * from './stores.ts';

import type { EndpointContract } from './endpoint.ts';
import { healthContracts } from './health.ts';
import { memberContracts } from './members.ts';
import { corporationContracts } from './corporations.ts';
import { deviceContracts } from './devices.ts';
import { geocodingContracts } from './geocoding.ts';
import { ingestionContracts } from './ingestion.ts';
import { manualContracts } from './manuals.ts';
import { memberAdminContracts } from './member-admin.ts';
import { prefectureContracts } from './prefectures.ts';
import { storeContracts } from './stores.ts';

/** Every route of the API; the server's contract test checks each is registered once. */
export const API_CONTRACTS: readonly EndpointContract[] = [
  healthContracts,
  memberContracts,
  corporationContracts,
  deviceContracts,
  geocodingContracts,
  ingestionContracts,
  manualContracts,
  memberAdminContracts,
  prefectureContracts,
  storeContracts,
].flatMap((group) => Object.values(group));
