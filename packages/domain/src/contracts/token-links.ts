import { z } from 'zod';
import { linkToken } from '../schemas/primitives.ts';

/** The token of a mailed link (sign-up verification, password reset, invitation). */
export const linkTokenQuerySchema = z.object({ token: linkToken() });

/**
 * What the check of a mailed link answers while the link is usable: the address it was sent to.
 * A link that has expired or was used is refused with 401; one whose address already has an
 * account with 409.
 */
export const verifiedLinkSchema = z.object({ email: z.string() });
export type VerifiedLink = z.infer<typeof verifiedLinkSchema>;
