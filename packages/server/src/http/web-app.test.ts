import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '@pharmalytics/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  t = await startTestApp({ seed: false, env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('web app under /service/', () => {
  it('answers every app route with index.html', async () => {
    for (const path of ['/service/', '/service/login', '/service/setting/pharmacy/1001']) {
      const reply = await t.client().get(path);
      expect(reply.status).toBe(200);
      expect(reply.body).toContain('<title>app</title>');
      expect(reply.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('serves built assets with a long cache', async () => {
    const reply = await t.client().get('/service/assets/index-abc123.js');
    expect(reply.body).toBe('console.log(1)');
    expect(reply.headers.get('cache-control')).toContain('immutable');
  });

  it('does not let a path climb out of the build directory', async () => {
    const reply = await t.client().get('/service/..%2f..%2fetc%2fpasswd');
    expect(reply.body).toContain('<title>app</title>');
  });

  it('redirects the bare host to the app', async () => {
    const reply = await t.client().get('/');
    expect(reply.status).toBe(302);
    expect(reply.headers.get('location')).toBe('/service/');
  });

  it('answers unknown API paths with JSON 404, not the app', async () => {
    const reply = await t.client().get('/v2/nothing-here');
    expect(reply.status).toBe(404);
    expect(reply.body.statusCode).toBe(404);
  });

  it('sends security headers', async () => {
    const reply = await t.client().get('/service/login');
    expect(reply.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('web app not built yet', () => {
  it('leaves its routes unanswered (404) when no build is coming', async () => {
    const never = mkdtempSync(join(tmpdir(), 'web-dist-'));
    const app = await startTestApp({ seed: false, env: { WEB_DIST: never } });
    try {
      expect((await app.client().get('/service/login')).status).toBe(404);
    } finally {
      await app.close();
      rmSync(never, { recursive: true, force: true });
    }
  });

  it('answers its pages 503 with Retry-After while `npm start` builds it, then the app', async () => {
    const later = mkdtempSync(join(tmpdir(), 'web-dist-'));
    const app = await startTestApp({
      seed: false,
      env: { WEB_DIST: later, WEB_APP_BUILDING: 'true' },
    });
    try {
      const waiting = await app.client().get('/service/login');
      expect(waiting.status).toBe(503);
      expect(waiting.headers.get('retry-after')).toBe('5');
      expect(waiting.body).toContain(MESSAGES.webAppPreparing);
      expect((await app.client().get('/healthz')).status).toBe(200);

      writeFileSync(join(later, 'index.html'), '<!doctype html><title>app</title>');
      const ready = await app.client().get('/service/login');
      expect(ready.status).toBe(200);
      expect(ready.body).toContain('<title>app</title>');
    } finally {
      await app.close();
      rmSync(later, { recursive: true, force: true });
    }
  });
});
