import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export const MAP_HEIGHT = 600;

/** The frame of a map screen's map: fixed height, overlays inside, a bar while it loads. */
export function MapFrame({ busy, children }: { busy: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box
      data-testid="analysis-map"
      aria-busy={busy}
      sx={{
        position: 'relative',
        height: MAP_HEIGHT,
        borderRadius: 1,
        overflow: 'hidden',
        border: '1px solid',
        borderColor: 'divider',
        '& .maplibregl-ctrl-attrib': { fontSize: 11 },
      }}
    >
      {children}
      {busy && (
        <LinearProgress
          aria-label={t('common.loading')}
          sx={{ position: 'absolute', top: 0, left: 0, right: 0 }}
        />
      )}
    </Box>
  );
}

/** In place of the map: why it cannot be shown (no store chosen, a store without an address). */
export function MapUnavailable({ message }: { message: string }) {
  return (
    <Box
      role="status"
      sx={{
        height: MAP_HEIGHT / 2,
        display: 'grid',
        placeItems: 'center',
        px: 3,
        textAlign: 'center',
        bgcolor: 'background.default',
        borderRadius: 1,
        border: '1px solid',
        borderColor: 'divider',
      }}
    >
      <Typography>{message}</Typography>
    </Box>
  );
}
