import { HEADER_NAMES, MESSAGES } from '@pharmalytics/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, attachmentFileName, needsCsrf } from './client.ts';
import { clearCsrfToken } from './csrf.ts';
import { ApiError } from './errors.ts';
import { configureApi } from './hooks.ts';

type Call = { url: string; init: RequestInit };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function mockFetch(responses: (() => Response | Promise<Response>)[]) {
  const calls: Call[] = [];
  let i = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, init });
      const next = responses[i++];
      if (!next) throw new Error(`unexpected call ${url}`);
      return next();
    }),
  );
  return calls;
}

const header = (call: Call | undefined, name: string) =>
  (call?.init.headers as Record<string, string> | undefined)?.[name];

describe('apiRequest', () => {
  const notify = vi.fn();
  const onSessionExpired = vi.fn();

  beforeEach(() => {
    vi.stubGlobal('window', { location: { href: 'http://localhost/service/dashboard' } });
    vi.stubGlobal('localStorage', undefined);
    configureApi({ notify, onSessionExpired });
    clearCsrfToken();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    notify.mockReset();
    onSessionExpired.mockReset();
  });

  it('sends credentials and the page URL; no CSRF on GET', async () => {
    const calls = mockFetch([() => json(200, { id: 1 })]);
    await expect(apiRequest('/v2/members/1')).resolves.toEqual({ id: 1 });
    expect(calls[0]?.init.credentials).toBe('include');
    expect(header(calls[0], HEADER_NAMES.pageUrl)).toBe('http://localhost/service/dashboard');
    expect(header(calls[0], HEADER_NAMES.csrf)).toBeUndefined();
  });

  it('fetches the CSRF token before the first mutating call and sends it', async () => {
    const calls = mockFetch([
      () => json(200, { csrfToken: 'tok-1' }),
      () => new Response(null, { status: 204 }),
    ]);
    await expect(apiRequest('/v2/logout', { method: 'DELETE' })).resolves.toBeUndefined();
    expect(calls.map((c) => c.url)).toEqual(['/v2/csrf_token', '/v2/logout']);
    expect(header(calls[1], HEADER_NAMES.csrf)).toBe('tok-1');
  });

  it('refetches the token once and retries on 403 invalid csrf token', async () => {
    const calls = mockFetch([
      () => json(200, { csrfToken: 'old' }),
      () => json(403, { statusCode: 403, message: 'invalid csrf token' }),
      () => json(200, { csrfToken: 'new' }),
      () => json(200, { ok: true }),
    ]);
    await expect(apiRequest('/v2/members/agreement', { method: 'PATCH' })).resolves.toEqual({
      ok: true,
    });
    expect(header(calls[3], HEADER_NAMES.csrf)).toBe('new');
    expect(notify).not.toHaveBeenCalled();
  });

  it('does not send CSRF to the identity service', async () => {
    const calls = mockFetch([() => json(200, { idToken: 't' })]);
    await apiRequest('/identity/v1/accounts:signInWithPassword', { method: 'POST', body: {} });
    expect(calls).toHaveLength(1);
    expect(header(calls[0], HEADER_NAMES.csrf)).toBeUndefined();
  });

  it('expires the session on 401 and re-throws a typed error', async () => {
    mockFetch([() => json(401, { statusCode: 401, message: 'unauthorized' })]);
    const error = await apiRequest('/v3/branches').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'unauthorized' });
    expect(notify).toHaveBeenCalledWith(MESSAGES.sessionExpired);
    expect(onSessionExpired).toHaveBeenCalledOnce();
  });

  it('keeps quiet on 401 invalid token and on 403', async () => {
    mockFetch([
      () => json(401, { statusCode: 401, message: 'invalid token' }),
      () => json(403, { statusCode: 403, message: 'corporation suspended' }),
    ]);
    await expect(apiRequest('/v2/members/1')).rejects.toMatchObject({ status: 401 });
    await expect(apiRequest('/v2/members/1')).rejects.toMatchObject({
      status: 403,
      message: 'corporation suspended',
    });
    expect(notify).not.toHaveBeenCalled();
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('reports a network failure as unexpected', async () => {
    mockFetch([() => Promise.reject(new TypeError('Failed to fetch'))]);
    await expect(apiRequest('/v3/branches')).rejects.toMatchObject({ status: 0 });
    expect(notify).toHaveBeenCalledWith(MESSAGES.unexpected);
  });

  it('skips the global handling when silent', async () => {
    mockFetch([() => json(502, {})]);
    await expect(apiRequest('/v3/branches', { silent: true })).rejects.toMatchObject({
      status: 502,
    });
    expect(notify).not.toHaveBeenCalled();
  });
});

describe('needsCsrf', () => {
  it('applies to mutating calls of /v2 and /v3 only', () => {
    expect(needsCsrf('POST', '/v2/login')).toBe(true);
    expect(needsCsrf('DELETE', '/v3/branches/1')).toBe(true);
    expect(needsCsrf('GET', '/v2/members/1')).toBe(false);
    expect(needsCsrf('POST', '/identity/v1/accounts:signInWithPassword')).toBe(false);
  });
});

describe('attachmentFileName', () => {
  it('reads the UTF-8 name the server gives, else the plain one', () => {
    const name = 'Pharmalytics_医療機関_2026-04-01_2026-04-30.csv';
    expect(
      attachmentFileName(
        `attachment; filename="analysis.csv"; filename*=UTF-8''${encodeURIComponent(name)}`,
      ),
    ).toBe(name);
    expect(attachmentFileName('attachment; filename="analysis.csv"')).toBe('analysis.csv');
    expect(attachmentFileName('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(attachmentFileName('attachment')).toBeNull();
    expect(attachmentFileName(null)).toBeNull();
  });
});
