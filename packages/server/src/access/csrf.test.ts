import { ERROR_WIRE_MESSAGES, HEADER_NAMES, todayInJapan } from '@pharmalytics/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import type { HttpClient } from '../testing/http-client.ts';
import { needsCsrfToken } from './access-control.ts';

/**
 * Every unsafe call of a route that reads cookies needs the anti-forgery token, however its path
 * is spelt: the check follows the route the router matched, not the text of the URL.
 */
let t: TestApp;
let notice: HttpClient;

beforeAll(async () => {
  t = await startTestApp();
  notice = t.client();
  await notice.login('notice@example.com'); // has not agreed to the revised terms yet
});
afterAll(() => t.close());

/** Spellings of a path: encoded characters, a changed case, doubled and trailing slashes. */
function spellings(path: string): string[] {
  const encodeAt = (i: number) =>
    `${path.slice(0, i)}%${path.charCodeAt(i).toString(16)}${path.slice(i + 1)}`;
  const lastSegment = path.lastIndexOf('/') + 1;
  return [
    path,
    encodeAt(1),
    encodeAt(lastSegment),
    path.replace(/^\/v/, '/V'),
    `/${path}`,
    `${path}/`,
  ];
}

const fill = (url: string) => url.replace(/:\w+/g, '1');

describe('the anti-forgery token', () => {
  it('is needed by every unsafe call of every route that reads cookies', async () => {
    const unsafe = t.app
      .declaredRoutes()
      .filter((r) => r.access && needsCsrfToken(r.method, r.access));
    expect(unsafe.length).toBeGreaterThan(20);
    for (const route of unsafe) {
      for (const path of spellings(fill(route.url))) {
        const reply = await notice.request(route.method, path, { body: {}, csrf: false });
        const call = `${route.method} ${path}`;
        expect(reply.status, call).not.toBeLessThan(300);
        expect(reply.status, call).toBeLessThan(500);
        if (reply.status === 403) {
          expect(reply.body.message, call).toBe(ERROR_WIRE_MESSAGES.invalidCsrfToken);
        }
      }
    }
  });

  it('is refused when it belongs to another visitor, and nothing changes', async () => {
    const agreedOn = () =>
      t.db
        .selectFrom('members')
        .select('terms_agreed_on')
        .where('email', '=', 'notice@example.com')
        .executeTakeFirstOrThrow();
    const before = await agreedOn();
    const other = t.client();
    const { csrfToken } = (await other.get('/v2/csrf_token')).body;
    for (const path of ['/v2/members/agreement', '/%762/members/agreement']) {
      const reply = await notice.request('PATCH', path, {
        csrf: false,
        headers: { [HEADER_NAMES.csrf]: csrfToken },
      });
      expect(reply.status, path).toBe(403);
    }
    expect((await notice.get('/v2/profile')).status).toBe(200);
    expect(await agreedOn()).toEqual(before);
  });

  it('lets the same call through with the token', async () => {
    const reply = await notice.request('PATCH', '/%762/members/agreement');
    expect(reply.status).toBe(200);
    expect(reply.body.serviceAgreedOn).toBe(todayInJapan());
  });

  it('is not asked of the uploader and the identity service, which read no cookie', async () => {
    const kinds = t.app
      .declaredRoutes()
      .filter((r) => r.access && r.method === 'POST' && !needsCsrfToken(r.method, r.access))
      .map((r) => r.access!.kind);
    expect(new Set(kinds)).toEqual(new Set(['device', 'cookieless']));
  });
});
