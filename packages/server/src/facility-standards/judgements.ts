import {
  DEFAULT_STORE_FACTS,
  judgeStore,
  judgementPeriodsOn,
  shiftMonthBy,
  storeJudgementWire,
  type FacilityJudgementsResponse,
  type JudgementPeriod,
  type MonthlyFigure,
  type PeriodFigures,
  type StoreFacts,
} from '@pharmalytics/domain';
import type { AnalysisScope } from '../access/analysis-scope.ts';
import type { AuthContext } from '../access/auth-context.ts';
import {
  computeGroupTotals,
  computeStoreQuantities,
  computeStoreUnits,
  storeMonthKey,
  type StoreMonthUnits,
} from '../analytics/facility-measures.ts';
import type { AnalyticsRouteDeps } from '../analytics/metric-cache.ts';
import type { Database } from '../db/connection.ts';
import { buildingsOf, listGroupOutsideStores } from './measure-inputs-queries.ts';
import { loadFacilityStandardRules } from './rules-queries.ts';

/** Months before the last complete period the figures start: the trend of its first months. */
const LEAD_MONTHS = 3;

/** The facts entered for the stores, the common case for those without a row. */
export async function storeFactsOf(
  db: Database,
  corporationId: number,
  storeIds: readonly number[],
): Promise<Map<number, { facts: StoreFacts; entered: boolean }>> {
  const rows =
    storeIds.length === 0
      ? []
      : await db
          .selectFrom('store_facility_facts')
          .select([
            'store_id',
            'basic_fee_notified',
            'special_relationship',
            'real_estate_lease',
            'low_resource_area',
            'urban_new_opening',
          ])
          .where('corporation_id', '=', corporationId)
          .where('store_id', 'in', [...storeIds])
          .execute();
  const entered = new Map(rows.map(({ store_id, ...facts }) => [store_id, facts]));
  return new Map(
    storeIds.map((id) => {
      const facts = entered.get(id);
      return [id, { facts: facts ?? DEFAULT_STORE_FACTS, entered: facts !== undefined }];
    }),
  );
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
  const fromMonth = shiftMonthBy(previous.fromMonth, -LEAD_MONTHS);
  const range = { fromMonth, toMonth: lastMonth };
  const months = [...previous.months, ...current.months].filter((m) => m <= lastMonth);
  const loaded = Array.from({ length: LEAD_MONTHS }, (_, i) => shiftMonthBy(fromMonth, i)).concat(
    months,
  );

  const [revisions, buildings, outside, factsOf, stores] = await Promise.all([
    loadFacilityStandardRules(db),
    buildingsOf(db, scope.corporationId),
    listGroupOutsideStores(db, scope.corporationId),
    storeFactsOf(db, scope.corporationId, scope.storeIds),
    db
      .selectFrom('stores')
      .select(['id', 'store_code', 'name'])
      .where('corporation_id', '=', scope.corporationId)
      .where('id', 'in', scope.storeIds.length > 0 ? [...scope.storeIds] : [-1])
      .orderBy('store_code')
      .execute(),
  ]);
  const buildingKeys = [...buildings].sort();
  const question = { ...range, buildings: buildingKeys };
  // Kept as entries: the cache sizes its answers by their JSON.
  const [unitEntries, quantityEntries, groupMonths] = await Promise.all([
    metrics.answer('facilityUnits', scope, question, async (on) => [
      ...(await computeStoreUnits(on, { scope, ...range, buildings })),
    ]),
    metrics.answer('facilityQuantities', scope, question, async (on) => [
      ...(await computeStoreQuantities(on, { scope, ...range, buildings })),
    ]),
    metrics.answer('groupTotals', group, { ...question, outside }, (on) =>
      computeGroupTotals(on, { scope: group, ...range, buildings, outside }),
    ),
  ]);
  const units: StoreMonthUnits = new Map(unitEntries);
  const quantities = new Map(quantityEntries);
  const groupByMonth = new Map(groupMonths.map((g) => [g.month, g]));
  const showGroup = input.auth.role === 'admin' || input.auth.role === 'system_admin';

  const judged = stores.map((store) => {
    const cell = (month: string) => units.get(storeMonthKey(store.id, month));
    const standard = monthlyOf(loaded, (m) => {
      const entry = cell(m);
      return entry && entry.receptions > 0
        ? entry.units.reduce((sum, u) => sum + u.receptions, 0)
        : undefined;
    });
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
                .reduce((sum, u) => sum + u.receptions, 0),
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
      facts: factsOf.get(store.id)!.facts,
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
