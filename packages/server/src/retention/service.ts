import {
  AGE_BANDS,
  ageBandIndex,
  COHORT_MONTHS_SINCE,
  MARKET_SHARE_AGE_BANDS,
  OVERDUE_LIST_LIMIT,
  RETURN_WINDOWS,
  type OverdueTally,
  type RetentionCohortsQuery,
  type RetentionCohortsResponse,
  type RetentionGroup,
  type RetentionOverdueQuery,
  type RetentionOverdueResponse,
  type ReturnShare,
} from '@pharmalytics/domain';
import type { AnalysisScope } from '../access/analysis-scope.ts';
import { executorOf } from '../analytics/executors.ts';
import type { AnswerSource } from '../analytics/metric-cache.ts';
import { cohortCounts, cohortMonthCounts, type CohortCount } from './cohort-queries.ts';
import { overdueRows, type OverdueRow } from './overdue-queries.ts';

/** Percent with one decimal; null without a denominator. */
const percent = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 1000) / 10;

const monthText = (index: number) =>
  `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
const monthIndexOf = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

const UNKNOWN = '不明';

/** A group's key and name: an age in years becomes its band, a missing name 不明. */
function groupOf(count: CohortCount, breakdown: RetentionCohortsQuery['breakdown']) {
  if (breakdown === 'age') {
    const band = count.key === '' ? AGE_BANDS.length : ageBandIndex(Math.max(0, Number(count.key)));
    return { key: String(band), name: MARKET_SHARE_AGE_BANDS[band]!, order: band };
  }
  return { key: count.key, name: count.name ?? UNKNOWN, order: 0 };
}

interface Tally {
  key: string;
  name: string;
  order: number;
  patients: number;
  eligible: number[];
  returned: number[];
}

const emptyTally = (key: string, name: string, order = 0): Tally => ({
  key,
  name,
  order,
  patients: 0,
  eligible: RETURN_WINDOWS.map(() => 0),
  returned: RETURN_WINDOWS.map(() => 0),
});

function add(tally: Tally, count: CohortCount) {
  tally.patients += count.patients;
  count.eligible.forEach((n, i) => (tally.eligible[i]! += n));
  count.returned.forEach((n, i) => (tally.returned[i]! += n));
}

function retentionGroup({ key, name, patients, eligible, returned }: Tally): RetentionGroup {
  const returns: ReturnShare[] = RETURN_WINDOWS.map((days, i) => ({
    days,
    eligible: eligible[i]!,
    returned: returned[i]!,
    rate: percent(returned[i]!, eligible[i]!),
  }));
  return { key, name, patients, returns };
}

/**
 * 新患の継続率 of a scope (docs/metrics.md): the new patients of each month of the period, the
 * share of them who came again within 30, 90 and 180 days, by the breakdown asked and in all,
 * and the cohort table (share seen again in each later month).
 */
export async function retentionCohorts(
  on: AnswerSource,
  scope: AnalysisScope,
  q: RetentionCohortsQuery,
): Promise<RetentionCohortsResponse> {
  const query = { scope, from: q.from, to: q.to, breakdown: q.breakdown };
  const executor = executorOf(on);
  const [counts, monthCounts] = await Promise.all([
    cohortCounts(executor, query),
    cohortMonthCounts(executor, query),
  ]);
  const first = monthIndexOf(q.from);
  const last = monthIndexOf(q.to);
  const months = new Map<number, Tally>();
  for (let m = first; m <= last; m++) months.set(m, emptyTally(monthText(m), monthText(m)));
  const groups = new Map<string, Tally>();
  const total = emptyTally('', '全体');
  for (const count of counts) {
    add(months.get(count.month)!, count);
    const group = groupOf(count, q.breakdown);
    const tally = groups.get(group.key) ?? emptyTally(group.key, group.name, group.order);
    add(tally, count);
    groups.set(group.key, tally);
    add(total, count);
  }
  const seen = new Map(monthCounts.map((c) => [`${c.month}:${c.monthsSince}`, c.patients]));
  const cohorts = [...months.entries()].map(([month, tally]) => ({
    ...retentionGroup(tally),
    monthsSince: Array.from({ length: COHORT_MONTHS_SINCE }, (_, i) =>
      month + i + 1 > last
        ? null
        : (percent(seen.get(`${month}:${i + 1}`) ?? 0, tally.patients) ?? null),
    ),
  }));
  const ordered = [...groups.values()].sort((a, b) =>
    q.breakdown === 'age'
      ? a.order - b.order
      : b.patients - a.patients || a.key.localeCompare(b.key),
  );
  return {
    asOf: q.to,
    breakdown: q.breakdown,
    cohorts,
    groups: ordered.map(retentionGroup),
    total: retentionGroup(total),
  };
}

/** Average monthly sales over the year: the year's sales ÷ 12, whole yen. */
export const revenueAtRisk = (yearSales: number) => Math.round(yearSales / 12);

function tallyBy(
  rows: readonly OverdueRow[],
  keyOf: (row: OverdueRow) => { key: string; name: string },
): OverdueTally[] {
  const tallies = new Map<string, OverdueTally>();
  for (const row of rows) {
    const { key, name } = keyOf(row);
    const tally = tallies.get(key) ?? { key, name, patients: 0, revenueAtRisk: 0 };
    tally.patients += 1;
    tally.revenueAtRisk += revenueAtRisk(row.yearSales);
    tallies.set(key, tally);
  }
  return [...tallies.values()];
}

const byAmount = (a: OverdueTally, b: OverdueTally) =>
  b.revenueAtRisk - a.revenueAtRisk || b.patients - a.patients || a.key.localeCompare(b.key);

/**
 * 来局予定を過ぎた患者 of a scope (docs/metrics.md): counted by store and institution with their
 * 売上見込み, by month of the supply's end, and listed by pseudonym, the largest amounts first
 * (`limit` of them; the CSV asks for all).
 */
export async function retentionOverdue(
  on: AnswerSource,
  scope: AnalysisScope,
  q: RetentionOverdueQuery,
  limit: number = OVERDUE_LIST_LIMIT,
): Promise<RetentionOverdueResponse> {
  const { rows, unjudged } = await overdueRows(executorOf(on), {
    scope,
    from: q.from,
    to: q.to,
    graceDays: q.graceDays,
  });
  const patients = rows
    .map(({ yearSales, institutionCode: _code, ...row }) => ({
      ...row,
      revenueAtRisk: revenueAtRisk(yearSales),
    }))
    .sort(
      (a, b) =>
        b.revenueAtRisk - a.revenueAtRisk ||
        b.daysOverdue - a.daysOverdue ||
        a.storeCode.localeCompare(b.storeCode) ||
        a.pseudonym.localeCompare(b.pseudonym),
    );
  const total = tallyBy(rows, () => ({ key: '', name: '全体' }))[0] ?? {
    key: '',
    name: '全体',
    patients: 0,
    revenueAtRisk: 0,
  };
  const months = new Map<string, OverdueTally>();
  for (let m = monthIndexOf(q.from); m <= monthIndexOf(q.to); m++) {
    months.set(monthText(m), {
      key: monthText(m),
      name: monthText(m),
      patients: 0,
      revenueAtRisk: 0,
    });
  }
  for (const tally of tallyBy(rows, (r) => ({ key: r.supplyEnd.slice(0, 7), name: '' }))) {
    const month = months.get(tally.key)!;
    month.patients = tally.patients;
    month.revenueAtRisk = tally.revenueAtRisk;
  }
  return {
    asOf: q.to,
    graceDays: q.graceDays,
    total,
    byStore: tallyBy(rows, (r) => ({ key: r.storeCode, name: r.storeName })).sort(byAmount),
    byInstitution: tallyBy(rows, (r) => ({
      key: r.institutionCode,
      name: r.institutionName || UNKNOWN,
    })).sort(byAmount),
    trend: [...months.values()],
    patients: patients.slice(0, limit),
    unjudged,
    byInterval: rows.filter((r) => r.supplyBasis === 'interval').length,
  };
}
