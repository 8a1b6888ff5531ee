import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { loginSchema } from '@pharmalytics/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { appPath, homePath, routeTitle } from '../../../app/paths.ts';
import { PasswordField } from '../../../components/index.ts';
import { needsAgreement, setMember } from '../session/index.ts';
import { loginErrorMessage, signIn } from './signIn.ts';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFailure(null);
    try {
      const member = await signIn(email, password);
      setMember(member);
      const next = needsAgreement(member)
        ? appPath('Notice')
        : homePath(member.corporation.plan.code);
      await navigate(next, { replace: true });
    } catch (error) {
      setFailure(loginErrorMessage(error));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="login-heading">
      <Typography id="login-heading" variant="h1" sx={{ textAlign: 'center', mb: 1 }}>
        {routeTitle('Login')}
      </Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ textAlign: 'center', mb: 3, textWrap: 'balance' }}
      >
        {t('login.lead')}
      </Typography>
      <Stack spacing={2.5}>
        {failure && (
          <Alert severity="error" variant="outlined">
            {failure}
          </Alert>
        )}
        <TextField
          {...register('email')}
          type="email"
          label={t('login.email')}
          autoComplete="username"
          autoFocus
          error={Boolean(errors.email)}
          slotProps={{ htmlInput: { 'aria-required': true } }}
          helperText={errors.email?.message}
        />
        <PasswordField
          {...register('password')}
          label={t('login.password')}
          autoComplete="current-password"
          error={Boolean(errors.password)}
          helperText={errors.password?.message}
          slotProps={{ htmlInput: { 'aria-required': true } }}
        />
        <Box sx={{ textAlign: 'right', mt: '8px !important' }}>
          <Link component={RouterLink} to={appPath('ForgetPassword')} variant="body2">
            {t('login.forgotPassword')}
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
          {t('login.submit')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: 3 }}>
        {t('login.noAccount')}{' '}
        <Link component={RouterLink} to={appPath('SignUp')} sx={{ fontWeight: 600 }}>
          {t('login.signUp')}
        </Link>
      </Typography>
    </Box>
  );
}
