import { concentrationRiseHistory } from '@pharmalytics/datagen';
import type { JudgedRuleSet } from '@pharmalytics/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupScope } from '../access/analysis-scope.ts';
import { adminOf } from '../testing/auth.ts';
import { uploadHistory } from '../testing/facility-history.ts';
import { replicaCaughtUp, wholeScope } from '../testing/replica.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { judgeStores } from './judgements.ts';

/**
 * Store 1001 holds `concentrationRiseHistory` judged on 2026-11-24: 20 receptions a month from
 * February 2025 to October 2026 (one fee line each), until April 2026 A 9, B 5, C 3, D 3
 * (集中率 45 %), from May 2026 A 12, B 4, C 2, D 2 (60 %); 後発 90 of 100 units a month, 80 from
 * August 2026. An administrator has marked it as having a special relationship with an
 * institution, so over 50 % it falls to 特別調剤基本料A. Store 1002 has no data.
 */
const TODAY = '2026-11-24';

let t: TestApp;
let corporationId: number;
beforeAll(async () => {
  t = await startTestApp();
  const store = await t.db
    .selectFrom('stores')
    .select(['id', 'corporation_id'])
    .where('store_code', '=', '1001')
    .executeTakeFirstOrThrow();
  corporationId = store.corporation_id;
  await uploadHistory(t, '1001', concentrationRiseHistory(TODAY));
  await t.db
    .insertInto('store_facility_facts')
    .values({ corporation_id: corporationId, store_id: store.id, special_relationship: true })
    .onConflict((oc) =>
      oc.columns(['corporation_id', 'store_id']).doUpdateSet({ special_relationship: true }),
    )
    .execute();
  await replicaCaughtUp(t.app, t.db);
}, 120_000);
afterAll(() => t.close());

async function judge(role: 'admin' | 'user' = 'admin') {
  const auth = { ...adminOf(corporationId), role };
  const scope = await wholeScope(t.db, ['1001', '1002']);
  const group = await groupScope(t.db, auth);
  return judgeStores(
    { db: t.db, metrics: t.app.services.metrics },
    { auth, scope, group, today: TODAY },
  );
}

const condition = (set: JudgedRuleSet, rule: string, measure: string) =>
  set.rules.find((r) => r.code === rule)!.conditions.find((c) => c.measure === measure)!;

describe('施設基準 judgements of stores', () => {
  it('keeps 基本料1 from the last period and foresees 特別A from the period under way', async () => {
    const answer = await judge();
    expect(answer).toMatchObject({
      today: TODAY,
      previousPeriod: { fromMonth: '2025-05', toMonth: '2026-04', appliesFrom: '2026-06-01' },
      currentPeriod: { fromMonth: '2026-05', toMonth: '2027-04', appliesFrom: '2027-06-01' },
    });
    const store = answer.stores.find((s) => s.storeCode === '1001')!;
    expect(store.lastCompleteMonth).toBe('2026-10');
    expect(store.topInstitution).toEqual({ key: '4011000011', name: '天神内科クリニック' });

    const { current, projected } = store.basicFee;
    expect(current).toMatchObject({ revisionCode: 'R8', observedMonths: 12 });
    expect(current!.outcome.applies).toBe('basic_1');
    expect(condition(current!.outcome, 'special_a', 'concentration_rate')).toMatchObject({
      value: 45,
      met: false,
      margin: 5,
    });
    // Six months observed at 60 %; the six to come, the year before's 9 a month from A at this
    // year's trend (12 / 9), are 12 of 20 again.
    expect(projected).toMatchObject({ revisionCode: 'R8', observedMonths: 6 });
    expect(projected!.trend).toBeCloseTo(1, 10);
    expect(projected!.outcome.applies).toBe('special_a');
    const rate = condition(projected!.outcome, 'special_a', 'concentration_rate');
    expect(rate.value as number).toBeCloseTo(60, 8);
    expect(rate.margin).toBeCloseTo(-10, 6);
    // 12 of 20 at 50 % takes 24 receptions a month: 4 more from other institutions.
    expect(store.receptionsToKeepCurrent).toBe(4);

    const months = store.months;
    expect(months).toHaveLength(24);
    expect(months.find((m) => m.month === '2026-10')).toMatchObject({
      projected: false,
      standardReceptions: 20,
      topReceptions: 12,
      concentrationRate: 60,
    });
    const march = months.find((m) => m.month === '2027-03')!;
    expect(march.projected).toBe(true);
    expect(march.standardReceptions).toBeCloseTo(20, 8);
    expect(march.topReceptions).toBeCloseTo(12, 8);
  });

  it('judges the generic share of the last three months and of the next three', async () => {
    const store = (await judge()).stores.find((s) => s.storeCode === '1001')!;
    expect(store.generic.current).toMatchObject({
      window: ['2026-08', '2026-09', '2026-10'],
      appliesMonth: '2026-11',
      projectedMonths: 0,
    });
    const share = (set: JudgedRuleSet) => condition(set, 'generic_reduction', 'generic_share');
    expect(share(store.generic.current!.reduction).value).toBeCloseTo(80, 8);
    // November to January, projected from the year before (90 %) at the trend of the last
    // three months (80 / 90 of the year before): 80 % again.
    expect(store.generic.projected).toMatchObject({
      window: ['2026-11', '2026-12', '2027-01'],
      projectedMonths: 3,
    });
    expect(share(store.generic.projected!.reduction).value).toBeCloseTo(80, 8);
  });

  it('answers nothing to judge for a store without data', async () => {
    const store = (await judge()).stores.find((s) => s.storeCode === '1002')!;
    expect(store).toMatchObject({
      lastCompleteMonth: null,
      basicFee: { current: null, projected: null },
      generic: { current: null, projected: null },
      receptionsToKeepCurrent: null,
      months: [],
    });
  });

  it('withholds the group figures from members who are not administrators', async () => {
    const group = (answer: Awaited<ReturnType<typeof judge>>) =>
      condition(
        answer.stores.find((s) => s.storeCode === '1001')!.basicFee.projected!.outcome,
        'basic_3i',
        'group_receptions_per_month',
      );
    expect(group(await judge('admin')).value).toBeCloseTo(20, 8);
    expect(group(await judge('user'))).toMatchObject({ value: null, margin: null, met: false });
  });
});
