import ConstructionOutlinedIcon from '@mui/icons-material/ConstructionOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { MESSAGES, PRODUCT_NAME, type RouteDef } from '@pharmalytics/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '../../components/index.ts';
import { appPath } from '../../routes/paths.ts';

function Notice() {
  const { t } = useTranslation();
  return (
    <>
      <ConstructionOutlinedIcon sx={{ fontSize: 56, color: 'secondary.main', mb: 1.5 }} />
      <Typography variant="h2" component="p" sx={{ mb: 1 }}>
        {MESSAGES.comingSoon}
      </Typography>
      <Typography color="text.secondary">{t('comingSoon.body')}</Typography>
    </>
  );
}

/** The placeholder of every screen that is not built yet, driven by the route table. */
export function ComingSoonPage({ def }: { def: RouteDef }) {
  const { t } = useTranslation();
  const title = def.title ?? PRODUCT_NAME;
  if (def.layout === 'menuless') {
    return (
      <Box component="section" aria-labelledby="page-heading" sx={{ textAlign: 'center' }}>
        <Typography id="page-heading" variant="h1" sx={{ mb: 3 }}>
          {title}
        </Typography>
        <Notice />
        <Link component={RouterLink} to={appPath('Login')} sx={{ display: 'inline-block', mt: 3 }}>
          {t('common.backToLogin')}
        </Link>
      </Box>
    );
  }
  return (
    <Box component="section" aria-labelledby="page-heading">
      <PageHeading id="page-heading" title={title} />
      <Paper variant="outlined" sx={{ p: { xs: 4, md: 8 }, textAlign: 'center' }}>
        <Notice />
      </Paper>
    </Box>
  );
}
