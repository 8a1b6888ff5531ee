import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  FIELD_LABELS,
  MESSAGES,
  PRIVACY_POLICY_URL,
  signUpSchema,
  TERMS_URL,
} from '@pharmalytics/domain';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { appPath, routeTitle } from '../../routes/paths.ts';
import {
  bindField,
  CardHeading,
  ExternalLink,
  fieldHelp,
  FormSubmitButton,
} from '../../components/index.ts';
import { requestSignUp } from './api.ts';

/** Where CheckEmail learns the address the mail went to. */
export interface CheckEmailState {
  email: string;
}

/** Sign-up: e-mail and consent; sends the verification mail (spec 01 §2). */
export function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const consentErrorId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const send = useMutation({ mutationFn: requestSignUp });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(signUpSchema),
    mode: 'onTouched',
    defaultValues: { email: '', isApproval: false },
  });

  const onSubmit = handleSubmit(async (form) => {
    setFailure(null);
    try {
      await send.mutateAsync(form);
    } catch {
      setFailure(MESSAGES.signUpFailed);
      return;
    }
    const state: CheckEmailState = { email: form.email.trim() };
    await navigate(appPath('CheckEmail'), { state });
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="sign-up-heading">
      <CardHeading id="sign-up-heading" title={routeTitle('SignUp')} lead={t('signUp.lead')} />
      <Stack spacing={1.5}>
        {failure && (
          <Alert severity="error" variant="outlined">
            {failure}
          </Alert>
        )}
        <TextField
          {...bindField(register, 'email')}
          type="email"
          label={FIELD_LABELS.email}
          autoComplete="email"
          autoFocus
          error={Boolean(errors.email)}
          helperText={fieldHelp(errors.email)}
          slotProps={{ htmlInput: { 'aria-required': true } }}
        />
        <Controller
          control={control}
          name="isApproval"
          render={({ field }) => (
            <FormControl error={Boolean(errors.isApproval)}>
              <FormControlLabel
                sx={{ alignItems: 'flex-start', mr: 0 }}
                control={
                  <Checkbox
                    name={field.name}
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    sx={{ mt: -0.75 }}
                    slotProps={{
                      input: {
                        ref: field.ref,
                        'aria-required': true,
                        'aria-invalid': Boolean(errors.isApproval),
                        'aria-describedby': errors.isApproval ? consentErrorId : undefined,
                      },
                    }}
                  />
                }
                label={
                  <Typography variant="body2" component="span" sx={{ lineHeight: 1.7 }}>
                    <Trans
                      i18nKey="signUp.consent"
                      components={{
                        terms: <ExternalLink href={TERMS_URL} sx={{ fontWeight: 600 }} />,
                        privacy: (
                          <ExternalLink href={PRIVACY_POLICY_URL} sx={{ fontWeight: 600 }} />
                        ),
                      }}
                    />
                  </Typography>
                }
              />
              <FormHelperText id={consentErrorId} sx={{ mt: 0 }}>
                {fieldHelp(errors.isApproval)}
              </FormHelperText>
            </FormControl>
          )}
        />
        <FormSubmitButton loading={isSubmitting}>{t('signUp.submit')}</FormSubmitButton>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: 3 }}>
        {t('signUp.hasAccount')}{' '}
        <Link component={RouterLink} to={appPath('Login')} sx={{ fontWeight: 600 }}>
          {t('signUp.login')}
        </Link>
      </Typography>
    </Box>
  );
}
