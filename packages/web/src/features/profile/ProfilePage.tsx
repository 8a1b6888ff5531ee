import { zodResolver } from '@hookform/resolvers/zod';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { FIELD_LABELS, MESSAGES, profileSchema, type UserInformation } from '@pharmalytics/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isSessionExpiry, type Member } from '../../api/index.ts';
import { routeTitle } from '../../routes/paths.ts';
import {
  bindField,
  fieldHelp,
  enqueueSnackbar,
  PageHeading,
  PageLoader,
  ValueOr,
} from '../../components/index.ts';
import { setMember, useSignedInMember } from '../session/index.ts';
import { FormCard, InfoCard, InfoList, InfoRow } from '../../components/settings/index.ts';
import { memberKeys } from '../members/index.ts';
import { fetchProfile, profileKeys, updateProfile } from './api.ts';
import { profileFormValues, withProfile } from './outcomes.ts';
import { PasswordChangeDialog } from './PasswordChangeDialog.tsx';

const CARD_WIDTH = 720;

/** Read by screen readers instead of the row of dots. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Profile: view and edit the own names, change the password (spec 01 §2). */
export function ProfilePage() {
  const { t } = useTranslation();
  const member = useSignedInMember();
  const [editing, setEditing] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const profile = useQuery({
    queryKey: profileKeys.detail(member.id),
    queryFn: fetchProfile,
  });

  let content: ReactNode;
  if (profile.isPending) {
    content = <PageLoader />;
  } else if (profile.isError) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void profile.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {t('profile.loadFailed')}
      </Alert>
    );
  } else if (editing) {
    content = (
      <ProfileEditForm info={profile.data.userInformation} onClose={() => setEditing(false)} />
    );
  } else {
    content = (
      <ProfileView
        info={profile.data.userInformation}
        onEdit={() => setEditing(true)}
        onChangePassword={() => setChangingPassword(true)}
      />
    );
  }

  return (
    <Box component="section" aria-labelledby="profile-heading" sx={{ maxWidth: CARD_WIDTH }}>
      <PageHeading id="profile-heading" title={routeTitle('Profile')} />
      {content}
      {profile.data && (
        <PasswordChangeDialog
          open={changingPassword}
          email={profile.data.userInformation.email}
          onClose={() => setChangingPassword(false)}
        />
      )}
    </Box>
  );
}

function ProfileView({
  info,
  onEdit,
  onChangePassword,
}: {
  info: UserInformation;
  onEdit: () => void;
  onChangePassword: () => void;
}) {
  const { t } = useTranslation();
  return (
    <InfoCard
      title={t('profile.cardTitle')}
      action={
        <Button variant="outlined" startIcon={<EditOutlinedIcon />} onClick={onEdit}>
          {t('common.edit')}
        </Button>
      }
    >
      <InfoList>
        <InfoRow label={FIELD_LABELS.publicName}>{info.publicName}</InfoRow>
        <InfoRow label={FIELD_LABELS.searchName}>
          <ValueOr value={info.searchName} />
        </InfoRow>
        <InfoRow label={FIELD_LABELS.email}>{info.email}</InfoRow>
        <InfoRow
          label={t('profile.password')}
          action={
            <Button
              variant="text"
              startIcon={<KeyOutlinedIcon />}
              onClick={onChangePassword}
              aria-haspopup="dialog"
            >
              {t('profile.changePassword')}
            </Button>
          }
        >
          <Box
            component="span"
            aria-hidden="true"
            sx={{ letterSpacing: '0.3em', fontSize: 10, verticalAlign: 'middle' }}
          >
            {t('profile.passwordMask')}
          </Box>
          <Box component="span" sx={VISUALLY_HIDDEN}>
            {t('profile.passwordMasked')}
          </Box>
        </InfoRow>
      </InfoList>
    </InfoCard>
  );
}

function ProfileEditForm({ info, onClose }: { info: UserInformation; onClose: () => void }) {
  const { t } = useTranslation();
  const member = useSignedInMember();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: updateProfile,
    // A member fetch still under way would answer the old name after this save.
    onMutate: () => queryClient.cancelQueries({ queryKey: memberKeys.detail(member.id) }),
    onSuccess: (data) => {
      queryClient.setQueryData(profileKeys.detail(member.id), data);
      // The header and the main layout's member refresh show the new name at once.
      setMember(withProfile(member, data.userInformation));
      queryClient.setQueryData<Member>(memberKeys.detail(member.id), (cached) =>
        cached ? withProfile(cached, data.userInformation) : cached,
      );
      enqueueSnackbar(MESSAGES.profileUpdated, 'success');
      onClose();
    },
    onError: (error) => {
      if (!isSessionExpiry(error)) enqueueSnackbar(MESSAGES.unexpected);
    },
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(profileSchema),
    mode: 'onTouched',
    defaultValues: profileFormValues(info),
  });

  const onSubmit = handleSubmit(async (form) => {
    await save.mutateAsync(form).catch(() => undefined);
  });

  return (
    <FormCard
      title={t('profile.editTitle')}
      onSubmit={onSubmit}
      onCancel={onClose}
      submitting={isSubmitting}
    >
      <Stack spacing={1.5} sx={{ p: 3, pb: 2 }}>
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
      </Stack>
    </FormCard>
  );
}
