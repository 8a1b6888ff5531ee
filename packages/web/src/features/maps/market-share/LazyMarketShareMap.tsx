import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { MarketShareMapProps } from './types.ts';

// MapLibre is large: it loads with the map, not with the page's first paint.
const MarketShareMap = lazy(() => import('./MarketShareMap.tsx'));

export function LazyMarketShareMap(props: MarketShareMapProps) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={props.height} />}>
      <MarketShareMap {...props} />
    </Suspense>
  );
}
