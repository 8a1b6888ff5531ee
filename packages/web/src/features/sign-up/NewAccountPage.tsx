import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  FIELD_LABELS,
  LIMITS,
  MESSAGES,
  newAccountSchema,
  PRODUCT_NAME,
  QUESTIONNAIRE_OPTIONS,
  type NewAccountForm,
  type NewAccountResult,
} from '@pharmalytics/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { appPath, routeTitle } from '../../routes/paths.ts';
import {
  bindField,
  CardHeading,
  fieldHelp,
  GoToLoginButton,
  PasswordField,
  ReadOnlyEmailField,
  StatusPanel,
  TokenLinkPage,
} from '../../components/index.ts';
import { fetchPrefectures, prefectureKeys } from '../prefectures/index.ts';
import { completeSignUp, signUpKeys, verifySignUpToken } from './api.ts';
import { newAccountSubmitFailure, signUpVerifyFailure } from './outcomes.ts';

/** New account from the e-mailed link: verify, form, then completion or the error screen. */
export function NewAccountPage() {
  return (
    <TokenLinkPage<{ email: string }, string, NewAccountResult>
      verifyKey={signUpKeys.verify}
      verify={verifySignUpToken}
      missingToken={MESSAGES.signUpLinkExpired}
      verifyFailure={signUpVerifyFailure}
      form={({ token, verified, onDone, onFailed }) => (
        <NewAccountFormView
          token={token}
          email={verified.email}
          onDone={onDone}
          onFailed={onFailed}
        />
      )}
      done={(result) => <NewAccountDone result={result} />}
      failed={(message) => <NewAccountError message={message} />}
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="fieldset" aria-labelledby={id} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography
        id={id}
        component="legend"
        variant="h3"
        sx={{
          width: '100%',
          pb: 1,
          mb: 2.5,
          borderBottom: '1px solid',
          borderColor: 'divider',
          color: 'primary.dark',
        }}
      >
        {title}
      </Typography>
      <Stack spacing={1.5}>{children}</Stack>
    </Box>
  );
}

const twoColumns = {
  display: 'grid',
  columnGap: 2.5,
  rowGap: 1.5,
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
  alignItems: 'start',
} as const;

