import { addMonths, format, parse, subYears } from 'date-fns';

/**
 * The 判定期間 of the 施設基準 runs from 1 May to 30 April and decides the 区分 from the following
 * 1 June to 31 May (dispensing-domain reference §2, [二次]).
 */
export const JUDGEMENT_PERIOD = { firstMonth: 5, months: 12, appliesFromMonth: 6 } as const;

/** How many of the latest complete months set the trend against the same months a year before. */
export const PROJECTION_TREND_MONTHS = 3;

const MONTH_FORMAT = 'yyyy-MM';
const toDate = (month: string) => parse(month, MONTH_FORMAT, new Date(2000, 0, 1));
const shiftMonth = (month: string, by: number) =>
  format(addMonths(toDate(month), by), MONTH_FORMAT);
const yearBefore = (month: string) => format(subYears(toDate(month), 1), MONTH_FORMAT);

export interface JudgementPeriod {
  /** First and last month, `yyyy-MM`. */
  fromMonth: string;
  toMonth: string;
  /** The day its 区分 starts to apply, `yyyy-MM-dd`. */
  appliesFrom: string;
  months: string[];
}

/** The 判定期間 a day falls in (`yyyy-MM-dd`): 前年5月〜当年4月, or 当年5月〜翌年4月 from May. */
export function judgementPeriodOn(day: string): JudgementPeriod {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const firstYear = month >= JUDGEMENT_PERIOD.firstMonth ? year : year - 1;
  const fromMonth = `${firstYear}-${String(JUDGEMENT_PERIOD.firstMonth).padStart(2, '0')}`;
  const months = Array.from({ length: JUDGEMENT_PERIOD.months }, (_, i) =>
    shiftMonth(fromMonth, i),
  );
  const toMonth = months.at(-1)!;
  const appliesMonth = String(JUDGEMENT_PERIOD.appliesFromMonth).padStart(2, '0');
  return { fromMonth, toMonth, appliesFrom: `${toMonth.slice(0, 4)}-${appliesMonth}-01`, months };
}

export interface ProjectedMonth {
  month: string;
  value: number;
  /** False for a month the data covers, true for one extrapolated. */
  projected: boolean;
}

export interface PeriodProjection {
  months: ProjectedMonth[];
  /** The period's total: the months observed plus those projected. */
  total: number;
  /** The months the data covers. */
  observedMonths: number;
  /**
   * This year's latest complete months over the same months a year before (1.05 = 5 % up); null
   * when the year before has no figures for them, and the projection then repeats their average.
   */
  trend: number | null;
}

/**
 * A monthly figure (receptions, say) over a 判定期間: the months up to `lastCompleteMonth` as the
 * data has them, each later month as the same month a year before times the recent trend, so a
 * store keeps its seasons (a winter peak stays a peak) at this year's level. Without the year
 * before, the later months repeat the average of the latest complete months. Null when the
 * period has no complete month yet and nothing to extrapolate from.
 */
export function projectPeriod(
  figures: Readonly<Record<string, number>>,
  period: JudgementPeriod,
  lastCompleteMonth: string,
): PeriodProjection | null {
  const recent = Array.from({ length: PROJECTION_TREND_MONTHS }, (_, i) =>
    shiftMonth(lastCompleteMonth, -i),
  ).filter((month) => figures[month] !== undefined);
  if (recent.length === 0) return null;
  const sum = (months: string[]) => months.reduce((total, m) => total + (figures[m] ?? 0), 0);
  const recentTotal = sum(recent);
  const yearBeforeMonths = recent.map(yearBefore);
  const comparable =
    yearBeforeMonths.every((m) => figures[m] !== undefined) && sum(yearBeforeMonths) > 0;
  const trend = comparable ? recentTotal / sum(yearBeforeMonths) : null;
  const recentAverage = recentTotal / recent.length;

  const months = period.months.map((month): ProjectedMonth => {
    const observed = month <= lastCompleteMonth ? figures[month] : undefined;
    if (observed !== undefined) return { month, value: observed, projected: false };
    const sameMonthBefore = figures[yearBefore(month)];
    const value =
      trend !== null && sameMonthBefore !== undefined ? sameMonthBefore * trend : recentAverage;
    return { month, value, projected: true };
  });
  return {
    months,
    total: months.reduce((total, m) => total + m.value, 0),
    observedMonths: months.filter((m) => !m.projected).length,
    trend,
  };
}
