import { createHash } from 'node:crypto';
import { toDispensingCsv } from '@pharmalytics/datagen';
import {
  ANALYSIS_PAGES,
  AGE_SORT_OPTIONS,
  GENERIC_MEDICINE_FILTERS,
  genericFilterWireValue,
  RECEPTION_TYPE_FILTERS,
  TIME_AXES,
  type AnalysisPageDef,
  type DispensingRecord,
  type ParsedFee,
  type ParsedItem,
} from '@pharmalytics/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoMasters } from '../demo/demo-data.ts';
import {
  DEMO_PHARMACY_CODES,
  generatedFile,
  generatedWorld,
} from '../testing/generated-history.ts';
import type { HttpClient } from '../testing/http-client.ts';
import { enginesDisagree, replicaCaughtUp } from '../testing/replica.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { uploadFile } from '../testing/upload.ts';

/**
 * The /v2/ twin of every analysis page (raw-analysis.ts), over the system of record, gives the
 * engine's answers on the analytics replica (/v3/) on random conditions: every family and every metric of its page, over generated history of three
 * stores and two months, for periods within and around the data on every time axis, store subsets,
 * each filter, the age sort and every address mode. Seeded, so a run can be repeated.
 */

const SEED = 20261201;
/** Random conditions per page and metric, after the whole data without filters. */
const RUNS = 3;
const STORES = ['1001', '1002', '1003'] as const;
const MONTHS = ['2026-08', '2026-09'];
/** The period the conditions choose from: the data's months and a few days around them. */
const FIRST_DAY = '2026-07-27';
const LAST_DAY = '2026-10-04';

/** A number 0–99 fixed by a text, so that what varies with a patient or a sheet stays put. */
const percentile = (text: string) =>
  createHash('sha256').update(text).digest().readUInt16BE(0) % 100;

const ZIP_CODES = ['8100001', '8120011', '8140002'];

/** A medicine line by a receipt code the medicine master lacks: no YJ code, no generic class. */
const unknownToMaster = (medicine: ParsedItem): ParsedItem => ({
  ...medicine,
  code: '629999901',
});

/** A fee as another receipt computer writes it: half-width name, points to the hundredth. */
const otherwiseWritten = (fee: ParsedFee): ParsedFee => ({
  ...fee,
  name: fee.name.normalize('NFKC'),
  points: fee.points + 0.05,
});

/**
 * The generated history, thinned to a third of the patients (all their visits, so reception
 * counts keep their spread) and given what real files have and the generator does not: patients
 * without a gender, birth month or address, some with a zip code; sheets without a reception
 * time, pharmacist, doctor or department; pharmacists known by their staff code only; fees
 * written otherwise by another receipt computer; medicines the master does not know; and
 * patients bringing the sheets of two institutions at once (one reception id, two receptions).
 */
function realistic(records: DispensingRecord[]): DispensingRecord[] {
  const secondInstitution = (code: string) =>
    records.find((r) => r.institution.code !== code)!.institution;
  return records
    .filter((r) => percentile(r.patient.key) < 34)
    .flatMap((r) => {
      const patient = percentile(`patient ${r.patient.key}`);
      const sheet = percentile(`sheet ${r.dispensingDate} ${r.receptionId} ${r.prescriptionNo}`);
      const codeOnly = r.pharmacist?.code && percentile(`pharmacist ${r.pharmacist.code}`) < 25;
      const varied: DispensingRecord = {
        ...r,
        patient: {
          ...r.patient,
          gender: patient % 10 === 1 ? null : r.patient.gender,
          birthMonth: patient % 10 === 2 ? null : r.patient.birthMonth,
          address: patient % 10 === 3 ? null : r.patient.address,
          zip: patient % 2 === 0 ? ZIP_CODES[patient % ZIP_CODES.length]! : null,
        },
        receptionTime: sheet % 10 === 1 ? null : r.receptionTime,
        pharmacist:
          sheet % 10 === 2 ? null : codeOnly ? { ...r.pharmacist!, name: null } : r.pharmacist,
        doctorName: sheet % 10 === 3 ? null : r.doctorName,
        department: sheet % 10 === 4 ? null : r.department,
        fees: sheet % 10 === 5 ? r.fees.map(otherwiseWritten) : r.fees,
        medicines: sheet % 10 === 6 ? r.medicines.map(unknownToMaster) : r.medicines,
      };
      if (sheet >= 5) return [varied];
      const fromElsewhere = {
        ...varied,
        prescriptionNo: r.prescriptionNo + 100,
        institution: secondInstitution(r.institution.code),
        doctorName: null,
      };
      return [varied, fromElsewhere];
    });
}

let t: TestApp;
let admin: HttpClient;
let sysadmin: HttpClient;
let institutionCodes: string[];
let addressTexts: string[];

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoMasters(t.db);
  const world = generatedWorld(11);
  for (const store of STORES) {
    const records = realistic(generatedFile(world, store, MONTHS).records);
    const file = Buffer.from(toDispensingCsv(records, DEMO_PHARMACY_CODES[store]!));
    const reply = await uploadFile(t, store, file, `${store}.csv`);
    expect(reply.body).toMatchObject({ status: 'loaded', rowsRefused: 0 });
  }
  await replicaCaughtUp(t.app, t.db);
  admin = t.client();
  await admin.login('admin@example.com');
  sysadmin = t.client();
  await sysadmin.login('sysadmin@example.com');
  const institutions = await t.db.selectFrom('medical_institutions').select('code').execute();
  institutionCodes = [...institutions.map((i) => i.code), '4019999999'];
  addressTexts = await addressSearches();
}, 120_000);
afterAll(() => t.close());

const KANJI_DIGITS = '一二三四五六七八九';

