import { addMonths, format, parse, subDays } from 'date-fns';
import {
  basicFeeFlags,
  deemedStatusesOn,
  evaluateFacilityStandards,
  evaluateRuleSet,
  withUndecided,
  type DeemedStatuses,
  type RuleSetOutcome,
} from './evaluate-rules.ts';
import type { FACILITY_MEASURES, FacilityMeasure, StoreMeasures } from './measures.ts';
import {
  judgementPeriodOn,
  projectPeriod,
  type JudgementPeriod,
  type PeriodProjection,
} from './projection.ts';
import { revisionOn } from './revision-on-date.ts';
import type { FacilityRule, RevisionRules } from './rule-schemas.ts';
import { GENERIC_SHARE_WINDOW_MONTHS, GENERIC_TIER_REFERENCE_MONTH } from './measure-basis.ts';

const MONTH_FORMAT = 'yyyy-MM';
export const shiftMonthBy = (month: string, by: number) =>
  format(addMonths(parse(month, MONTH_FORMAT, new Date(2000, 0, 1)), by), MONTH_FORMAT);

/** A figure per month `yyyy-MM`; a month left out has no data (not zero). */
export type MonthlyFigure = Readonly<Record<string, number>>;

/**
 * The monthly figures one store's 区分 is judged on over one 判定期間. Each part of a ratio is a
 * figure of its own, so a ratio is projected as its projected numerator over its projected
 * denominator. `top` and `top3` follow the institutions (buildings counted as one) that lead the
 * period's observed months, in every month loaded (the year before gives their seasons).
 */
export interface PeriodFigures {
  standardReceptions: MonthlyFigure;
  /** The receptions the 集中率 counts (facility residents left out), its denominator. */
  concentrationReceptions: MonthlyFigure;
  topReceptions: MonthlyFigure;
  top3Receptions: MonthlyFigure;
  /** The period's top institution, or null without receptions. */
  topInstitution: { key: string; name: string } | null;
  /** The group: all its 施設基準 receptions, its stores, and the stores sharing this top institution. */
  groupReceptions: MonthlyFigure;
  groupStores: MonthlyFigure;
  groupSameTopReceptions: MonthlyFigure;
}

/** 規格単位数量 per month: class 3, classes 2 and 3, every line (measure-basis.ts). */
export interface QuantityFigures {
  genericQuantity: MonthlyFigure;
  eligibleQuantity: MonthlyFigure;
  totalQuantity: MonthlyFigure;
  standardReceptions: MonthlyFigure;
}

type MeasuresFrom<O extends string> = {
  [K in FacilityMeasure]: (typeof FACILITY_MEASURES)[K]['from'] extends O ? K : never;
}[FacilityMeasure];
/** Flags an administrator states for a store; null where nothing was entered. */
export type FactMeasure = Exclude<MeasuresFrom<'fact'>, 'designated_before_revision'>;
export type StoreFacts = { readonly [K in FactMeasure]: boolean | null } & {
  /** The day of the store's 保険薬局 designation, if entered. */
  readonly designatedOn: string | null;
};
/** The store's place among the facilities of the master (distances to pharmacies, hospitals). */
export type LocationMeasure = MeasuresFrom<'location'>;
export type StoreLocation = { readonly [K in LocationMeasure]-?: StoreMeasures[K] };

/** One 点 is 10 円. */
export const YEN_PER_POINT = 10;
/**
 * 特別調剤基本料A pharmacies get this share of a 地域支援・医薬品供給対応体制加算 (10/100,
 * 調剤報酬点数表 区分00 注5 括弧書; rounded to whole points, 留意事項 区分00 3 (1)).
 */
export const SPECIAL_A_ADDITION_SHARE = 0.1;

/** What a number of points per reception is worth in a year: points × 10 円 × receptions × 12. */
export function yenPerYear(pointsPerReception: number, receptionsPerMonth: number): number {
  return Math.round(pointsPerReception * YEN_PER_POINT * receptionsPerMonth * 12);
}

const share = (numerator: number, denominator: number) =>
  denominator > 0 ? (numerator * 100) / denominator : null;

/** The latest month of a figure, or null without any. */
export function latestMonth(figure: MonthlyFigure): string | null {
  const months = Object.keys(figure).sort();
  return months.at(-1) ?? null;
}

