import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type {
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { lazy, Suspense } from 'react';

/** An ECharts option limited to the registered series and components. */
export type EChartOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
>;

export interface EChartProps {
  /** Applied whole (not merged) whenever it changes; memoise it to keep the chart's state. */
  option: EChartOption;
  /** Height in pixels; the width follows the container. */
  height: number;
  ariaLabel: string;
}

// The chart library is the largest file the app has: fetched with the first chart drawn, beside
// the page rather than before it, so that figures and tables show while it arrives.
const EChartCanvas = lazy(() => import('./EChartCanvas.tsx'));

/** A line or bar chart that follows its container's width; its space is kept while it loads. */
export function EChart(props: EChartProps) {
  return (
    <Suspense
      fallback={
        <div
          role="img"
          aria-label={props.ariaLabel}
          aria-busy="true"
          style={{ width: '100%', height: props.height }}
        />
      }
    >
      <EChartCanvas {...props} />
    </Suspense>
  );
}
