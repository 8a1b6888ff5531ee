import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { SIGN_UP_LINK_VALID_HOURS } from '@pharmalytics/domain';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { appPath, routeTitle } from '../../routes/paths.ts';
import { StatusPanel } from '../../components/index.ts';
import type { CheckEmailState } from './SignUpPage.tsx';

function sentTo(state: unknown): string | null {
  const email = (state as Partial<CheckEmailState> | null)?.email;
  return typeof email === 'string' && email !== '' ? email : null;
}

/** After sign-up: open the link in the verification mail. */
export function CheckEmailPage() {
  const { t } = useTranslation();
  const email = sentTo(useLocation().state);
  return (
    <StatusPanel
      tone="mail"
      title={routeTitle('CheckEmail')}
      actions={
        <>
          <Button component={RouterLink} to={appPath('Login')} variant="outlined" size="large">
            {t('common.backToLogin')}
          </Button>
          <Link
            component={RouterLink}
            to={appPath('SignUp')}
            variant="body2"
            sx={{ alignSelf: 'center' }}
          >
            {t('checkEmail.retry')}
          </Link>
        </>
      }
    >
      <Typography>
        {email ? (
          <Trans
            i18nKey="checkEmail.sentTo"
            values={{ email }}
            components={{
              address: (
                <Box
                  component="strong"
                  sx={{ color: 'text.primary', fontWeight: 700, wordBreak: 'break-all' }}
                />
              ),
            }}
          />
        ) : (
          t('checkEmail.sent')
        )}
      </Typography>
      <Typography>{t('checkEmail.openLink')}</Typography>
      <Typography variant="body2">
        {t('common.linkValidity', { hours: SIGN_UP_LINK_VALID_HOURS })}
        {t('checkEmail.spam')}
      </Typography>
    </StatusPanel>
  );
}