interface ProjectedPeriodMeasures {
  measures: StoreMeasures;
  /** Months of the period the data covers; the rest are projected. */
  observedMonths: number;
  /** The trend of the store's 施設基準 receptions (1.05 = 5 % up on the year before), if known. */
  trend: number | null;
  receptions: PeriodProjection | null;
  top: PeriodProjection | null;
  top3: PeriodProjection | null;
}

/** A figure's total over a period: as observed once the period is over, else projected. */
function periodTotal(
  figure: MonthlyFigure,
  period: JudgementPeriod,
  lastCompleteMonth: string,
): PeriodProjection | null {
  if (period.toMonth > lastCompleteMonth) return projectPeriod(figure, period, lastCompleteMonth);
  const months = period.months
    .filter((month) => figure[month] !== undefined)
    .map((month) => ({ month, value: figure[month]!, projected: false }));
  if (months.length === 0) return null;
  const total = months.reduce((sum, m) => sum + m.value, 0);
  return { months, total, observedMonths: months.length, trend: null };
}

/**
 * The basic-fee measures of a 判定期間, averaged per month. A period under way counts all its
 * months, those after `lastCompleteMonth` projected (projectPeriod); a period over counts the
 * months the store has data for (a store open part of the year is judged on those). The group's
 * store count is the latest observed, not projected. Null when the store has nothing to judge
 * the period on.
 */
export function basicFeeMeasures(
  figures: PeriodFigures,
  facts: StoreMeasures,
  period: JudgementPeriod,
  lastCompleteMonth: string,
): ProjectedPeriodMeasures | null {
  const total = (figure: MonthlyFigure) => periodTotal(figure, period, lastCompleteMonth);
  const receptions = total(figures.standardReceptions);
  if (receptions === null || receptions.observedMonths === 0) return null;
  const months = receptions.months.length;
  const perMonth = (p: PeriodProjection | null) => (p === null ? null : p.total / months);
  const top = total(figures.topReceptions);
  const top3 = total(figures.top3Receptions);
  const counted = total(figures.concentrationReceptions)?.total ?? 0;
  const lastGroupMonth = latestMonth(
    Object.fromEntries(
      Object.entries(figures.groupStores).filter(
        ([m]) => m <= lastCompleteMonth && m <= period.toMonth,
      ),
    ),
  );
  return {
    measures: {
      ...facts,
      receptions_per_month: receptions.total / months,
      concentration_rate: share(top?.total ?? 0, counted),
      top3_concentration_rate: share(top3?.total ?? 0, counted),
      top_institution_receptions_per_month: perMonth(top) ?? 0,
      group_receptions_per_month: perMonth(total(figures.groupReceptions)),
      group_same_institution_receptions_per_month: perMonth(total(figures.groupSameTopReceptions)),
      group_store_count: lastGroupMonth === null ? null : figures.groupStores[lastGroupMonth]!,
    },
    observedMonths: receptions.observedMonths,
    trend: receptions.trend,
    receptions,
    top,
    top3,
  };
}

/** The months of a generic window: `count` months ending with `lastMonth`. */
export function windowEnding(lastMonth: string, count = GENERIC_SHARE_WINDOW_MONTHS): string[] {
  return Array.from({ length: count }, (_, i) => shiftMonthBy(lastMonth, i - count + 1));
}

/**
 * The generic measures over a window of months (ratio of sums, as the 加算 takes its three
 * months), each month observed or projected from the same month a year before at the trend.
 */
export function genericMeasures(
  figures: QuantityFigures,
  window: readonly string[],
  lastCompleteMonth: string,
): { measures: StoreMeasures; projectedMonths: number } | null {
  const period: JudgementPeriod = {
    fromMonth: window[0]!,
    toMonth: window.at(-1)!,
    appliesFrom: `${shiftMonthBy(window.at(-1)!, 1)}-01`,
    months: [...window],
  };
  const total = (figure: MonthlyFigure) => projectPeriod(figure, period, lastCompleteMonth);
  const generic = total(figures.genericQuantity);
  const eligible = total(figures.eligibleQuantity);
  const all = total(figures.totalQuantity);
  const receptions = total(figures.standardReceptions);
  if (eligible === null || all === null) return null;
  return {
    measures: {
      generic_share: share(generic?.total ?? 0, eligible.total),
      cutoff_share: share(eligible.total, all.total),
      receptions_per_month: receptions === null ? null : receptions.total / window.length,
    },
    projectedMonths: eligible.months.filter((m) => m.projected).length,
  };
}

