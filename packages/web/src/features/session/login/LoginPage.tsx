import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, useTransition, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { appPath, homePath, routeTitle } from '../../../routes/paths.ts';
import { PasswordField, TextInput } from '../../../components/index.ts';
import { needsAgreement, setMember } from '../index.ts';
import type { LoginErrors } from './loginErrors.ts';
import { loginErrorMessage } from './loginFailure.ts';

const FIELDS = ['email', 'password'] as const;

/**
 * The sign-in form. A plain form rather than the form library the other pages use, and its rules
 * (the schema library with the domain's login schema) fetched at the first submit: this is the
 * page every visitor downloads first.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [isSubmitting, startSubmit] = useTransition();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const values = {
      email: String(data.get('email') ?? ''),
      password: String(data.get('password') ?? ''),
    };
    setFailure(null);
    startSubmit(async () => {
      try {
        // The rules and the calls (with the schema library) come with the first submit.
        const [{ loginErrors }, { signIn }] = await Promise.all([
          import('./loginErrors.ts'),
          import('./signIn.ts'),
        ]);
        const invalid = loginErrors(values);
        setErrors(invalid ?? {});
        const firstInvalid = FIELDS.find((name) => invalid?.[name]);
        if (firstInvalid) {
          form.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
          return;
        }
        const member = await signIn(values.email, values.password);
        setMember(member);
        const next = needsAgreement(member)
          ? appPath('Notice')
          : homePath(member.corporation.plan.code);
        await navigate(next, { replace: true });
      } catch (error) {
        setFailure(loginErrorMessage(error));
      }
    });
  };
  const edited = (name: (typeof FIELDS)[number]) => () =>
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));

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
        <TextInput
          name="email"
          onChange={edited('email')}
          type="email"
          label={t('login.email')}
          autoComplete="username"
          autoFocus
          error={Boolean(errors.email)}
          slotProps={{ htmlInput: { 'aria-required': true } }}
          helperText={errors.email}
        />
        <PasswordField
          name="password"
          onChange={edited('password')}
          label={t('login.password')}
          autoComplete="current-password"
          error={Boolean(errors.password)}
          helperText={errors.password}
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
