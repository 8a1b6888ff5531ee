import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { deviceCredentials } from '../testing/upload.ts';
import { DEVICE_LOCKED } from './device-sign-in.ts';

let t: TestApp;
beforeAll(async () => {
  // The loopback client stands for a proxy, so X-Forwarded-For names the calling address.
  t = await startTestApp({
    env: { IDENTITY_RATE_LIMIT: '5', LOCKOUT_ATTEMPTS: '3', TRUST_PROXY: '127.0.0.1' },
  });
});
afterAll(() => t.close());

const basic = (user: string, key: string) =>
  `Basic ${Buffer.from(`${user}:${key}`).toString('base64')}`;

/** An uploader call from the given address. */
async function call(address: string, user: string, key: string, path = '/uploader/v1/contact') {
  const response = await fetch(`${t.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      authorization: basic(user, key),
      'x-forwarded-for': address,
      ...(path.endsWith('/files')
        ? { 'content-type': 'application/octet-stream', 'x-file-name': 'a.csv' }
        : {}),
    },
    body: path.endsWith('/files') ? 'x' : undefined,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the uploader sign-in is throttled as the members sign-in is', () => {
  it('answers wrong keys from one address with 429 past the rate limit, on every uploader call', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      // Another user name each time, so that no name is locked: the address alone counts.
      const path = i % 2 ? '/uploader/v1/files' : '/uploader/v1/contact';
      statuses.push((await call('192.0.2.1', `store-9${i}`, 'wrong-key', path)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // Even the right key of a store gets no answer about it from that address now.
    const own = await deviceCredentials(t, '1001');
    expect((await call('192.0.2.1', own.user, own.key)).status).toBe(429);
    // Another store's uploader from another address is not held up.
    const other = await deviceCredentials(t, '1002');
    expect(await call('192.0.2.2', other.user, other.key)).toMatchObject({ status: 200 });
  });

  it('locks a user name after consecutive wrong keys, even for the right key, as sign-in does', async () => {
    const own = await deviceCredentials(t, '1003');
    const wrong = [];
    for (let i = 0; i < 4; i++) wrong.push(await call(`198.51.100.${i}`, own.user, `wrong-${i}`));
    expect(wrong.map((r) => r.status)).toEqual([401, 401, 429, 429]);
    expect(wrong[2]!.body).toEqual({ statusCode: 429, message: DEVICE_LOCKED });
    expect(await call('198.51.100.9', own.user, own.key)).toEqual({
      status: 429,
      body: { statusCode: 429, message: DEVICE_LOCKED },
    });

    // Other stores' uploaders keep working, from other addresses.
    const other = await deviceCredentials(t, '1004');
    expect((await call('203.0.113.7', other.user, other.key)).status).toBe(200);

    // Once the lock is over, the right key works again and clears the count.
    await t.db
      .updateTable('device_sign_in_failures')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('user_name', '=', own.user)
      .execute();
    expect((await call('198.51.100.9', own.user, own.key)).status).toBe(200);
    const row = await t.db
      .selectFrom('device_sign_in_failures')
      .select(['failed_attempts', 'locked_until'])
      .where('user_name', '=', own.user)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ failed_attempts: 0, locked_until: null });
  });

  it('keeps a right key working between wrong ones below the lockout', async () => {
    const own = await deviceCredentials(t, '1005');
    expect((await call('198.51.100.20', own.user, 'wrong')).status).toBe(401);
    expect((await call('198.51.100.21', own.user, 'wrong')).status).toBe(401);
    expect((await call('198.51.100.22', own.user, own.key)).status).toBe(200);
    // The right key cleared the count: two more failures do not lock the name.
    expect((await call('198.51.100.23', own.user, 'wrong')).status).toBe(401);
    expect((await call('198.51.100.24', own.user, 'wrong')).status).toBe(401);
    expect((await call('198.51.100.25', own.user, own.key)).status).toBe(200);
  });
});

describe('with the default limits', () => {
  it('answers a burst of wrong keys from one address with 429 after 60', async () => {
    const limited = await startTestApp({ seed: false });
    try {
      const statuses = await Promise.all(
        Array.from({ length: 500 }, async (_, i) => {
          const response = await fetch(`${limited.baseUrl}/uploader/v1/files`, {
            method: 'POST',
            headers: {
              authorization: basic(`store-${i}`, 'wrong-key'),
              'content-type': 'application/octet-stream',
              'x-file-name': 'a.csv',
            },
            body: 'x',
          });
          await response.arrayBuffer();
          return response.status;
        }),
      );
      const count = (status: number) => statuses.filter((s) => s === status).length;
      expect({ 401: count(401), 429: count(429) }).toEqual({ 401: 60, 429: 440 });
    } finally {
      await limited.close();
    }
  }, 60_000);
});
