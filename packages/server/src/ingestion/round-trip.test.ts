import { Readable } from 'node:stream';
import { generateStoreMonth, toDispensingCsv } from '@pharmalytics/datagen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedWorld } from '../testing/generated-history.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import type { DeviceIdentity } from './device-auth.ts';
import { ingestFile } from './ingest-file.ts';
import { prescriptionTotals } from './prescription-totals.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('generated data through the ingestion path', () => {
  it('stores exactly what the generator made: sheets, lines and yen', async () => {
    const world = generatedWorld(7);
    const truth = generateStoreMonth(world, '1001', '2026-10');
    const store = await t.db
      .selectFrom('stores')
      .select(['id', 'corporation_id', 'insurance_institution_code'])
      .where('store_code', '=', '1001')
      .executeTakeFirstOrThrow();
    const device: DeviceIdentity = {
      corporationId: store.corporation_id,
      storeId: store.id,
      storeCode: '1001',
      storeName: 'はかた薬局 天神店',
      insuranceInstitutionCode: store.insurance_institution_code,
      userName: 'store-1001',
    };
    const csv = toDispensingCsv(truth, store.insurance_institution_code!);
    const result = await ingestFile(
      t.db,
      t.dataDir,
      device,
      'dispensing_2026-10.csv',
      Readable.from(Buffer.from(csv)),
    );
    expect(result).toMatchObject({
      status: 'loaded',
      prescriptionsLoaded: truth.length,
      rowsRefused: 0,
    });

    const sum = (pick: (p: (typeof truth)[number]) => number) =>
      truth.reduce((s, p) => s + pick(p), 0);
    const stored = await t.db
      .selectFrom('prescriptions')
      .select(({ fn }) => [
        fn.countAll<number>().as('sheets'),
        fn.sum<number>('sales_yen').as('yen'),
      ])
      .where('store_id', '=', store.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.sheets)).toBe(truth.length);
    expect(Number(stored.yen)).toBe(sum((p) => prescriptionTotals({ ...p, lineNo: 0 }).salesYen));
    expect(Number(stored.yen)).toBe(
      sum(
        (p) =>
          p.fees.reduce((s, f) => s + Math.round(f.points * f.count * 10), 0) +
          p.medicines.reduce((s, m) => s + m.amountYen, 0) +
          p.materials.reduce((s, m) => s + m.amountYen, 0),
      ),
    );
    const lines = async (
      table: 'prescription_fees' | 'prescription_medicines' | 'prescription_materials',
    ) =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select(({ fn }) => fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await lines('prescription_fees')).toBe(sum((p) => p.fees.length));
    expect(await lines('prescription_medicines')).toBe(sum((p) => p.medicines.length));
    expect(await lines('prescription_materials')).toBe(sum((p) => p.materials.length));
    const patients = new Set(truth.map((p) => p.patient.key));
    const storedPatients = await t.db.selectFrom('patients').select('id').execute();
    expect(storedPatients).toHaveLength(patients.size);
  });
});