/**
 * The additional 施設基準 receptions per month from institutions outside the top three that would
 * bring the basic fee back to `keep`: the least of the amounts that take each 集中率 condition
 * of the rules just under its threshold, tried in order. Null when no such amount does (a 区分
 * set by the group, a flag or the volume itself), 0 when the store already keeps it.
 */
export function receptionsToKeep(
  rules: readonly FacilityRule[],
  measures: StoreMeasures,
  keep: string,
  deemed: DeemedStatuses = { statuses: [], effects: [], undecidedEffects: [] },
): number | null {
  const receptions = measures.receptions_per_month;
  if (receptions == null) return null;
  const top = ((measures.concentration_rate ?? 0) * receptions) / 100;
  const top3 = ((measures.top3_concentration_rate ?? 0) * receptions) / 100;
  const withMore = (extra: number): StoreMeasures => ({
    ...measures,
    receptions_per_month: receptions + extra,
    concentration_rate: share(top, receptions + extra),
    top3_concentration_rate: share(top3, receptions + extra),
  });
  const candidates = new Set<number>([0]);
  for (const rule of rules.filter((r) => r.ruleSet === 'basic_fee')) {
    for (const c of rule.conditions) {
      if (c.threshold === null || c.threshold <= 0) continue;
      const numerator =
        c.measure === 'concentration_rate'
          ? top
          : c.measure === 'top3_concentration_rate'
            ? top3
            : null;
      if (numerator === null) continue;
      const atThreshold = (numerator * 100) / c.threshold - receptions;
      for (const extra of [Math.ceil(atThreshold), Math.floor(atThreshold) + 1]) {
        if (extra > 0) candidates.add(extra);
      }
    }
  }
  const found = [...candidates]
    .sort((a, b) => a - b)
    .find(
      (extra) =>
        evaluateRuleSet(rules, 'basic_fee', withMore(extra), withUndecided(deemed)).applies
          ?.code === keep,
    );
  return found ?? null;
}

export interface JudgedBasicFee {
  period: JudgementPeriod;
  revisionCode: string;
  outcome: RuleSetOutcome;
  /** 門前薬局等立地依存減算, judged on the same period (none before R8). */
  locationReduction: RuleSetOutcome;
  deemed: DeemedStatuses;
  measures: StoreMeasures;
  observedMonths: number;
  trend: number | null;
}

export interface JudgedGeneric {
  /** The three months judged and the first month their tier applies to. */
  window: string[];
  appliesMonth: string;
  revisionCode: string;
  /** The basic fee 区分 in force in `appliesMonth` that the tier was judged with. */
  basicFeeCode: string | null;
  tier: RuleSetOutcome;
  reduction: RuleSetOutcome;
  deemed: DeemedStatuses;
  measures: StoreMeasures;
  projectedMonths: number;
}

/** One month of a period: observed, or projected from the same month a year before. */
export interface JudgementMonthFigures {
  month: string;
  projected: boolean;
  standardReceptions: number | null;
  topReceptions: number | null;
  top3Receptions: number | null;
  concentrationRate: number | null;
  top3ConcentrationRate: number | null;
  genericShare: number | null;
  cutoffShare: number | null;
}

/** A period month by month, each figure observed or projected as the judgement takes it. */
export function periodMonths(
  figures: PeriodFigures,
  quantities: QuantityFigures,
  period: JudgementPeriod,
  lastCompleteMonth: string,
): JudgementMonthFigures[] {
  const byMonth = (figure: MonthlyFigure) => {
    const projection = periodTotal(figure, period, lastCompleteMonth);
    return new Map(projection?.months.map((m) => [m.month, m]) ?? []);
  };
  const receptions = byMonth(figures.standardReceptions);
  const counted = byMonth(figures.concentrationReceptions);
  const top = byMonth(figures.topReceptions);
  const top3 = byMonth(figures.top3Receptions);
  const generic = byMonth(quantities.genericQuantity);
  const eligible = byMonth(quantities.eligibleQuantity);
  const total = byMonth(quantities.totalQuantity);
  return period.months.map((month) => {
    const value = (m: Map<string, { value: number }>) => m.get(month)?.value ?? null;
    const ratio = (numerator: number | null, denominator: number | null) =>
      denominator === null ? null : share(numerator ?? 0, denominator);
    const standard = value(receptions);
    return {
      month,
      projected: receptions.get(month)?.projected ?? month > lastCompleteMonth,
      standardReceptions: standard,
      topReceptions: value(top),
      top3Receptions: value(top3),
      concentrationRate: ratio(value(top), value(counted)),
      top3ConcentrationRate: ratio(value(top3), value(counted)),
      genericShare: ratio(value(generic), value(eligible)),
      cutoffShare: ratio(value(eligible), value(total)),
    };
  });
}

