import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** A centred spinner for a loading page or panel. */
export function PageLoader({ minHeight = 240 }: { minHeight?: number | string }) {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'grid', placeItems: 'center', minHeight, width: '100%' }}
    >
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}
