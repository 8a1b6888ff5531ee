import { STORE_MAP } from '@pharmalytics/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

describe('GET /v3/map_settings', () => {
  let standard: TestApp;
  let configured: TestApp;
  beforeAll(async () => {
    standard = await startTestApp();
    configured = await startTestApp({
      env: {
        MAP_TILE_URL: 'https://tiles.example.jp/{z}/{x}/{y}.png',
        MAP_TILE_ATTRIBUTION: '例タイル',
        MAP_TILE_ATTRIBUTION_URL: 'https://tiles.example.jp/about',
      },
    });
  });
  afterAll(async () => {
    await standard.close();
    await configured.close();
  });

  it('gives members the pale 地理院タイル by default', async () => {
    const client = standard.client();
    await client.login('user@example.com');
    const reply = await client.get('/v3/map_settings');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      tileUrl: STORE_MAP.tileUrl,
      tileAttribution: '地理院タイル',
      tileAttributionUrl: STORE_MAP.tileAttributionUrl,
    });
  });

  it('follows MAP_TILE_URL and its credit', async () => {
    const client = configured.client();
    await client.login('admin@example.com');
    expect((await client.get('/v3/map_settings')).body).toEqual({
      tileUrl: 'https://tiles.example.jp/{z}/{x}/{y}.png',
      tileAttribution: '例タイル',
      tileAttributionUrl: 'https://tiles.example.jp/about',
    });
  });

  it('is for signed-in members only', async () => {
    expect((await standard.client().get('/v3/map_settings')).status).toBe(401);
  });
});
