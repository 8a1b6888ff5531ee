import {
  can,
  boundingDegrees,
  judgedStoreFacts,
  judgeStore,
  judgementPeriodsOn,
  LOCATION_RULES,
  periodBeforeRevision,
  revisionOn,
  shiftMonthBy,
  storeJudgementWire,
  locationMeasures,
  type FacilityJudgementsResponse,
  type JudgementPeriod,
  type MonthlyFigure,
  type PeriodFigures,
  type StoreLocation,
  type StoreMeasures,
} from '@pharmalytics/domain';
import type { AnalysisScope } from '../access/analysis-scope.ts';
import type { AuthContext } from '../access/auth-context.ts';
import {
  computeGroupTotals,
  computeStoreAchievements,
  computeStoreQuantities,
  computeStoreUnits,
  storeMonthKey,
  type StoreMonthUnits,
} from '../analytics/facility-measures.ts';
import type { AnalyticsRouteDeps } from '../analytics/metric-cache.ts';
import type { Database } from '../db/connection.ts';
import { judgedStores, storeFactsOf } from './judgement-queries.ts';
import { buildingsOf, listGroupOutsideStores } from './measure-inputs-queries.ts';
import { loadAchievementFees, loadFacilityStandardRules } from './rules-queries.ts';

/** Months before the last complete period the figures start: the trend of its first months. */
const LEAD_MONTHS = 3;
/** The 実績 of the 加算 are counted over the latest twelve months, per 1万回 of receptions. */
const ACHIEVEMENT_MONTHS = 12;
const ACHIEVEMENT_PER = 10_000;

/** A store's 実績 per 1万回 of receptions over the months (those with receptions). */
function achievementsPer10000(
  counts: ReadonlyMap<string, Readonly<Record<string, number>>>,
  receptions: MonthlyFigure,
  storeId: number,
  months: readonly string[],
): StoreMeasures {
  const total = months.reduce((sum, m) => sum + (receptions[m] ?? 0), 0);
  const sums: Record<string, number> = {};
  for (const month of months) {
    for (const [measure, count] of Object.entries(
      counts.get(storeMonthKey(storeId, month)) ?? {},
    )) {
      sums[measure] = (sums[measure] ?? 0) + count;
    }
  }
  return Object.fromEntries(
    Object.entries(sums).map(([measure, sum]) => [
      measure,
      total > 0 ? (sum * ACHIEVEMENT_PER) / total : null,
    ]),
  ) as StoreMeasures;
}

interface StorePlace {
  id: number;
  latitude: number | null;
  longitude: number | null;
}

/**
 * Each store's place among the pharmacies and hospitals of the facility master (the R8 distance
 * rules): the master's facilities within reach of the farthest rule, then measured one by one.
 */
export async function storeLocationsOf(
  db: Database,
  stores: readonly StorePlace[],
): Promise<Map<number, StoreLocation>> {
  const reach =
    Math.max(LOCATION_RULES.nearbyPharmacyMeters, LOCATION_RULES.hospitalZoneMeters * 2) +
    LOCATION_RULES.crowdedPharmacyMeters;
  const located = stores.flatMap((store) =>
    store.latitude === null || store.longitude === null
      ? []
      : [{ id: store.id, place: { latitude: store.latitude, longitude: store.longitude } }],
  );
  const areas = located.map(({ id, place }) => {
    const box = boundingDegrees(place, reach);
    return {
      id,
      place,
      south: place.latitude - box.lat,
      north: place.latitude + box.lat,
      west: place.longitude - box.lng,
      east: place.longitude + box.lng,
    };
  });
  // One statement for every store: the facilities inside any store's reach.
  const facilities =
    areas.length === 0
      ? []
      : await db
          .selectFrom('facility_master')
          .select(['type', 'latitude', 'longitude', 'beds'])
          .where('type', 'in', ['pharmacy', 'clinic'])
          .where((eb) =>
            eb.or(
              areas.map((a) =>
                eb.and([
                  eb('latitude', '>=', a.south),
                  eb('latitude', '<=', a.north),
                  eb('longitude', '>=', a.west),
                  eb('longitude', '<=', a.east),
                ]),
              ),
            ),
          )
          .execute();
  const locations = new Map(stores.map((s) => [s.id, locationMeasures(null, [], [])]));
  for (const area of areas) {
    const near = facilities.filter(
      (f) =>
        f.latitude >= area.south &&
        f.latitude <= area.north &&
        f.longitude >= area.west &&
        f.longitude <= area.east,
    );
    locations.set(
      area.id,
      locationMeasures(
        area.place,
        near.filter((f) => f.type === 'pharmacy'),
        near.filter((f) => f.type === 'clinic' && f.beds !== null),
      ),
    );
  }
  return locations;
}

