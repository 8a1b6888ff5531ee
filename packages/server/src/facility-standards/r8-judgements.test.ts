import { r8Histories } from '@pharmalytics/datagen';
import {
  facilityAlerts,
  DEFAULT_ALERT_SETTINGS,
  type JudgedRuleSet,
  type StoreJudgementWire,
} from '@pharmalytics/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupScope } from '../access/analysis-scope.ts';
import { adminOf } from '../testing/auth.ts';
import { uploadHistory } from '../testing/facility-history.ts';
import { replicaCaughtUp, wholeScope } from '../testing/replica.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { judgeStores } from './judgements.ts';

/**
 * Three hand-made histories through ingestion (datagen `r8Histories`), judged on 2026-11-24
 * under R8, with the figures worked out by hand:
 * - 1003 (gate): 20 receptions a month, 基本料1, both 実績 items every month (≥ 20 per 1万回),
 *   supply facts and the 体制 entered. Its latest three months (Aug–Oct 2026) hold 90 % generics:
 *   加算2 (59). The next three are projected from last winter's 70 %: below the 85 % gate, every
 *   tier is lost (no R6 generic tier in March 2026, so no deemed status).
 * - 1002 (urban): 700 receptions a month at 620 / 700 = 88.6 % in Fukuoka city, with other
 *   pharmacies within 500 m in the facility master: 調剤基本料2 by ハ (> 600 and > 85 %).
 * - 1001 (location): 集中率 90 % with two other pharmacies within 50 m (立地依存減算 ②), but
 *   designated in 2008, before R8: exempt.
 */
const TODAY = '2026-11-24';

let t: TestApp;
let corporationId: number;
beforeAll(async () => {
  t = await startTestApp();
  const histories = r8Histories(TODAY);
  await uploadHistory(t, '1003', histories.gate);
  await uploadHistory(t, '1002', histories.urban);
  await uploadHistory(t, '1001', histories.location);
  const store = await t.db
    .selectFrom('stores')
    .select(['id', 'corporation_id'])
    .where('store_code', '=', '1003')
    .executeTakeFirstOrThrow();
  corporationId = store.corporation_id;
  const facts = {
    medicine_supply_record: true,
    price_negotiation: true,
    regional_support_system: true,
    designated_on: '2014-06-01',
  };
  await t.db
    .insertInto('store_facility_facts')
    .values({ corporation_id: corporationId, store_id: store.id, ...facts })
    .onConflict((oc) => oc.columns(['corporation_id', 'store_id']).doUpdateSet(facts))
    .execute();
  // Other pharmacies of the facility master: one 300 m north of 1002, two 20 m and 40 m north
  // of 1001 (one metre of latitude is 1 / 111,195 of a degree).
  const north = (latitude: number, meters: number) => latitude + meters / 111_195;
  const pharmacy = (sourceId: string, latitude: number, longitude: number) => ({
    type: 'pharmacy' as const,
    name: `テスト薬局${sourceId}`,
    address: '福岡県福岡市',
    latitude,
    longitude,
    source: 'test',
    source_id: sourceId,
  });
  await t.db
    .insertInto('facility_master')
    .values([
      pharmacy('r8-1', north(33.5885, 300), 130.4169),
      pharmacy('r8-2', north(33.5914, 20), 130.4004),
      pharmacy('r8-3', north(33.5914, 40), 130.4004),
    ])
    .execute();
  await replicaCaughtUp(t.app, t.db);
}, 300_000);
afterAll(() => t.close());

async function judged(storeCode: string): Promise<StoreJudgementWire> {
  const auth = adminOf(corporationId);
  const answer = await judgeStores(
    { db: t.db, metrics: t.app.services.metrics },
    {
      auth,
      scope: await wholeScope(t.db, ['1001', '1002', '1003']),
      group: await groupScope(t.db, auth),
      today: TODAY,
    },
  );
  return answer.stores.find((s) => s.storeCode === storeCode)!;
}

