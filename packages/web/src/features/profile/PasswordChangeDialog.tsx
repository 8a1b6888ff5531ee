import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  changePasswordSchema,
  DIALOG_WIDTHS,
  FIELD_LABELS,
  LIMITS,
  MESSAGES,
} from '@pharmalytics/domain';
import { useMutation } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { bindField, fieldHelp, enqueueSnackbar, PasswordField } from '../../components/index.ts';
import { changePassword } from './api.ts';
import { changePasswordFailure } from './outcomes.ts';

const EMPTY = { currentPassword: '', newPassword: '', newPasswordConfirmation: '' };

/** Current, new and confirmation password (spec 01 §2); closes after success. */
export function PasswordChangeDialog({
  open,
  email,
  onClose,
}: {
  open: boolean;
  /** The member's e-mail: the new password must differ from it. */
  email: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(() => changePasswordSchema(email), [email]);
  const change = useMutation({ mutationFn: changePassword });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  const close = () => {
    if (!isSubmitting) onClose();
  };

  const onSubmit = handleSubmit(async (form) => {
    setFailure(null);
    try {
      await change.mutateAsync({
        email,
        currentPassword: form.currentPassword,
        newPassword: form.newPassword,
      });
    } catch (error) {
      const result = changePasswordFailure(error);
      if (!result) return;
      if (result.target === 'form') {
        setFailure(result.message);
      } else {
        setError(result.target, { message: result.message });
        setFocus(result.target);
      }
      return;
    }
    enqueueSnackbar(MESSAGES.passwordChanged, 'success');
    onClose();
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      maxWidth={false}
      slotProps={{
        paper: { sx: { width: DIALOG_WIDTHS.password, maxWidth: 'calc(100% - 32px)' } },
        transition: {
          onExited: () => {
            reset(EMPTY);
            setFailure(null);
          },
        },
      }}
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId} sx={{ fontWeight: 700, pb: 1 }}>
          {t('profile.dialogTitle')}
        </DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
            {t('profile.dialogLead')}
          </Typography>
          <Stack spacing={1.5}>
            {failure && (
              <Alert severity="error" variant="outlined">
                {failure}
              </Alert>
            )}
            {/* Tells password managers which account the new password belongs to. */}
            <input
              type="email"
              name="username"
              autoComplete="username"
              value={email}
              readOnly
              hidden
            />
            <PasswordField
              {...bindField(register, 'currentPassword')}
              label={FIELD_LABELS.currentPassword}
              autoComplete="current-password"
              autoFocus
              error={Boolean(errors.currentPassword)}
              helperText={fieldHelp(errors.currentPassword)}
              slotProps={{ htmlInput: { 'aria-required': true } }}
            />
            <PasswordField
              {...bindField(register, 'newPassword')}
              label={FIELD_LABELS.newPassword}
              autoComplete="new-password"
              error={Boolean(errors.newPassword)}
              helperText={fieldHelp(
                errors.newPassword,
                t('common.passwordHint', { min: LIMITS.passwordMin, max: LIMITS.passwordMax }),
              )}
              slotProps={{ htmlInput: { 'aria-required': true } }}
            />
            <PasswordField
              {...bindField(register, 'newPasswordConfirmation')}
              label={FIELD_LABELS.newPasswordConfirmation}
              autoComplete="new-password"
              error={Boolean(errors.newPasswordConfirmation)}
              helperText={fieldHelp(errors.newPasswordConfirmation)}
              slotProps={{ htmlInput: { 'aria-required': true } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3, pt: 1, gap: 1 }}>
          <Button onClick={close} disabled={isSubmitting} color="inherit">
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t('profile.change')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