function NewAccountFormView({
  token,
  email,
  onDone,
  onFailed,
}: {
  token: string;
  email: string;
  onDone: (result: NewAccountResult) => void;
  onFailed: (message: string) => void;
}) {
  const { t } = useTranslation();
  const questionnaireId = useId();
  const questionnaireErrorId = useId();
  const prefectures = useQuery({
    queryKey: prefectureKeys.all,
    queryFn: fetchPrefectures,
    staleTime: Infinity,
  });
  const submit = useMutation({ mutationFn: (form: NewAccountForm) => completeSignUp(token, form) });
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(newAccountSchema),
    mode: 'onTouched',
    defaultValues: {
      name: '',
      tel: '',
      roleName: '',
      corporationName: '',
      prefectureId: undefined,
      branchCount: '',
      questionnaire: undefined,
      password: '',
    },
  });

  const onSubmit = handleSubmit(async (form) => {
    try {
      onDone(await submit.mutateAsync(form));
    } catch (error) {
      const failure = newAccountSubmitFailure(error);
      if (failure.kind === 'password') {
        setError('password', { message: failure.message });
        setFocus('password');
      } else {
        onFailed(failure.message);
      }
    }
  });

  /** A text field bound to the form; its error shows under it. */
  const text = (
    name: 'name' | 'tel' | 'roleName' | 'corporationName' | 'branchCount',
    label: string,
  ) => ({
    ...bindField(register, name),
    label,
    error: Boolean(errors[name]),
    helperText: fieldHelp(errors[name]),
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="new-account-heading">
      <CardHeading
        id="new-account-heading"
        title={routeTitle('NewAccount')}
        lead={t('newAccount.lead')}
      />
      <Stack spacing={3}>
        <Section title={t('newAccount.applicant')}>
          <TextField
            {...text('name', FIELD_LABELS.contactName)}
            autoComplete="name"
            autoFocus
            slotProps={{ htmlInput: { 'aria-required': true } }}
          />
          <Box sx={twoColumns}>
            <TextField
              {...text('tel', FIELD_LABELS.tel)}
              type="tel"
              autoComplete="tel"
              slotProps={{ htmlInput: { 'aria-required': true, inputMode: 'numeric' } }}
            />
            <TextField
              {...text('roleName', FIELD_LABELS.roleName)}
              autoComplete="organization-title"
              slotProps={{ htmlInput: { 'aria-required': true } }}
            />
          </Box>
        </Section>

        <Section title={t('newAccount.corporation')}>
          <TextField
            {...text('corporationName', FIELD_LABELS.corporationName)}
            autoComplete="organization"
            slotProps={{ htmlInput: { 'aria-required': true } }}
          />
          <Box sx={twoColumns}>
            <Controller
              control={control}
              name="prefectureId"
              render={({ field }) => (
                <TextField
                  select
                  inputRef={field.ref}
                  name={field.name}
                  label={t('newAccount.prefecture')}
                  value={field.value === undefined ? '' : String(field.value)}
                  onChange={(event) =>
                    field.onChange(
                      event.target.value === '' ? undefined : Number(event.target.value),
                    )
                  }
                  onBlur={field.onBlur}
                  error={Boolean(errors.prefectureId) || prefectures.isError}
                  helperText={fieldHelp(
                    errors.prefectureId,
                    prefectures.isError ? t('newAccount.prefecturesFailed') : undefined,
                  )}
                  slotProps={{
                    select: { native: true },
                    inputLabel: { shrink: true },
                    htmlInput: { 'aria-required': true, 'aria-busy': prefectures.isPending },
                  }}
                >
                  <option value="">{t('newAccount.choose')}</option>
                  {prefectures.data?.map((prefecture) => (
                    <option key={prefecture.id} value={prefecture.id}>
                      {prefecture.name}
                    </option>
                  ))}
                </TextField>
              )}
            />
            <TextField
              {...text('branchCount', FIELD_LABELS.branchCount)}
              slotProps={{
                htmlInput: { 'aria-required': true, inputMode: 'numeric' },
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      {t('newAccount.branchCountUnit')}
                    </InputAdornment>
                  ),
                },
              }}
            />
          </Box>
          <Controller
            control={control}
            name="questionnaire"
            render={({ field }) => (
              <FormControl error={Boolean(errors.questionnaire)} component="div">
                <FormLabel id={questionnaireId} sx={{ mb: 0.5, fontSize: 14 }}>
                  {t('newAccount.questionnaire', { product: PRODUCT_NAME })}
                </FormLabel>
                <RadioGroup
                  name={field.name}
                  aria-labelledby={questionnaireId}
                  aria-required
                  aria-invalid={Boolean(errors.questionnaire)}
                  aria-describedby={errors.questionnaire ? questionnaireErrorId : undefined}
                  value={field.value === undefined ? '' : String(field.value)}
                  onChange={(event) => field.onChange(Number(event.target.value))}
                  onBlur={field.onBlur}
                >
                  {QUESTIONNAIRE_OPTIONS.map((option, index) => (
                    <FormControlLabel
                      key={option.value}
                      value={String(option.value)}
                      control={
                        <Radio
                          slotProps={{ input: { ref: index === 0 ? field.ref : undefined } }}
                        />
                      }
                      label={option.label}
                    />
                  ))}
                </RadioGroup>
                <FormHelperText id={questionnaireErrorId} sx={{ mx: 0 }}>
                  {fieldHelp(errors.questionnaire)}
                </FormHelperText>
              </FormControl>
            )}
          />
        </Section>

        <Section title={t('newAccount.login')}>
          <ReadOnlyEmailField email={email} hint={t('newAccount.emailNote')} />
          <PasswordField
            {...bindField(register, 'password')}
            label={FIELD_LABELS.password}
            autoComplete="new-password"
            error={Boolean(errors.password)}
            helperText={fieldHelp(
              errors.password,
              t('common.passwordHint', { min: LIMITS.passwordMin, max: LIMITS.passwordMax }),
            )}
            slotProps={{ htmlInput: { 'aria-required': true } }}
          />
        </Section>

        <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
          {t('newAccount.submit')}
        </Button>
      </Stack>
    </Box>
  );
}

function NewAccountDone({ result }: { result: NewAccountResult }) {
  const { t } = useTranslation();
  return (
    <StatusPanel tone="success" title={t('newAccount.doneTitle')} actions={<GoToLoginButton />}>
      <Typography>{t('newAccount.doneBody')}</Typography>
      <Typography variant="body2">
        {t('newAccount.corporationCode', { code: result.corporationCode })}
      </Typography>
    </StatusPanel>
  );
}

function NewAccountError({ message }: { message: string }) {
  const { t } = useTranslation();
  const registered = message === MESSAGES.emailAlreadyRegistered;
  const login = <GoToLoginButton variant={registered ? 'contained' : 'text'} />;
  return (
    <StatusPanel
      tone="error"
      title={MESSAGES.newAccountErrorTitle}
      actions={
        registered ? (
          login
        ) : (
          <>
            <Button component={RouterLink} to={appPath('SignUp')} variant="contained" size="large">
              {t('newAccount.restart')}
            </Button>
            {login}
          </>
        )
      }
    >
      <Typography sx={{ textAlign: 'center' }}>{message}</Typography>
    </StatusPanel>
  );
}
