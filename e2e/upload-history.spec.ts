import { expect, test } from '@playwright/test';
import { CSV_COLUMNS, CSV_FORMAT_MARK, routePath } from '@pharmalytics/domain';
import { csrfHeaders } from './accounts.ts';
import { createCorporation, signIn } from './settings.ts';

/** One prescription line of our CSV format for the given pharmacy. */
function csvFor(pharmacyCode: string): string {
  const values: Record<string, string> = {
    pharmacy_code: pharmacyCode,
    dispensing_date: '2026-04-01',
    reception_time: '09:12',
    reception_id: 'A0001',
    prescription_no: '1',
    patient_id: 'P000123',
    insurance_type: '社保',
    reception_type: '外来',
    institution_code: '4011012345',
    institution_name: '天神内科クリニック',
    line_type: 'FEE',
    code: '120000110',
    name: '調剤基本料１',
    category: '調剤基本料',
    points: '45',
    count: '1',
  };
  const header = CSV_COLUMNS.join(',');
  const row = CSV_COLUMNS.map((c) => values[c] ?? '').join(',');
  return [`${CSV_FORMAT_MARK},1`, header, row].join('\r\n');
}

test('a file sent by the uploader shows in the store’s history and ends the setup guide', async ({
  page,
}) => {
  const corporation = await createCorporation(page, 'upload');
  await signIn(page, corporation.email);
  await expect(page.getByRole('heading', { name: 'Pharmalytics へようこそ' })).toBeVisible();

  const created = await page.request.post('/v3/branches', {
    headers: await csrfHeaders(page.request),
    data: {
      name: '取込テスト薬局',
      prefectureId: 40,
      city: '福岡市中央区',
      block: '天神1丁目',
      insuranceInstitutionCode: '4049999999',
    },
  });
  expect(created.status()).toBe(201);
  const store = (await created.json()) as {
    storeCode: string;
    clientDeviceUser: { name: string; plainTextPassword: string };
  };
  const { name, plainTextPassword } = store.clientDeviceUser;
  const upload = await page.request.post('/uploader/v1/files', {
    headers: {
      authorization: `Basic ${Buffer.from(`${name}:${plainTextPassword}`).toString('base64')}`,
      'content-type': 'application/octet-stream',
      'x-file-name': encodeURIComponent('dispensing_20260401.csv'),
    },
    data: Buffer.from(csvFor('4049999999')),
  });
  expect(upload.status()).toBe(200);

  await page.goto(routePath('PharmacyDetailSetting', { id: store.storeCode }));
  const history = page.getByRole('table', { name: '取込履歴' });
  const row = history.getByRole('row', { name: /dispensing_20260401\.csv/ });
  await expect(row).toContainText('取込済み');
  await expect(row).toContainText('連携CSV');
  await expect(row.getByRole('cell').nth(4)).toHaveText('1');
  await expect(page.getByText('接続済み').first()).toBeVisible();

  await page.goto(routePath('DispensingPharmacy'));
  await expect(page.getByRole('heading', { name: '調剤薬局' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pharmalytics へようこそ' })).toHaveCount(0);
});
