import type { ChartStyle } from './chartStyle.ts';

/** A chart style with recognisable colours, for the option builders' tests. */
export const TEST_STYLE: ChartStyle = {
  fontFamily: 'sans-serif',
  text: '#111111',
  mutedText: '#666666',
  gridLine: '#dddddd',
  bar: '#00897b',
  comparisonBar: '#99d0ca',
};

type Formatter = (...args: never[]) => string;

/** A part of a built option, read loosely: tests look at what they name. */
export interface LooseOption {
  xAxis: {
    data?: string[];
    min?: number;
    max?: number;
    interval?: number;
    axisLabel: { formatter: Formatter };
  };
  legend?: unknown;
  yAxis: {
    data?: string[];
    inverse?: boolean;
    name?: string;
    min?: number;
    max?: number;
    interval?: number;
    axisLabel: { formatter: Formatter };
  };
  tooltip: { trigger: string; formatter: (params: unknown) => string };
  series: {
    type: string;
    name?: string;
    data: (number | null)[];
    connectNulls?: boolean;
    itemStyle: { color: string };
  }[];
}

export const loose = (option: unknown) => option as LooseOption;
