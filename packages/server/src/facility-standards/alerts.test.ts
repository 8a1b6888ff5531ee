import {
  CSV_COLUMNS,
  FACILITY_SETTINGS_API_PATHS,
  shiftMonthBy,
  todayInJapan,
  type DispensingCsvColumn,
  type FacilityAlert,
} from '@pharmalytics/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInDemoMembers, type DemoMember } from '../testing/auth.ts';
import type { HttpClient } from '../testing/http-client.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { uploadAs } from '../testing/upload.ts';

/**
 * Store 1001 dispenses one prescription a month for the fifteen months before this one. Its
 * generic share is 90 % in the latest three months and in the same three a year before (trend 1),
 * 10 % in the three months a year before the coming ones: its tier now is lost in the projection
 * of the next three months, a crossing alert.
 */
const GENERIC = '2171022F1093';
const BRAND = '2171022F1018';
const PATH = FACILITY_SETTINGS_API_PATHS;

let t: TestApp;
let clients: Record<DemoMember, HttpClient>;

function historyLines(pharmacyCode: string): string[] {
  const thisMonth = todayInJapan().slice(0, 7);
  return Array.from({ length: 15 }, (_, i) => {
    const month = shiftMonthBy(thisMonth, i - 15);
    const low = i >= 3 && i < 6;
    const common: Partial<Record<DispensingCsvColumn, string>> = {
      pharmacy_code: pharmacyCode,
      dispensing_date: `${month}-10`,
      reception_time: '10:00',
      reception_id: `G${i}`,
      prescription_no: '1',
      patient_id: `P-${i}`,
      insurance_type: '社保',
      reception_type: '外来',
      institution_code: '4011000011',
      institution_name: '天神内科クリニック',
    };
    const row = (values: Partial<Record<DispensingCsvColumn, string>>) =>
      CSV_COLUMNS.map((c) => ({ ...common, ...values })[c] ?? '').join(',');
    const medicine = (code: string, quantity: number) =>
      row({
        line_type: 'MEDICINE',
        code,
        name: code,
        points: '10',
        count: '1',
        quantity: String(quantity),
        unit: '錠',
      });
    return [
      row({
        line_type: 'FEE',
        code: '450000000',
        name: '調剤基本料１',
        category: '調剤基本料',
        points: '45',
        count: '1',
      }),
      medicine(GENERIC, low ? 10 : 90),
      medicine(BRAND, low ? 90 : 10),
    ];
  }).flat();
}

beforeAll(async () => {
  t = await startTestApp();
  await t.db
    .insertInto('medicine_master')
    .values([
      {
        code: '621000001',
        yj_code: GENERIC,
        name: 'generic',
        unit: '錠',
        price: 10,
        generic_class: 3,
      },
      { code: '621000002', yj_code: BRAND, name: 'brand', unit: '錠', price: 10, generic_class: 2 },
    ])
    .execute();
  const store = await t.db
    .selectFrom('stores')
    .select('insurance_institution_code')
    .where('store_code', '=', '1001')
    .executeTakeFirstOrThrow();
  const reply = await uploadAs(t, '1001', historyLines(store.insurance_institution_code!));
  expect(reply.body).toMatchObject({ status: 'loaded', rowsRefused: 0 });
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
    expect(alert!.message).toMatch(/を満たさなくなる見込みです（後発割合 10\.0%、基準 /);
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
