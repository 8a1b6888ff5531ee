import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@pharmalytics/domain';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { prefetchCsrfToken } from '../../api/index.ts';
import { Logo } from '../../components/index.ts';

/** Logo and a centred card: login, sign-up, reset, notice and similar screens. */
export function MenulessLayout({
  wide = false,
  children,
}: {
  wide?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  useEffect(() => {
    prefetchCsrfToken();
  }, []);

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        px: 2,
        py: { xs: 4, md: 6 },
        background:
          'radial-gradient(circle at 15% 0%, #d7efec 0%, transparent 45%), radial-gradient(circle at 100% 100%, #fdebd6 0%, transparent 40%), #f4f7f7',
      }}
    >
      <Box component="header" sx={{ mb: 1, textAlign: 'center' }}>
        <Logo size="large" />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('brand.tagline')}
        </Typography>
      </Box>
      <Paper
        component="main"
        id="main-content"
        elevation={0}
        sx={{
          width: '100%',
          maxWidth: wide ? 680 : 460,
          mt: 3,
          p: { xs: 3, sm: 5 },
          borderRadius: 3,
          border: '1px solid',
          borderColor: 'divider',
          boxShadow: '0 12px 40px rgba(0, 77, 64, 0.08)',
        }}
      >
        {children}
      </Paper>
      <Typography component="footer" variant="caption" color="text.secondary" sx={{ mt: 4 }}>
        {t('brand.copyright', { year: new Date().getFullYear(), product: PRODUCT_NAME })}
      </Typography>
    </Box>
  );
}