export interface StoreJudgement {
  /** Every reception per month over the latest twelve complete months: what a fee is billed on. */
  receptionsPerMonth: number | null;
  /** The 区分 decided by the last complete 判定期間, and the one the current period heads for. */
  basicFee: { current: JudgedBasicFee | null; projected: JudgedBasicFee | null };
  /** Receptions per month from other institutions that would keep the current 区分. */
  receptionsToKeepCurrent: number | null;
  /** The tier of the latest three complete months, and of the next three, projected. */
  generic: { current: JudgedGeneric | null; projected: JudgedGeneric | null };
  /** The last complete period and the current one, month by month. */
  months: JudgementMonthFigures[];
}

/** The judgement periods around a day: the last complete one and the one the day is in. */
export function judgementPeriodsOn(day: string) {
  const current = judgementPeriodOn(day);
  const previous = judgementPeriodOn(`${shiftMonthBy(current.fromMonth, -1)}-01`);
  return { previous, current };
}

/** The 判定期間 whose 区分 is in force on a day: the one applying from the latest 1 June. */
export function periodInForceOn(day: string): JudgementPeriod {
  return judgementPeriodOn(`${shiftMonthBy(day.slice(0, 7), -13)}-01`);
}

/** The 判定期間 that decided the 区分 in force the day before a revision took effect. */
export const periodBeforeRevision = (effectiveFrom: string) =>
  periodInForceOn(dayBefore(effectiveFrom));

const dayBefore = (day: string) =>
  format(subDays(parse(day, 'yyyy-MM-dd', new Date(2000, 0, 1)), 1), 'yyyy-MM-dd');

