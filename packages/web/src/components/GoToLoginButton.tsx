import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { appPath } from '../routes/paths.ts';

/** The way back to the login screen at the end of a menu-less flow. */
export function GoToLoginButton({
  variant = 'contained',
}: {
  variant?: 'contained' | 'outlined' | 'text';
}) {
  const { t } = useTranslation();
  return (
    <Button component={RouterLink} to={appPath('Login')} variant={variant} size="large">
      {t('common.goToLogin')}
    </Button>
  );
}
