import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import {
  DIALOG_WIDTHS,
  FIELD_LABELS,
  MESSAGES,
  storeDeleteSchema,
  type StoreDeleteForm,
} from '@pharmalytics/domain';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError, type Store } from '../../api/index.ts';
import { bindField, PasswordField } from '../../components/index.ts';
import { failureText } from '../../components/settings/index.ts';
import { deleteStore } from './api.ts';

/** Ends a store after the caller confirms with its own password (spec 01 §2, §8). */
export function DeleteStoreDialog({
  open,
  store,
  onClose,
  onDeleted,
}: {
  open: boolean;
  store: Store;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (password: string) => deleteStore(store.storeCode, password),
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<StoreDeleteForm>({
    resolver: zodResolver(storeDeleteSchema),
    defaultValues: { password: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      await remove.mutateAsync(password);
    } catch (error) {
      if (isApiError(error) && error.status === 403) {
        setError('password', { message: MESSAGES.storeDeletePasswordWrong });
        setFocus('password');
      } else {
        setFailure(failureText(error));
      }
      return;
    }
    onDeleted();
  });

  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!isSubmitting) onClose();
      }}
      aria-labelledby={titleId}
      maxWidth={false}
      slotProps={{
        paper: { sx: { width: DIALOG_WIDTHS.delete, maxWidth: 'calc(100% - 32px)' } },
        transition: {
          onExited: () => {
            reset({ password: '' });
            setFailure(null);
          },
        },
      }}
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
          {t('storeDetail.deleteTitle')}
        </DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 1.5 }}>
            {t('storeDetail.deleteBody', { name: store.name })}
          </Typography>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <Alert severity="warning" sx={{ mb: 2.5 }}>
            {t('storeDetail.deleteWarning')}
          </Alert>
          <PasswordField
            {...bindField(register, 'password')}
            label={FIELD_LABELS.password}
            autoComplete="current-password"
            autoFocus
            required
            error={Boolean(errors.password)}
            helperText={errors.password?.message ?? t('storeDetail.passwordHint')}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={onClose} disabled={isSubmitting}>
            {t('settingsCommon.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" loading={isSubmitting}>
            {t('storeDetail.deleteConfirm')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
