import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { MANUALS } from './routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
});
afterAll(() => t.close());

describe('manuals', () => {
  it('serves every manual of the initial-setup page as a Japanese HTML page', async () => {
    for (const [name, manual] of Object.entries(MANUALS)) {
      const reply = await t.client().get(`/manuals/${name}`);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toContain('text/html');
      expect(reply.body).toContain(`<title>${manual.title}｜Pharmalytics</title>`);
      expect(reply.body).toContain('<h1');
    }
  });

  it('puts the data format into the output-setting request form, as a download when asked', async () => {
    const reply = await t.client().get('/manuals/output-setting-request?download=true');
    expect(reply.headers.get('content-disposition')).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('Pharmalytics_出力設定依頼書.html')}`,
    );
    expect(reply.body).toContain('調剤実績データ出力設定のお願い');
    expect(reply.body).toContain('<code>dispensing_date</code>');
  });

  it('answers 404 for an unknown manual', async () => {
    expect((await t.client().get('/manuals/unknown')).status).toBe(404);
  });
});