/** The institutions leading a store over a period's observed months, largest first. */
function leadingUnits(units: StoreMonthUnits, storeId: number, months: readonly string[]) {
  const totals = new Map<string, { key: string; name: string; receptions: number }>();
  for (const month of months) {
    for (const unit of units.get(storeMonthKey(storeId, month))?.units ?? []) {
      const total = totals.get(unit.key) ?? { key: unit.key, name: unit.name, receptions: 0 };
      total.receptions += unit.receptions;
      totals.set(unit.key, total);
    }
  }
  return [...totals.values()].sort(
    (a, b) => b.receptions - a.receptions || a.key.localeCompare(b.key),
  );
}

const monthlyOf = (months: readonly string[], value: (month: string) => number | undefined) => {
  const figure: Record<string, number> = {};
  for (const month of months) {
    const v = value(month);
    if (v !== undefined) figure[month] = v;
  }
  return figure as MonthlyFigure;
};

/**
 * The judgement of each store of `scope` on `today` (docs/facility-standards.md "How a store is
 * judged"): its figures from three months before the last complete 判定期間 to the last complete
 * month, the group's over the whole corporation (`group`), and the rules of every revision.
 * Group figures are shown to administrators only.
 */
export async function judgeStores(
  { db, metrics }: AnalyticsRouteDeps,
  input: { auth: AuthContext; scope: AnalysisScope; group: AnalysisScope; today: string },
): Promise<FacilityJudgementsResponse> {
  const { scope, group, today } = input;
  const { previous, current } = judgementPeriodsOn(today);
  const lastMonth = shiftMonthBy(today.slice(0, 7), -1);
  const [revisions, achievementFees, buildings, outside, factsOf, stores] = await Promise.all([
    loadFacilityStandardRules(db),
    loadAchievementFees(db),
    buildingsOf(db, scope.corporationId),
    listGroupOutsideStores(db, scope.corporationId),
    storeFactsOf(db, scope.corporationId, scope.storeIds),
    judgedStores(db, scope),
  ]);
  // From three months before the last complete period (the trend of its first months), or from
  // the period that decided the 区分 before the revision in force (its 経過措置), if earlier.
  const fromMonth = [previous, current]
    .map((p) => revisionOn(revisions, p.appliesFrom))
    .filter((r) => r !== null)
    .map((r) => periodBeforeRevision(r.effectiveFrom).fromMonth)
    .reduce(
      (earliest, m) => (m < earliest ? m : earliest),
      shiftMonthBy(previous.fromMonth, -LEAD_MONTHS),
    );
  const range = { fromMonth, toMonth: lastMonth };
  const loaded: string[] = [];
  for (let m = fromMonth; m <= lastMonth; m = shiftMonthBy(m, 1)) loaded.push(m);
  const locations = await storeLocationsOf(db, stores);
  const buildingKeys = [...buildings].sort();
  const question = { ...range, buildings: buildingKeys };
  // Kept as entries: the cache sizes its answers by their JSON.
  const [unitEntries, quantityEntries, achievementEntries, groupMonths] = await Promise.all([
    metrics.answer('facilityUnits', scope, question, async (on) => [
      ...(await computeStoreUnits(on, { scope, ...range, buildings })),
    ]),
    metrics.answer('facilityQuantities', scope, question, async (on) => [
      ...(await computeStoreQuantities(on, { scope, ...range, buildings })),
    ]),
    metrics.answer('facilityAchievements', scope, { ...question, achievementFees }, async (on) => [
      ...(await computeStoreAchievements(on, { scope, ...range, fees: achievementFees })),
    ]),
    metrics.answer('groupTotals', group, { ...question, outside }, (on) =>
      computeGroupTotals(on, { scope: group, ...range, buildings, outside }),
    ),
  ]);
  const units: StoreMonthUnits = new Map(unitEntries);
  const quantities = new Map(quantityEntries);
  const achievements = new Map(achievementEntries);
  const groupByMonth = new Map(groupMonths.map((g) => [g.month, g]));
  // Judgements are read on the paid plans only, so the capability's plan rule holds already.
  const showGroup = can(input.auth, 'administerFacilityStandards');

  const judged = stores.map((store) => {
    const cell = (month: string) => units.get(storeMonthKey(store.id, month));
    const unitSum = (
      m: string,
      count: (u: { receptions: number; concentration: number }) => number,
    ) => {
      const entry = cell(m);
      return entry && entry.receptions > 0
        ? entry.units.reduce((sum, u) => sum + count(u), 0)
        : undefined;
    };
    const standard = monthlyOf(loaded, (m) => unitSum(m, (u) => u.receptions));
    const counted = monthlyOf(loaded, (m) => unitSum(m, (u) => u.concentration));
    const allReceptions = monthlyOf(loaded, (m) => cell(m)?.receptions);
    const withData = Object.keys(standard).sort();
    const lastCompleteMonth = withData.at(-1) ?? null;
    const figuresByPeriod = new Map<string, PeriodFigures>();
    const figuresOf = (period: JudgementPeriod): PeriodFigures => {
      const known = figuresByPeriod.get(period.fromMonth);
      if (known) return known;
      const leading = leadingUnits(
        units,
        store.id,
        period.months.filter((m) => standard[m] !== undefined),
      );
      const top = leading[0] ?? null;
      const top3Keys = new Set(leading.slice(0, 3).map((u) => u.key));
      const sumOf = (keys: Set<string>) =>
        monthlyOf(loaded, (m) =>
          standard[m] === undefined
            ? undefined
            : (cell(m)?.units ?? [])
                .filter((u) => keys.has(u.key))
                .reduce((sum, u) => sum + u.concentration, 0),
        );
      const groupFigure = (
        value: (g: NonNullable<ReturnType<typeof groupByMonth.get>>) => number,
      ) =>
        monthlyOf(loaded, (m) => {
          const g = groupByMonth.get(m);
          return g && g.stores > 0 ? value(g) : undefined;
        });
      const figures = {
        standardReceptions: standard,
        concentrationReceptions: counted,
        topReceptions: sumOf(new Set(top ? [top.key] : [])),
        top3Receptions: sumOf(top3Keys),
        topInstitution: top && { key: top.key, name: top.name },
        groupReceptions: groupFigure((g) => g.receptions),
        groupStores: groupFigure((g) => g.stores),
        groupSameTopReceptions: groupFigure(
          (g) => g.sameTopInstitution.find((s) => s.key === top?.key)?.receptions ?? 0,
        ),
      };
      figuresByPeriod.set(period.fromMonth, figures);
      return figures;
    };
    const quantity = (k: 'generic' | 'eligible' | 'total') =>
      monthlyOf(loaded, (m) => {
        const q = quantities.get(storeMonthKey(store.id, m));
        return q && q.total > 0 ? q[k] : undefined;
      });
    const base = {
      storeCode: store.store_code,
      storeName: store.name,
      lastCompleteMonth,
      topInstitution: null,
      receptionsPerMonth: null,
    };
    if (lastCompleteMonth === null) {
      return {
        ...base,
        basicFee: { current: null, projected: null },
        receptionsToKeepCurrent: null,
        generic: { current: null, projected: null },
        months: [],
      };
    }
    const judgement = judgeStore({
      revisions,
      today,
      lastCompleteMonth,
      facts: judgedStoreFacts(factsOf.get(store.id)!.facts, store),
      location: locations.get(store.id)!,
      achievements: achievementsPer10000(
        achievements,
        allReceptions,
        store.id,
        Array.from({ length: ACHIEVEMENT_MONTHS }, (_, i) => shiftMonthBy(lastCompleteMonth, -i)),
      ),
      allReceptions,
      figuresOf,
      quantities: {
        genericQuantity: quantity('generic'),
        eligibleQuantity: quantity('eligible'),
        totalQuantity: quantity('total'),
        standardReceptions: standard,
      },
    });
    return {
      ...base,
      topInstitution: figuresOf(current).topInstitution ?? figuresOf(previous).topInstitution,
      ...storeJudgementWire(judgement, showGroup),
    };
  });

  const periodWire = ({ fromMonth: from, toMonth, appliesFrom }: JudgementPeriod) => ({
    fromMonth: from,
    toMonth,
    appliesFrom,
  });
  return {
    today,
    previousPeriod: periodWire(previous),
    currentPeriod: periodWire(current),
    stores: judged,
  };
}