const rule = (set: JudgedRuleSet, code: string) => set.rules.find((r) => r.code === code)!;
const condition = (set: JudgedRuleSet, code: string, measure: string) =>
  rule(set, code).conditions.find((c) => c.measure === measure)!;

describe('R8 judgements of hand-made histories', () => {
  it('loses 加算2 at the 85 % gate: every tier gone ahead, worth a year of 27 points', async () => {
    const store = await judged('1003');
    expect(store.receptionsPerMonth).toBe(20);
    const { current, projected } = store.generic;
    expect(current).toMatchObject({ revisionCode: 'R8', basicFeeCode: 'basic_1' });
    expect(current!.window).toEqual(['2026-08', '2026-09', '2026-10']);
    expect(current!.tier.applies).toBe('regional_supply_2');
    const items = condition(current!.tier, 'regional_supply_2', 'achievement_primary_guidance');
    // 18 months billed once each over 12 × 20 receptions: 12 / 240 × 10,000 = 500 per 1万回.
    expect(items.value).toBeCloseTo(500, 6);
    expect(projected!.window).toEqual(['2026-11', '2026-12', '2027-01']);
    expect(projected!.tier.applies).toBeNull();
    const gate = condition(projected!.tier, 'regional_supply_1', 'generic_share');
    expect(gate).toMatchObject({ met: false, deemedBy: null });
    expect(gate.value as number).toBeCloseTo(70, 6);
    // Not held in March 2026 (70 % over Dec–Feb): no deemed status to rely on.
    expect(projected!.deemed.find((d) => d.code === 'deemed_generic_gate')!.met).toBe(false);
    // The next better outcome is 加算1: 27 points × 10 円 × 20 receptions × 12 months.
    expect(projected!.tier.stake).toEqual({ against: 'regional_supply_1', yenPerYear: 64_800 });
    expect(current!.tier.stake).toEqual({ against: 'regional_supply_3', yenPerYear: 19_200 });
    const messages = facilityAlerts(store, DEFAULT_ALERT_SETTINGS).map((a) => a.message);
    expect(messages.some((m) => m.includes('後発割合が85%を下回る見込み'))).toBe(true);
  });

  it('catches an urban store of 700 receptions at 88.6 % by 調剤基本料2 ハ', async () => {
    const store = await judged('1002');
    const { current } = store.basicFee;
    expect(current).toMatchObject({ revisionCode: 'R8', observedMonths: 12 });
    expect(current!.outcome.applies).toBe('basic_2');
    const clauseC = rule(current!.outcome, 'basic_2').conditions.filter((c) => c.clause === 3);
    expect(clauseC.map((c) => [c.measure, c.met])).toEqual([
      ['receptions_per_month', true],
      ['concentration_rate', true],
      ['urban_area', true],
      ['other_pharmacies_within_500m', true],
    ]);
    expect(clauseC[1]!.value as number).toBeCloseTo((620 * 100) / 700, 6);
    // ロ needs more than 1,800: not met.
    expect(rule(current!.outcome, 'basic_2').conditions.find((c) => c.clause === 2)!.met).toBe(
      false,
    );
    // Against 調剤基本料1: (47 − 30) × 10 円 × 700 × 12.
    expect(current!.outcome.stake).toEqual({ against: 'basic_1', yenPerYear: 1_428_000 });
  });

  it('finds 立地依存減算 ② for a crowded corner, then the exemption of a store designated before R8', async () => {
    const store = await judged('1001');
    const reduction = store.basicFee.current!.locationReduction;
    const clause2 = rule(reduction, 'location_reduction').conditions.filter((c) => c.clause === 2);
    expect(clause2.every((c) => c.met === true)).toBe(true);
    expect(clause2.find((c) => c.measure === 'other_pharmacies_within_50m')!.value).toBe(2);
    expect(rule(reduction, 'location_reduction')).toMatchObject({
      met: false,
      deemedBy: 'deemed_location_exempt',
    });
    expect(reduction.applies).toBeNull();
    expect(
      store.basicFee.current!.deemed.find((d) => d.code === 'deemed_location_exempt'),
    ).toMatchObject({
      met: true,
      validUntil: null,
    });
  });
});