/**
 * Texts for the 住所別 mode from a patient's town: a prefecture, a prefecture and city, a city, a
 * city and the start of a town, the same as typed by hand (spaces, a full-width 丁目 number), and
 * a place where no patient lives.
 */
async function addressSearches(): Promise<string[]> {
  const chome = new RegExp(`([${KANJI_DIGITS}])丁目$`);
  const homes = await t.db
    .selectFrom('patients')
    .select(['prefecture', 'city', 'town'])
    .where('prefecture', 'is not', null)
    .where('town', 'like', '%丁目')
    .orderBy('city')
    .orderBy('town')
    .execute();
  const { prefecture, city, town } = homes.find((h) => chome.test(h.town!))!;
  const stem = town!.replace(chome, '');
  const handTyped = town!.replace(
    chome,
    (_, kanji: string) => `${String.fromCharCode(0xff11 + KANJI_DIGITS.indexOf(kanji))}丁目`,
  );
  return [
    prefecture!,
    `${prefecture}${city}`,
    city!,
    `${city}${stem}`,
    `${prefecture}\u3000${city} ${stem}`,
    `${city}${handTyped}`,
    '北海道札幌市',
  ];
}

const dayOf = (offset: number) =>
  new Date(Date.parse(`${FIRST_DAY}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
const DAYS =
  (Date.parse(`${LAST_DAY}T00:00:00Z`) - Date.parse(`${FIRST_DAY}T00:00:00Z`)) / 86_400_000;

const GENERIC_WIRE = GENERIC_MEDICINE_FILTERS.map((f) => String(genericFilterWireValue(f.value)));
const RECEPTION_TYPES = RECEPTION_TYPE_FILTERS.map((f) => f.value);

/** Sometimes a filter, mostly none: filters narrow the data a lot. */
const sometimes = <T>(values: fc.Arbitrary<T[]>) =>
  fc.oneof({ arbitrary: fc.constant([] as T[]), weight: 2 }, { arbitrary: values, weight: 1 });

/** The query of a chart call on random conditions. */
function conditions(page: AnalysisPageDef): fc.Arbitrary<Record<string, string>> {
  return fc
    .record({
      days: fc.tuple(fc.integer({ min: 0, max: DAYS }), fc.integer({ min: 0, max: DAYS })),
      axis: fc.constantFrom(...TIME_AXES.map((a) => a.value)),
      stores: fc.subarray([...STORES], { minLength: 1 }),
      generic: sometimes(fc.subarray(GENERIC_WIRE, { minLength: 1 })),
      institutions: sometimes(fc.subarray(institutionCodes, { minLength: 1, maxLength: 4 })),
      receptionTypes: sometimes(fc.subarray([...RECEPTION_TYPES], { minLength: 1 })),
      sortOrder: fc.option(fc.constantFrom(...AGE_SORT_OPTIONS.map((o) => String(o.value)))),
      address:
        page.breakdown === 'address'
          ? fc.oneof(fc.constant(''), fc.constantFrom(...addressTexts))
          : fc.constant(''),
      byCity: page.breakdown === 'address' ? fc.boolean() : fc.constant(false),
    })
    .map((c) => {
      const [from, to] = [Math.min(...c.days), Math.max(...c.days)].map(dayOf);
      return Object.fromEntries(
        Object.entries({
          from: from!,
          to: to!,
          periodCode: String(c.axis),
          storeCodes: c.stores.join(','),
          generic_medicine_filters: c.generic.join(','),
          medicalInstitutionFilters: c.institutions.join(','),
          receptionTypeFilters: c.receptionTypes.join(','),
          sortOrder: c.sortOrder ?? '',
          ...(c.byCity ? { addressMode: 'city' } : { address: c.address }),
        }).filter(([, value]) => value !== ''),
      );
    });
}

/** The whole data, every store, no filter: the first case of every page and metric. */
const WHOLE_DATA = {
  from: '2026-08-01',
  to: '2026-09-30',
  periodCode: '2',
  storeCodes: STORES.join(','),
};

describe.each(ANALYSIS_PAGES.map((page, i) => [page.family, page, i] as const))(
  '/v2/%s/{metric} answers as /v3/',
  (_, page, pageIndex) => {
    it.each(page.metrics.map((slug, i) => [slug, SEED + pageIndex * 100 + i] as const))(
      '%s',
      async (slug, seed) => {
        const answered: number[] = [];
        await fc.assert(
          fc.asyncProperty(conditions(page), async (query) => {
            const path = `/${page.family}/${slug}?${new URLSearchParams(query)}`;
            const v3 = await admin.get(`/v3${path}`);
            expect(v3.status, `${path}: ${JSON.stringify(v3.body)}`).toBe(200);
            const v2 = await sysadmin.get(`/v2${path}`);
            expect(v2.status, `${path}: ${JSON.stringify(v2.body)}`).toBe(200);
            expect(v2.body, path).toEqual(v3.body);
            answered.push(v3.body.length);
          }),
          { seed, numRuns: RUNS + 1, examples: [[WHOLE_DATA]] },
        );
        // The whole data gives every page something to compare.
        expect(answered[0]).toBeGreaterThan(0);
      },
    );
  },
);

describe('the two engines on the generated history', () => {
  it('answer every page × metric alike on the system of record and on the replica', async () => {
    expect(await enginesDisagree(t, STORES, { from: FIRST_DAY, to: LAST_DAY })).toEqual([]);
  }, 120_000);

  it('served every /v3 answer above from the replica', () => {
    const { computed, onReplica } = t.app.services.metrics.stats();
    expect(computed).toBeGreaterThan(0);
    expect(onReplica).toBe(computed);
  });
});
