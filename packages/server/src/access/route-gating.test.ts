import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('server-side gating from the route table', () => {
  it('opens the plan-change data to system_admin only', async () => {
    const admin = t.client();
    await admin.login('admin@example.com');
    expect((await admin.get('/v2/corporations/service_plan')).status).toBe(403);

    const sysadmin = t.client();
    await sysadmin.login('sysadmin@example.com');
    const reply = await sysadmin.get('/v2/corporations/service_plan');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ plan: 'advanced' });
  });

  it('needs a session', async () => {
    expect((await t.client().get('/v2/corporations/service_plan')).status).toBe(401);
  });
});

describe('the database engine under test', () => {
  it('is the PostgreSQL server when TEST_DATABASE_URL is set, the embedded one otherwise', async () => {
    const { rows } = await (
      await import('kysely')
    ).sql<{ version: string }>`select version()`.execute(t.db);
    const version = rows[0]!.version;
    if (process.env.TEST_DATABASE_URL) expect(version).not.toMatch(/wasm|emscripten/i);
    else expect(version).toMatch(/wasm|emscripten/i);
  });
});
