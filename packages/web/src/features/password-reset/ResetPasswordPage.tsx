import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FIELD_LABELS, LIMITS, resetPasswordSchema } from '@pharmalytics/domain';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { appPath, routeTitle } from '../../routes/paths.ts';
import {
  bindField,
  CardHeading,
  fieldHelp,
  FormSubmitButton,
  GoToLoginButton,
  PasswordField,
  ReadOnlyEmailField,
  StatusPanel,
  TokenLinkPage,
} from '../../components/index.ts';
import { passwordResetKeys, resetPassword, verifyResetToken } from './api.ts';
import { RESET_LINK_EXPIRED, resetPasswordFailure, type ResetFailure } from './outcomes.ts';

/** Reset password from the e-mailed link: verify, form, then completion or the error state. */
export function ResetPasswordPage() {
  return (
    <TokenLinkPage<{ email: string }, ResetFailure>
      verifyKey={passwordResetKeys.verify}
      verify={verifyResetToken}
      missingToken={RESET_LINK_EXPIRED}
      verifyFailure={resetPasswordFailure}
      form={({ token, verified, onDone, onFailed }) => (
        <ResetPasswordForm
          token={token}
          email={verified.email}
          onDone={onDone}
          onFailed={onFailed}
        />
      )}
      done={() => <ResetDone />}
      failed={(failure) => <ResetError failure={failure} />}
    />
  );
}

function ResetPasswordForm({
  token,
  email,
  onDone,
  onFailed,
}: {
  token: string;
  email: string;
  onDone: () => void;
  onFailed: (failure: ResetFailure) => void;
}) {
  const { t } = useTranslation();
  const schema = useMemo(() => resetPasswordSchema(email), [email]);
  const submit = useMutation({ mutationFn: resetPassword });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { password: '', rePassword: '' },
  });

  const onSubmit = handleSubmit(async (form) => {
    try {
      await submit.mutateAsync({ token, ...form });
      onDone();
    } catch (error) {
      onFailed(resetPasswordFailure(error));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="reset-heading">
      <CardHeading
        id="reset-heading"
        title={routeTitle('ResetPassword')}
        lead={t('resetPassword.lead')}
      />
      <Stack spacing={1.5}>
        <ReadOnlyEmailField email={email} />
        <PasswordField
          {...bindField(register, 'password')}
          label={FIELD_LABELS.password}
          autoComplete="new-password"
          autoFocus
          error={Boolean(errors.password)}
          helperText={fieldHelp(
            errors.password,
            t('common.passwordHint', { min: LIMITS.passwordMin, max: LIMITS.passwordMax }),
          )}
          slotProps={{ htmlInput: { 'aria-required': true } }}
        />
        <PasswordField
          {...bindField(register, 'rePassword')}
          label={FIELD_LABELS.passwordConfirmation}
          autoComplete="new-password"
          error={Boolean(errors.rePassword)}
          helperText={fieldHelp(errors.rePassword)}
          slotProps={{ htmlInput: { 'aria-required': true } }}
        />
        <FormSubmitButton loading={isSubmitting}>{t('resetPassword.submit')}</FormSubmitButton>
      </Stack>
    </Box>
  );
}

function ResetDone() {
  const { t } = useTranslation();
  return (
    <StatusPanel tone="success" title={t('resetPassword.doneTitle')} actions={<GoToLoginButton />}>
      <Typography sx={{ textAlign: 'center' }}>{t('resetPassword.doneBody')}</Typography>
    </StatusPanel>
  );
}

function ResetError({ failure }: { failure: ResetFailure }) {
  const { t } = useTranslation();
  const login = (
    <Button
      component={RouterLink}
      to={appPath('Login')}
      variant={failure.restart ? 'text' : 'contained'}
      size="large"
    >
      {t('common.backToLogin')}
    </Button>
  );
  return (
    <StatusPanel
      tone="error"
      title={t('resetPassword.errorTitle')}
      actions={
        failure.restart ? (
          <>
            <Button
              component={RouterLink}
              to={appPath('ForgetPassword')}
              variant="contained"
              size="large"
            >
              {t('resetPassword.restart')}
            </Button>
            {login}
          </>
        ) : (
          login
        )
      }
    >
      <Typography sx={{ textAlign: 'center' }}>{failure.message}</Typography>
    </StatusPanel>
  );
}
