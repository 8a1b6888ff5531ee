import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import type { TrendPoint } from './model.ts';

const WIDTH = 240;
const HEIGHT = 48;
const PAD = 3;

/** SVG path of the points, broken where a month has no figure. */
function pathOf(points: readonly { x: number; y: number | null }[]): string {
  let path = '';
  let drawing = false;
  for (const { x, y } of points) {
    if (y === null) {
      drawing = false;
      continue;
    }
    path += `${drawing ? 'L' : 'M'}${x.toFixed(1)},${y.toFixed(1)}`;
    drawing = true;
  }
  return path;
}

/**
 * The monthly 施設基準 receptions as a small line: observed months solid, projected ones
 * dashed. Drawn without the chart library so that the cards stay light.
 */
export function Sparkline({ points, label }: { points: readonly TrendPoint[]; label: string }) {
  const theme = useTheme();
  const values = points.map((p) => p.value).filter((v): v is number => v !== null);
  if (values.length < 2) return null;
  const max = Math.max(...values);
  const min = Math.min(...values);
  const span = max - min || 1;
  const step = (WIDTH - PAD * 2) / Math.max(points.length - 1, 1);
  const xy = points.map((p, i) => ({
    x: PAD + i * step,
    y: p.value === null ? null : PAD + (1 - (p.value - min) / span) * (HEIGHT - PAD * 2),
    projected: p.projected,
  }));
  const firstProjected = xy.findIndex((p) => p.projected);
  const observed = firstProjected === -1 ? xy : xy.slice(0, firstProjected);
  // The dashed part starts at the last observed month so the line stays joined.
  const projected = firstProjected === -1 ? [] : xy.slice(Math.max(firstProjected - 1, 0));
  return (
    <Box
      component="svg"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      sx={{ width: '100%', height: HEIGHT, display: 'block' }}
    >
      <path
        d={pathOf(observed)}
        fill="none"
        stroke={theme.palette.primary.main}
        strokeWidth={2}
        vectorEffect="non-scaling-stroke"
      />
      {projected.length > 1 && (
        <path
          d={pathOf(projected)}
          fill="none"
          stroke={theme.palette.secondary.main}
          strokeWidth={2}
          strokeDasharray="4 3"
          vectorEffect="non-scaling-stroke"
        />
      )}
    </Box>
  );
}
