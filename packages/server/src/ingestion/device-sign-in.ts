import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/connection.ts';
import { HttpError } from '../http/errors.ts';
import { DeviceSignInFailures, type LockoutPolicy } from '../identity/sign-in-failures.ts';
import {
  authenticateDevice,
  basicCredentials,
  INVALID_DEVICE_CREDENTIALS,
  type DeviceIdentity,
} from './device-auth.ts';

/** The refusal of a locked user name, with the code sign-in answers for a locked address. */
export const DEVICE_LOCKED = 'TOO_MANY_ATTEMPTS_TRY_LATER';

/** Longer names are no store's user name: failing with one counts for the address only. */
const MAX_COUNTED_USER_NAME = 200;

/**
 * The uploader's sign-in (HTTP Basic), throttled as the sign-in of members is: failed attempts
 * count per client address (IDENTITY_RATE_LIMIT a minute, after which every uploader call from
 * the address answers 429 until the minute is over) and per user name (LOCKOUT_ATTEMPTS
 * consecutive failures lock the name for LOCKOUT_MINUTES, during which even the right key answers
 * 429 TOO_MANY_ATTEMPTS_TRY_LATER). A right key clears the name's count. 429 tells the uploader to
 * try again later, where 401 would stop it and 400 would drop the file.
 */
export function deviceSignIn(
  app: FastifyInstance,
  deps: { db: Database; rateLimitPerMinute: number; lockout: LockoutPolicy },
): (request: FastifyRequest) => Promise<DeviceIdentity> {
  const failures = new DeviceSignInFailures(deps.db, deps.lockout);
  // One allowance per address for the failures of all uploader calls, apart from the routes' own.
  const addressFailures = app.createRateLimit({
    max: deps.rateLimitPerMinute,
    timeWindow: '1 minute',
  });
  const rateLimited = (ttlInSeconds: number) =>
    new HttpError(429, `Rate limit exceeded, retry in ${Math.max(1, ttlInSeconds)} seconds`);

  return async (request) => {
    const seen = await addressFailures(request, { increment: false });
    if (!seen.isAllowed && seen.isExceeded) throw rateLimited(seen.ttlInSeconds);

    const userName = basicCredentials(request.headers.authorization)?.userName;
    const counted = userName !== undefined && userName.length <= MAX_COUNTED_USER_NAME;
    if (counted && (await failures.isLocked(userName))) throw new HttpError(429, DEVICE_LOCKED);

    const device = await authenticateDevice(deps.db, request.headers.authorization);
    if (device) {
      // Failures that ended while the key was checked may have locked the name meanwhile.
      if (!(await failures.clear(device.userName))) throw new HttpError(429, DEVICE_LOCKED);
      return device;
    }
    const locked = counted && (await failures.record(userName));
    const count = await addressFailures(request);
    if (!count.isAllowed && count.isExceeded) throw rateLimited(count.ttlInSeconds);
    if (locked) throw new HttpError(429, DEVICE_LOCKED);
    throw new HttpError(401, INVALID_DEVICE_CREDENTIALS);
  };
}