/** The average of a figure over the months it has among `months`, or null without any. */
function averageOver(figure: MonthlyFigure, months: readonly string[]): number | null {
  const values = months.map((m) => figure[m]).filter((v): v is number => v !== undefined);
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

/**
 * One store's basic fee, reductions and 加算 tier, now and ahead, under the revision in force when
 * each applies, with the deemed statuses (経過措置) in force then. `figuresOf` answers the
 * figures of a period (its top institutions differ by period).
 */
export function judgeStore(input: {
  revisions: readonly RevisionRules[];
  today: string;
  lastCompleteMonth: string;
  facts: StoreFacts;
  location: StoreLocation;
  /** The 実績 per 1万回 over the latest twelve complete months (the achievement_ measures). */
  achievements: StoreMeasures;
  /** Every reception per month (not only the 施設基準 ones): what fees are billed on. */
  allReceptions: MonthlyFigure;
  figuresOf: (period: JudgementPeriod) => PeriodFigures;
  quantities: QuantityFigures;
}): StoreJudgement {
  const { revisions, lastCompleteMonth, facts, location } = input;
  const { previous, current } = judgementPeriodsOn(input.today);
  const { designatedOn, ...flags } = facts;
  const stated: StoreMeasures = { ...flags, ...location };
  /** Whether the store was designated before a revision took effect (its 経過措置). */
  const designatedBefore = (effectiveFrom: string) =>
    designatedOn === null ? null : designatedOn < effectiveFrom;

  /** Receptions per month of the period that decided the 区分 the day before `revision` began. */
  const receptionsBefore = (effectiveFrom: string) => {
    const period = periodBeforeRevision(effectiveFrom);
    const before = basicFeeMeasures(input.figuresOf(period), stated, period, lastCompleteMonth);
    return before?.measures.receptions_per_month ?? null;
  };

  const judgeBasicFee = (period: JudgementPeriod): JudgedBasicFee | null => {
    const revision = revisionOn(revisions, period.appliesFrom);
    const projected = basicFeeMeasures(input.figuresOf(period), stated, period, lastCompleteMonth);
    if (revision === null || projected === null) return null;
    const measures = {
      ...projected.measures,
      receptions_per_month_before_revision: receptionsBefore(revision.effectiveFrom),
      designated_before_revision: designatedBefore(revision.effectiveFrom),
    };
    const judged = evaluateFacilityStandards(revision, measures, period.appliesFrom);
    return {
      period,
      revisionCode: revision.code,
      outcome: judged.basicFee,
      locationReduction: judged.locationReduction,
      deemed: judged.deemed,
      measures,
      observedMonths: projected.observedMonths,
      trend: projected.trend,
    };
  };

  // Whether the store held a generic tier in the month the transitional clause names (the tier
  // its data reaches there, under the revision then in force).
  const heldGenericTier = (() => {
    const month = GENERIC_TIER_REFERENCE_MONTH;
    const revision = revisionOn(revisions, `${month}-01`);
    const judged = genericMeasures(
      input.quantities,
      windowEnding(shiftMonthBy(month, -1)),
      lastCompleteMonth,
    );
    if (revision === null || judged === null || shiftMonthBy(month, -1) > lastCompleteMonth) {
      return null;
    }
    return (
      evaluateRuleSet(revision.rules, 'generic_tier', { ...stated, ...judged.measures }).applies !==
      null
    );
  })();

  const basicNow = judgeBasicFee(previous);
  const basicAhead = judgeBasicFee(current);
  /** The basic fee 区分 in force in a month, as judged now and ahead. */
  /** The basic fee 区分 in force in a month: now, ahead, or (in May) the one before now. */
  const basicFeeIn = (month: string) => {
    const day = `${month}-01`;
    const judged = [basicAhead, basicNow].find((j) => j && day >= j.period.appliesFrom);
    return (judged ?? judgeBasicFee(periodInForceOn(day)))?.outcome ?? null;
  };

  const judgeGeneric = (window: string[]): JudgedGeneric | null => {
    const appliesMonth = shiftMonthBy(window.at(-1)!, 1);
    const appliesOn = `${appliesMonth}-01`;
    const revision = revisionOn(revisions, appliesOn);
    const judged = genericMeasures(input.quantities, window, lastCompleteMonth);
    if (revision === null || judged === null) return null;
    const basicFee = basicFeeIn(appliesMonth);
    const measures: StoreMeasures = {
      ...stated,
      ...input.achievements,
      ...judged.measures,
      ...basicFeeFlags(basicFee),
      held_generic_tier_2026_03: heldGenericTier,
    };
    const deemed = deemedStatusesOn(revision, measures, appliesOn);
    return {
      window,
      appliesMonth,
      revisionCode: revision.code,
      basicFeeCode: basicFee?.applies?.code ?? null,
      tier: evaluateRuleSet(revision.rules, 'generic_tier', measures, withUndecided(deemed)),
      reduction: evaluateRuleSet(
        revision.rules,
        'generic_reduction',
        measures,
        withUndecided(deemed),
      ),
      deemed,
      measures,
      projectedMonths: judged.projectedMonths,
    };
  };

  const months = [previous, current].flatMap((period) =>
    periodMonths(input.figuresOf(period), input.quantities, period, lastCompleteMonth),
  );
  const keep = basicNow?.outcome.applies?.code;
  const aheadRules = basicAhead && revisionOn(revisions, basicAhead.period.appliesFrom)?.rules;
  return {
    receptionsPerMonth: averageOver(
      input.allReceptions,
      Array.from({ length: 12 }, (_, i) => shiftMonthBy(lastCompleteMonth, -i)),
    ),
    basicFee: { current: basicNow, projected: basicAhead },
    receptionsToKeepCurrent:
      keep && basicAhead && aheadRules && basicAhead.outcome.applies?.code !== keep
        ? receptionsToKeep(aheadRules, basicAhead.measures, keep, basicAhead.deemed)
        : null,
    generic: {
      current: judgeGeneric(windowEnding(lastCompleteMonth)),
      projected: judgeGeneric(
        windowEnding(shiftMonthBy(lastCompleteMonth, GENERIC_SHARE_WINDOW_MONTHS)),
      ),
    },
    months,
  };
}
