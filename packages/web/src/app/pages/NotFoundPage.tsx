import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { route } from '@pharmalytics/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useMember } from '../../features/session/index.ts';
import { appPath, homePath } from '../../routes/paths.ts';

/** The catch-all page, also rendered in place where plan or role does not allow a route. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const member = useMember();
  const home = member ? homePath(member.corporation.plan.code) : appPath('Login');
  return (
    <Box
      component="section"
      aria-labelledby="not-found-heading"
      sx={{ textAlign: 'center', py: { xs: 4, md: 6 }, px: 2, maxWidth: 560, mx: 'auto' }}
    >
      <Typography
        aria-hidden="true"
        sx={{ fontSize: 72, fontWeight: 800, lineHeight: 1, color: 'primary.main', mb: 2 }}
      >
        {t('notFound.code')}
      </Typography>
      <Typography id="not-found-heading" variant="h1" sx={{ mb: 2 }}>
        {route('NotFound').title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t('notFound.body')}
      </Typography>
      <Button component={RouterLink} to={home} variant="contained" startIcon={<HomeOutlinedIcon />}>
        {member ? t('common.backHome') : t('common.backToLogin')}
      </Button>
    </Box>
  );
}
