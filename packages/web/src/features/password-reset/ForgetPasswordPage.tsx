import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  FIELD_LABELS,
  forgotPasswordSchema,
  MESSAGES,
  PASSWORD_RESET_LINK_VALID_HOURS,
} from '@pharmalytics/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { appPath, routeTitle } from '../../routes/paths.ts';
import {
  bindField,
  CardHeading,
  enqueueSnackbar,
  fieldHelp,
  FormSubmitButton,
  StatusPanel,
} from '../../components/index.ts';
import { requestPasswordReset } from './api.ts';
import { forgotPasswordSent } from './outcomes.ts';

/** Forgot password: e-mail, then the same completion message whether or not it has an account. */
export function ForgetPasswordPage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const send = useMutation({ mutationFn: requestPasswordReset });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await send.mutateAsync(email);
      setSent(true);
    } catch (error) {
      if (forgotPasswordSent(error)) setSent(true);
      else enqueueSnackbar(MESSAGES.unexpected);
    }
  });

  if (sent) {
    return (
      <StatusPanel
        tone="mail"
        title={t('forgetPassword.doneTitle')}
        actions={
          <Button component={RouterLink} to={appPath('Login')} variant="contained" size="large">
            {t('common.backToLogin')}
          </Button>
        }
      >
        <Typography>{t('forgetPassword.doneBody')}</Typography>
        <Typography variant="body2">
          {t('common.linkValidity', { hours: PASSWORD_RESET_LINK_VALID_HOURS })}
          {t('forgetPassword.spam')}
        </Typography>
      </StatusPanel>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="forget-heading">
      <CardHeading
        id="forget-heading"
        title={routeTitle('ForgetPassword')}
        lead={t('forgetPassword.lead')}
      />
      <Stack spacing={1.5}>
        <TextField
          {...bindField(register, 'email')}
          type="email"
          label={FIELD_LABELS.email}
          autoComplete="username"
          autoFocus
          error={Boolean(errors.email)}
          helperText={fieldHelp(errors.email)}
          slotProps={{ htmlInput: { 'aria-required': true } }}
        />
        <FormSubmitButton loading={isSubmitting}>{t('forgetPassword.submit')}</FormSubmitButton>
      </Stack>
      <Box sx={{ textAlign: 'center', mt: 3 }}>
        <Link component={RouterLink} to={appPath('Login')} variant="body2">
          {t('common.backToLogin')}
        </Link>
      </Box>
    </Box>
  );
}
