import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { StoreMapProps } from './types.ts';

// MapLibre is large: it loads only where a store's position is shown.
const StoreMap = lazy(() => import('./StoreMap.tsx'));

export function LazyStoreMap(props: StoreMapProps) {
  return (
    <Suspense
      fallback={
        <Box sx={{ height: props.height }}>
          <Skeleton variant="rounded" height={props.height} />
        </Box>
      }
    >
      <StoreMap {...props} />
    </Suspense>
  );
}
