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

import type { EndpointContract } from './endpoint.ts';
import { healthContracts } from './health.ts';
import { memberContracts } from './members.ts';
import { identityContracts } from './identity.ts';
import { sessionContracts } from './session.ts';
import { signUpContracts } from './sign-up.ts';
import { passwordResetContracts } from './password-reset.ts';
import { invitationContracts } from './invitations.ts';
import { profileContracts } from './profile.ts';

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
].flatMap((group) => Object.values(group));
