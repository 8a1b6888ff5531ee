import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../testing/http-client.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { API_COMPRESSION } from './compression.ts';

let t: TestApp;
let admin: HttpClient;
beforeAll(async () => {
  t = await startTestApp();
  admin = t.client();
  expect((await admin.login('admin@example.com')).status).toBe(200);
});
afterAll(() => t.close());

const get = (path: string, acceptEncoding: string) =>
  admin.request('GET', path, { headers: { 'accept-encoding': acceptEncoding } });

describe('API answers over the wire', () => {
  it('compresses JSON above the threshold with the encoding the client prefers', async () => {
    const brotli = await get('/v3/branches', 'gzip, deflate, br');
    expect(brotli.status).toBe(200);
    expect(JSON.stringify(brotli.body).length).toBeGreaterThan(API_COMPRESSION.threshold!);
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toMatch(/accept-encoding/i);

    const gzip = await get('/v3/branches', 'gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.body).toEqual(brotli.body);
  });

  it('sends small answers and clients that accept no encoding as they are', async () => {
    const small = await get('/v2/csrf_token', 'gzip, deflate, br');
    expect(JSON.stringify(small.body).length).toBeLessThan(API_COMPRESSION.threshold!);
    expect(small.headers.get('content-encoding')).toBeNull();

    const plain = await get('/v3/branches', 'identity');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-encoding')).toBeNull();
  });
});
