import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** A centred spinner for a loading page or panel, with an optional caption. */
export function PageLoader({
  minHeight = 240,
  label,
}: {
  minHeight?: number | string;
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'grid', placeItems: 'center', alignContent: 'center', gap: 2, minHeight }}
    >
      <CircularProgress aria-label={label ?? t('common.loading')} />
      {label && (
        <Typography variant="body2" color="text.secondary" aria-hidden="true">
          {label}
        </Typography>
      )}
    </Box>
  );
}
