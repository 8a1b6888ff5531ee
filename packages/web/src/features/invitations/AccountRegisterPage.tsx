import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  FIELD_LABELS,
  invitationRegistrationSchema,
  LIMITS,
  MESSAGES,
  PRODUCT_NAME,
  roleByName,
  type InvitationLink,
  type InvitationRegistrationForm,
} from '@pharmalytics/domain';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { routeTitle } from '../../routes/paths.ts';
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
import { invitationKeys, registerInvitedMember, verifyInvitation } from './api.ts';
import { invitationFailure, type InvitationFailure } from './outcomes.ts';

/** Account registration from an invitation: verifying, form, then completed or error. */
export function AccountRegisterPage() {
  return (
    <TokenLinkPage<InvitationLink, InvitationFailure>
      verifyKey={invitationKeys.verify}
      verify={verifyInvitation}
      missingToken={{ message: MESSAGES.invitationLinkExpired }}
      verifyFailure={invitationFailure}
      form={({ token, verified, onDone, onFailed }) => (
        <RegisterForm token={token} invitation={verified} onDone={onDone} onFailed={onFailed} />
      )}
      done={() => <RegisterDone />}
      failed={(failure) => <RegisterError failure={failure} />}
    />
  );
}

function RegisterForm({
  token,
  invitation,
  onDone,
  onFailed,
}: {
  token: string;
  invitation: InvitationLink;
  onDone: () => void;
  onFailed: (failure: InvitationFailure) => void;
}) {
  const { t } = useTranslation();
  const submit = useMutation({ mutationFn: registerInvitedMember });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(invitationRegistrationSchema),
    mode: 'onTouched',
    defaultValues: {
      token,
      email: invitation.email,
      publicName: '',
      searchName: '',
      password: '',
    } satisfies InvitationRegistrationForm,
  });

  const onSubmit = handleSubmit(async (form) => {
    try {
      await submit.mutateAsync(form);
      onDone();
    } catch (error) {
      onFailed(invitationFailure(error));
    }
  });

  const role = roleByName(invitation.systemRole)?.publicName;
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="register-heading">
      <CardHeading
        id="register-heading"
        title={routeTitle('AccountRegister')}
        lead={t('accountRegister.lead', { product: PRODUCT_NAME })}
      />
      <Stack spacing={1.5}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
            px: 2,
            py: 1.25,
            borderRadius: 2,
            bgcolor: 'rgba(0, 137, 123, 0.06)',
            mb: '20px !important',
          }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 0 }} noWrap>
            {invitation.corporationName}
          </Typography>
          {role && (
            <Chip
              size="small"
              color="primary"
              variant="outlined"
              label={`${t('accountRegister.role')}: ${role}`}
              sx={{ flexShrink: 0 }}
            />
          )}
        </Box>
        <TextField
          {...bindField(register, 'publicName')}
          label={FIELD_LABELS.publicName}
          autoComplete="name"
          autoFocus
          error={Boolean(errors.publicName)}
          helperText={fieldHelp(errors.publicName)}
          slotProps={{ htmlInput: { 'aria-required': true } }}
        />
        <TextField
          {...bindField(register, 'searchName')}
          label={`${FIELD_LABELS.searchName}（${t('common.optional')}）`}
          autoComplete="off"
          error={Boolean(errors.searchName)}
          helperText={fieldHelp(errors.searchName, t('common.searchNameHint'))}
        />
        <ReadOnlyEmailField email={invitation.email} />
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
        <FormSubmitButton loading={isSubmitting}>{t('accountRegister.submit')}</FormSubmitButton>
      </Stack>
    </Box>
  );
}

function RegisterDone() {
  const { t } = useTranslation();
  return (
    <StatusPanel
      tone="success"
      title={t('accountRegister.doneTitle')}
      actions={<GoToLoginButton />}
    >
      <Typography sx={{ textAlign: 'center' }}>{t('accountRegister.doneBody')}</Typography>
    </StatusPanel>
  );
}

function RegisterError({ failure }: { failure: InvitationFailure }) {
  const { t } = useTranslation();
  return (
    <StatusPanel
      tone="error"
      title={t('accountRegister.errorTitle')}
      actions={<GoToLoginButton variant="outlined" />}
    >
      <Typography sx={{ textAlign: 'center' }}>{failure.message}</Typography>
      {failure.hint && (
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {failure.hint}
        </Typography>
      )}
    </StatusPanel>
  );
}
