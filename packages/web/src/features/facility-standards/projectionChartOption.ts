import {
  facilityMonthText,
  FACILITY_STANDARDS_LABELS as L,
  formatNumber,
  type JudgementMonth,
} from '@pharmalytics/domain';
import type { EChartOption } from '../../components/charts/EChart.tsx';
import type { DecidingClause } from './model.ts';

export interface ChartColors {
  fontFamily: string;
  text: string;
  mutedText: string;
  gridLine: string;
  observed: string;
  projected: string;
  yearBefore: string;
  threshold: string;
}

export interface ThresholdLine {
  name: string;
  value: number;
}

const UNIT = '回';
const receptionsText = (value: unknown) =>
  typeof value === 'number' ? `${formatNumber(value, 0)}${UNIT}` : '-';

/**
 * The current 判定期間 month by month: observed receptions, the projection after the last
 * complete month (joined to it), the same months of the period before, and thresholds.
 */
export function projectionChartOption(input: {
  current: readonly JudgementMonth[];
  previous: readonly JudgementMonth[];
  thresholds: readonly ThresholdLine[];
  colors: ChartColors;
}): EChartOption {
  const { current, previous, thresholds, colors } = input;
  const lastObserved = current.findLastIndex((m) => !m.projected);
  const observed = current.map((m) => (m.projected ? null : m.standardReceptions));
  const projected = current.map((m, i) =>
    m.projected || i === lastObserved ? m.standardReceptions : null,
  );
  const before = current.map((_, i) => previous[i]?.standardReceptions ?? null);
  const axisLabel = { fontSize: 11, color: colors.mutedText };
  const line = (name: string, data: (number | null)[], color: string, dashed = false) => ({
    type: 'line' as const,
    name,
    data,
    symbol: 'circle',
    symbolSize: 5,
    itemStyle: { color },
    lineStyle: { color, width: 2, type: dashed ? ('dashed' as const) : ('solid' as const) },
  });
  return {
    animation: false,
    textStyle: { fontFamily: colors.fontFamily },
    legend: { top: 0, itemGap: 16, textStyle: { color: colors.text, fontSize: 12 } },
    tooltip: { trigger: 'axis', valueFormatter: receptionsText },
    grid: {
      top: 48,
      right: 16,
      bottom: 0,
      left: 0,
      outerBoundsMode: 'same',
      outerBoundsContain: 'axisLabel',
    },
    xAxis: {
      type: 'category',
      data: current.map((m) => facilityMonthText(m.month)),
      axisLine: { lineStyle: { color: colors.mutedText } },
      axisLabel,
    },
    yAxis: {
      type: 'value',
      name: UNIT,
      nameTextStyle: axisLabel,
      axisLabel: { ...axisLabel, formatter: (value: number) => formatNumber(value, 0) },
      splitLine: { lineStyle: { color: colors.gridLine } },
    },
    series: [
      line(L.observed, observed, colors.observed),
      line(L.projected, projected, colors.projected, true),
      line(L.yearBefore, before, colors.yearBefore),
      ...thresholds.map((t) => ({
        type: 'line' as const,
        name: t.name,
        data: current.map(() => t.value),
        symbol: 'none',
        itemStyle: { color: colors.threshold },
        lineStyle: { color: colors.threshold, width: 1, type: 'dotted' as const },
      })),
    ],
  };
}

/**
 * The receptions thresholds worth drawing: those of the clauses shown on the card, when they lie
 * within reach of the figures (a far threshold would flatten the lines).
 */
export function receptionThresholds(
  clauses: readonly DecidingClause[],
  months: readonly JudgementMonth[],
): ThresholdLine[] {
  const peak = Math.max(0, ...months.map((m) => m.standardReceptions ?? 0));
  const lines = new Map<number, ThresholdLine>();
  for (const clause of clauses) {
    for (const c of clause.conditions) {
      if (c.measure !== 'receptions_per_month' || c.threshold === null) continue;
      if (c.threshold > peak * 2 || lines.has(c.threshold)) continue;
      lines.set(c.threshold, {
        name: `${L.thresholdLine} ${formatNumber(c.threshold, 0)}${UNIT}（${clause.rule.name}）`,
        value: c.threshold,
      });
    }
  }
  return [...lines.values()];
}
