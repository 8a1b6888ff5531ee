import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { MESSAGES, PRODUCT_NAME } from '@pharmalytics/domain';
import { useTranslation } from 'react-i18next';

/** Shown when a screen fails to render. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <Box
      role="alert"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}
    >
      <Box>
        <ErrorOutlineIcon color="error" sx={{ fontSize: 56, mb: 1 }} />
        <Typography variant="h1" sx={{ mb: 1 }}>
          {PRODUCT_NAME}
        </Typography>
        <Typography sx={{ mb: 3 }}>{MESSAGES.unexpected}</Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </Button>
      </Box>
    </Box>
  );
}
