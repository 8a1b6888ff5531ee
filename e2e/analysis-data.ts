import type { Page } from '@playwright/test';
import { dispensingCsv, uploadAsStore, type CsvLine } from './uploads.ts';

/**
 * The analysis pages' hand-made dataset, sent by the uploader of the advanced demo store 1001
 * (保険薬局コード 4041100018). Twelve clinics send one prescription each in February 2025;
 * clinic i's sheet has a 調剤基本料 of 100·i points, so 1,000·i yen, for patient i, who is about
 * 7·i years old (born June of 2024 − 7·i) and lives in 天神 (odd i) or 博多駅前 (even i). Clinic 1
 * sends a second sheet on 2025-03-03, 500 yen, for a patient without birth month or address.
 *
 *   clinic                          2025/02   2025/03   合計
 *   1  テスト医院01                    1,000       500   1,500
 *   i  テスト医院0i / テスト医院1i      1,000·i      -     1,000·i   (i = 2…11)
 *   12 医療法人社団はかた記念会…        12,000       -    12,000
 */
export const ANALYSIS_STORE = { code: '1001', pharmacyCode: '4041100018' } as const;
export const ANALYSIS_PERIOD = { from: '2025-02-01', to: '2025-03-31' } as const;
export const LONG_CLINIC_NAME = '医療法人社団はかた記念会天神ファミリークリニック';

const pad = (n: number) => String(n).padStart(2, '0');
export const clinicName = (i: number) => (i === 12 ? LONG_CLINIC_NAME : `テスト医院${pad(i)}`);
export const clinicCode = (i: number) => `40199000${pad(i)}`;

const ADDRESSES = {
  odd: { patient_zip: '8100001', patient_address: '福岡県福岡市中央区天神１丁目' },
  even: { patient_zip: '8120011', patient_address: '福岡県福岡市博多区博多駅前１丁目' },
};

function sheet(i: number, date: string, points: number, patient: CsvLine): CsvLine {
  return {
    pharmacy_code: ANALYSIS_STORE.pharmacyCode,
    dispensing_date: date,
    reception_time: '10:00',
    reception_id: `AN${pad(i)}${date.slice(5, 7)}`,
    prescription_no: 1,
    insurance_type: '社保',
    reception_type: '外来',
    visit_type: '新規',
    institution_code: clinicCode(i),
    institution_name: clinicName(i),
    department: '内科',
    line_type: 'FEE',
    code: '120000110',
    name: '調剤基本料',
    category: '調剤基本料',
    points,
    count: 1,
    ...patient,
  };
}

const CLINICS = Array.from({ length: 12 }, (_, k) => k + 1);

export const ANALYSIS_FILE = dispensingCsv([
  ...CLINICS.map((i) =>
    sheet(i, `2025-02-${pad(i + 1)}`, 100 * i, {
      patient_id: `AN-P${pad(i)}`,
      patient_gender: i % 2 === 1 ? 1 : 2,
      patient_birth_month: `${2024 - 7 * i}-06`,
      ...(i % 2 === 1 ? ADDRESSES.odd : ADDRESSES.even),
    }),
  ),
  sheet(1, '2025-03-03', 50, { patient_id: 'AN-P13', patient_gender: 2 }),
]);

/** Sends the dataset (again: a duplicate is accepted) as the admin of corporation 100001. */
export function sendAnalysisFile(page: Page): Promise<void> {
  return uploadAsStore(page, ANALYSIS_STORE.code, 'analysis-e2e.csv', ANALYSIS_FILE);
}
