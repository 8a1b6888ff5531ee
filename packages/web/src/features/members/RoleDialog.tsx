import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@pharmalytics/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { enqueueSnackbar } from '../../components/index.ts';
import { failureText } from '../../components/settings/index.ts';
import { accountKeys, changeRole, type AccountDetail } from './adminApi.ts';
import { accountChangeFailure } from './outcomes.ts';
import { isAssignableRole, ROLE_OPTIONS, type AssignableRole } from './roles.ts';

const DIALOG_WIDTH = 520;

/**
 * Role change between admin and user (spec 01 §4): to admin grants every store, to user
 * clears the viewable stores. Confirm is enabled only for a different role.
 */
export function RoleDialog({
  open,
  account,
  onClose,
}: {
  open: boolean;
  account: AccountDetail;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const queryClient = useQueryClient();
  const current = account.systemRole.name;
  const [choice, setChoice] = useState<AssignableRole | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const selected = choice ?? (isAssignableRole(current) ? current : null);
  const change = useMutation({
    mutationFn: (role: AssignableRole) => changeRole(account.id, role),
    onSuccess: async (updated) => {
      queryClient.setQueryData(accountKeys.detail(account.id), updated);
      enqueueSnackbar(MESSAGES.roleChanged, 'success');
      onClose();
      await queryClient.invalidateQueries({ queryKey: ['accounts'] });
    },
    onError: (error) => setFailure(failureText(error, accountChangeFailure(error))),
  });
  const close = () => {
    if (!change.isPending) onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      maxWidth={false}
      slotProps={{
        paper: { sx: { width: DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)' } },
        transition: {
          onExited: () => {
            setChoice(null);
            setFailure(null);
          },
        },
      }}
    >
      <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
        {t('accountDetail.roleTitle')}
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('accountDetail.roleLead', { name: account.publicName })}
        </Typography>
        <RadioGroup
          aria-labelledby={titleId}
          value={selected ?? ''}
          onChange={(event) => {
            if (!isAssignableRole(event.target.value)) return;
            setChoice(event.target.value);
            setFailure(null);
          }}
        >
          {ROLE_OPTIONS.map((option) => (
            <FormControlLabel
              key={option.value}
              value={option.value}
              control={<Radio />}
              label={
                <span>
                  {option.label}
                  {option.value === current && (
                    <Typography component="span" variant="caption" color="text.secondary">
                      {t('accountDetail.currentRole')}
                    </Typography>
                  )}
                </span>
              }
            />
          ))}
        </RadioGroup>
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
        {!failure && selected && selected !== current && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {selected === 'admin' ? t('accountDetail.toAdminNote') : t('accountDetail.toUserNote')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={close} disabled={change.isPending}>
          {t('settingsCommon.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={!selected || selected === current}
          loading={change.isPending}
          onClick={() => selected && change.mutate(selected)}
        >
          {t('accountDetail.roleSubmit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
