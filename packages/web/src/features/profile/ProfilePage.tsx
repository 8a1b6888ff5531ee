import { zodResolver } from '@hookform/resolvers/zod';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FIELD_LABELS, MESSAGES, profileSchema, type UserInformation } from '@pharmalytics/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isSessionExpiry, type Member } from '../../api/index.ts';
import { routeTitle } from '../../app/paths.ts';
import {
  bindField,
  fieldHelp,
  enqueueSnackbar,
  PageHeading,
  PageLoader,
  ValueOr,
} from '../../components/index.ts';
import { setMember, useSignedInMember } from '../auth/index.ts';
import { DIVIDED_ROWS } from '../corporation/shared/index.ts';
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

function Row({
  label,
  children,
  action,
}: {
  label: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '200px 1fr auto' },
        alignItems: 'center',
        columnGap: 3,
        rowGap: 0.5,
        px: 3,
        py: 2,
      }}
    >
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
      {action && (
        <Box component="dd" sx={{ m: 0, justifySelf: { xs: 'start', sm: 'end' } }}>
          {action}
        </Box>
      )}
    </Box>
  );
}

function CardHeader({ title, id, action }: { title: string; id: string; action?: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        px: 3,
        py: 2,
        borderBottom: '1px solid',
        borderColor: 'divider',
      }}
    >
      <Typography id={id} variant="h2" component="h2" sx={{ fontSize: '1.0625rem' }}>
        {title}
      </Typography>
      {action}
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
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId}>
      <CardHeader
        id={headingId}
        title={t('profile.cardTitle')}
        action={
          <Button variant="outlined" startIcon={<EditOutlinedIcon />} onClick={onEdit}>
            {t('common.edit')}
          </Button>
        }
      />
      <Box component="dl" sx={DIVIDED_ROWS}>
        <Row label={FIELD_LABELS.publicName}>{info.publicName}</Row>
        <Row label={FIELD_LABELS.searchName}>
          <ValueOr value={info.searchName} />
        </Row>
        <Row label={FIELD_LABELS.email}>{info.email}</Row>
        <Row
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
        </Row>
      </Box>
    </Paper>
  );
}

function ProfileEditForm({ info, onClose }: { info: UserInformation; onClose: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
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
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={headingId}
    >
      <CardHeader id={headingId} title={t('profile.editTitle')} />
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
      <Divider />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5, px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={isSubmitting} color="inherit">
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {t('common.save')}
        </Button>
      </Box>
    </Paper>
  );
}
