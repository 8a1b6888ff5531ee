import { formatAxisTick } from '@pharmalytics/domain';
import { COLORS, type ReportDocument } from './report-document.ts';

/** One KPI's series over the base period and the comparison period, bucket by bucket. */
export interface ChartSeries {
  title: string;
  unit: string;
  /** The base period's bucket labels. */
  labels: readonly string[];
  base: readonly (number | null)[];
  comparison: readonly (number | null)[];
}

/** The points of a series in the box, broken where a value is missing. */
function polylines(
  values: readonly (number | null)[],
  box: { x: number; y: number; width: number; height: number },
  max: number,
  count: number,
): [number, number][][] {
  const step = count > 1 ? box.width / (count - 1) : 0;
  const lines: [number, number][][] = [];
  let current: [number, number][] = [];
  values.forEach((v, i) => {
    if (v === null) {
      if (current.length > 0) lines.push(current);
      current = [];
      return;
    }
    const x = box.x + (count > 1 ? i * step : box.width / 2);
    const y = box.y + box.height - (max > 0 ? (v / max) * box.height : 0);
    current.push([x, y]);
  });
  if (current.length > 0) lines.push(current);
  return lines;
}

function strokeSeries(
  doc: ReportDocument,
  lines: [number, number][][],
  color: string,
  dashed: boolean,
): void {
  for (const line of lines) {
    if (line.length === 1) {
      doc.circle(line[0]![0], line[0]![1], 1.4).fill(color);
      continue;
    }
    doc.moveTo(line[0]![0], line[0]![1]);
    for (const [x, y] of line.slice(1)) doc.lineTo(x, y);
    if (dashed) doc.dash(2, { space: 2 });
    doc.lineWidth(1.2).strokeColor(color).stroke();
    doc.undash();
  }
}

/**
 * A small line chart drawn as vectors: the base period's series solid, the comparison period's
 * dashed, from zero to the larger maximum, with the first and last bucket labels.
 */
export function lineChart(
  doc: ReportDocument,
  chart: ChartSeries,
  frame: { x: number; y: number; width: number; height: number },
): void {
  doc.fontSize(8.5).fillColor(COLORS.text);
  doc.text(chart.title, frame.x, frame.y, { width: frame.width, lineBreak: false, ellipsis: true });
  const box = {
    x: frame.x + 34,
    y: frame.y + 16,
    width: frame.width - 40,
    height: frame.height - 32,
  };
  const values = [...chart.base, ...chart.comparison].filter((v): v is number => v !== null);
  const max = values.length > 0 ? Math.max(...values, 0) : 0;
  doc.rect(box.x, box.y, box.width, box.height).lineWidth(0.4).strokeColor(COLORS.rule).stroke();
  doc.fontSize(6.5).fillColor(COLORS.muted);
  doc.text(formatAxisTick(max, chart.unit), frame.x, box.y - 3, { width: 32, align: 'right' });
  doc.text(formatAxisTick(0, chart.unit), frame.x, box.y + box.height - 6, {
    width: 32,
    align: 'right',
  });
  const count = Math.max(chart.base.length, chart.comparison.length);
  strokeSeries(doc, polylines(chart.comparison, box, max, count), COLORS.comparison, true);
  strokeSeries(doc, polylines(chart.base, box, max, count), COLORS.accent, false);
  if (chart.labels.length > 0) {
    doc.fontSize(6.5).fillColor(COLORS.muted);
    doc.text(chart.labels[0]!, box.x, box.y + box.height + 3, { width: 60, lineBreak: false });
    doc.text(chart.labels.at(-1)!, box.x + box.width - 60, box.y + box.height + 3, {
      width: 60,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.fillColor(COLORS.text);
}
