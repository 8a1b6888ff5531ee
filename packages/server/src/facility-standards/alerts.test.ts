import { genericShareDropHistory } from '@pharmalytics/datagen';
import {
  FACILITY_SETTINGS_API_PATHS,
  todayInJapan,
  type FacilityAlert,
} from '@pharmalytics/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInDemoMembers, type DemoMember } from '../testing/auth.ts';
import type { HttpClient } from '../testing/http-client.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { uploadHistory } from '../testing/facility-history.ts';

const PATH = FACILITY_SETTINGS_API_PATHS;

let t: TestApp;
let clients: Record<DemoMember, HttpClient>;

beforeAll(async () => {
  t = await startTestApp();
  // Store 1001 loses its generic tier in the projection: a crossing alert.
  await uploadHistory(t, '1001', genericShareDropHistory(todayInJapan()));
  clients = await signInDemoMembers(t);
});
afterAll(() => t.close());

const alertsOf = async (client: HttpClient) => {
  const reply = await client.get(PATH.alerts);
  expect(reply.status).toBe(200);
  return (reply.body as { alerts: FacilityAlert[] }).alerts;
};

describe('施設基準 alerts', () => {
  it("lists an administrator's crossing alerts", async () => {
    const alerts = await alertsOf(clients.admin);
    expect(alerts).toEqual([
      expect.objectContaining({
        storeCode: '1001',
        ruleSet: 'generic_tier',
        kind: 'crossing',
      }),
    ]);
    const [alert] = alerts;
    expect(alert!.key).toMatch(/^1001\/generic_tier\/crossing\/none\/\d{4}-\d{2}$/);
    expect(alert!.message).toMatch(
      /後発割合が85%を下回る見込みです。.+を算定できなくなります（後発割合 10\.0%、基準 /,
    );
  });

  it('hides an alert the member dismissed, for that member only', async () => {
    const [alert] = await alertsOf(clients.admin);
    const dismissal = { storeCode: alert!.storeCode, key: alert!.key };
    for (let i = 0; i < 2; i++) {
      const reply = await clients.admin.request('POST', PATH.alertDismissals, { body: dismissal });
      expect(reply.status).toBe(204);
    }
    expect(await alertsOf(clients.admin)).toEqual([]);
    expect((await alertsOf(clients.sysadmin)).map((a) => a.key)).toEqual([alert!.key]);
  });

  it("refuses a store outside the member's corporation", async () => {
    const reply = await clients.admin.request('POST', PATH.alertDismissals, {
      body: { storeCode: '3001', key: '3001/basic_fee/crossing/basic_2/2027-06-01' },
    });
    expect(reply.status).toBe(404);
  });

  it('is for administrators on a paid plan', async () => {
    expect((await clients.user.get(PATH.alerts)).status).toBe(403);
    expect((await clients.free.get(PATH.alerts)).status).toBe(403);
    const dismissal = { storeCode: '1001', key: '1001/generic_tier/crossing/none/2027-02' };
    expect(
      (await clients.user.request('POST', PATH.alertDismissals, { body: dismissal })).status,
    ).toBe(403);
  });
});
