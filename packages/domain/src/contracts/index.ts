export * from './endpoint.ts';
export * from './health.ts';
export * from './members.ts';

import type { EndpointContract } from './endpoint.ts';
import { healthContracts } from './health.ts';
import { memberContracts } from './members.ts';

/** Every route of the API; the server's contract test checks each is registered once. */
export const API_CONTRACTS: readonly EndpointContract[] = [
  healthContracts,
  memberContracts,
].flatMap((group) => Object.values(group));
