import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { FIELD_LABELS, INVITATION_VALID_HOURS, LIMITS, MESSAGES } from '@pharmalytics/domain';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../components/settings/index.ts';
import { inviteAccounts, type Invitation } from './adminApi.ts';
import { addEmails, checkInvite, splitTyped } from './inviteEmails.ts';
import { alreadyRegisteredEmails } from './outcomes.ts';
import { isAssignableRole, ROLE_OPTIONS, type AssignableRole } from './roles.ts';

const DIALOG_WIDTH = 600;

/** Invite by e-mail: a role and up to ten addresses as chips (spec 01 §2, §5). */
export function InviteDialog({
  open,
  onClose,
  onSent,
}: {
  open: boolean;
  onClose: () => void;
  onSent: (invitations: Invitation[]) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [role, setRole] = useState<AssignableRole | ''>('');
  const [emails, setEmails] = useState<string[]>([]);
  const [typed, setTyped] = useState('');
  const [registered, setRegistered] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const invite = useMutation({
    mutationFn: (input: { emails: string[]; role: AssignableRole }) =>
      inviteAccounts(input.emails, input.role),
  });

  // What is still in the input counts as an entry for the button; errors show on chips only.
  const pending = addEmails(emails, typed);
  const check = checkInvite(pending, role);
  const shown = checkInvite(emails, role);
  const registeredKeys = new Set(registered.map((e) => e.toLowerCase()));

  const commitTyped = () => {
    if (typed.trim()) setEmails(pending);
    setTyped('');
  };

  const submit = async () => {
    if (!check.canSubmit || !role) return;
    setEmails(pending);
    setTyped('');
    setRegistered([]);
    setFailure(null);
    try {
      const result = await invite.mutateAsync({ emails: pending, role });
      onSent(result.invitations);
    } catch (error) {
      const known = alreadyRegisteredEmails(error);
      if (known) setRegistered(known);
      else setFailure(failureText(error));
    }
  };

  const close = () => {
    if (!invite.isPending) onClose();
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
            setRole('');
            setEmails([]);
            setTyped('');
            setRegistered([]);
            setFailure(null);
          },
        },
      }}
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id={titleId} sx={{ fontWeight: 700, pb: 1 }}>
          {t('accountList.inviteTitle')}
        </DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3, lineHeight: 1.8 }}>
            {t('accountList.inviteLead', { hours: INVITATION_VALID_HOURS })}
          </Typography>
          <Stack spacing={3}>
            {failure && (
              <Alert severity="error" variant="outlined">
                {failure}
              </Alert>
            )}
            {registered.length > 0 && (
              <Alert severity="error" variant="outlined">
                {MESSAGES.emailAlreadyRegistered}
                <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                  {registered.map((email) => (
                    <li key={email}>{email}</li>
                  ))}
                </Box>
              </Alert>
            )}
            <TextField
              select
              required
              label={FIELD_LABELS.systemRole}
              value={role}
              onChange={(event) => {
                const value = event.target.value;
                setRole(isAssignableRole(value) ? value : '');
              }}
              helperText={t('accountList.roleHint')}
            >
              {ROLE_OPTIONS.map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {option.label}
                </MenuItem>
              ))}
            </TextField>
            <Autocomplete<string, true, false, true>
              multiple
              freeSolo
              options={[]}
              value={emails}
              inputValue={typed}
              onChange={(_event, values) => {
                setEmails(addEmails([], values.join(',')));
                setTyped('');
                setRegistered([]);
              }}
              onInputChange={(_event, value, reason) => {
                if (reason === 'reset') return;
                const next = splitTyped(emails, value);
                if (next.chips.length !== emails.length) setEmails(next.chips);
                setTyped(next.rest);
              }}
              onBlur={commitTyped}
              onKeyDown={(event) => {
                // Enter adds the typed address (the field's own handling); on an empty field it
                // does nothing, and in particular does not send the form: sending is the button's.
                if (event.key === 'Enter' && typed.trim() === '') {
                  event.preventDefault();
                  setTyped('');
                  (event as { defaultMuiPrevented?: boolean }).defaultMuiPrevented = true;
                }
              }}
              renderValue={(values, getItemProps) =>
                values.map((email, index) => {
                  const { key, ...itemProps } = getItemProps({ index });
                  const error =
                    shown.chipErrors[index] ??
                    (registeredKeys.has(email.toLowerCase())
                      ? MESSAGES.emailAlreadyRegistered
                      : null);
                  const chip = (
                    <Chip
                      {...itemProps}
                      key={key}
                      size="small"
                      label={email}
                      color={error ? 'error' : 'default'}
                      variant={error ? 'outlined' : 'filled'}
                      data-invalid={error ? 'true' : undefined}
                      aria-invalid={error ? true : undefined}
                    />
                  );
                  return error ? (
                    <Tooltip key={key} title={error}>
                      {chip}
                    </Tooltip>
                  ) : (
                    chip
                  );
                })
              }
              renderInput={(params) => (
                <TextField
                  {...params}
                  required
                  label={FIELD_LABELS.email}
                  placeholder={emails.length === 0 ? t('accountList.emailPlaceholder') : undefined}
                  error={Boolean(shown.fieldError)}
                  helperText={
                    shown.fieldError ?? t('accountList.emailHint', { max: LIMITS.inviteMaxEmails })
                  }
                  slotProps={{
                    ...params.slotProps,
                    htmlInput: { ...params.slotProps.htmlInput, type: 'email', inputMode: 'email' },
                  }}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={close} disabled={invite.isPending}>
            {t('settingsCommon.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!check.canSubmit}
            loading={invite.isPending}
          >
            {t('accountList.inviteSubmit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** After the invitations went out: who was invited, and back to the list. */
export function InviteSentDialog({
  invitations,
  onClose,
}: {
  invitations: Invitation[] | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open={invitations !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth={false}
      slotProps={{ paper: { sx: { width: DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
        {t('accountList.sentTitle')}
      </DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1.5 }}>
          {t('accountList.sentBody', { count: invitations?.length ?? 0 })}
        </Typography>
        <Box
          component="ul"
          sx={{
            m: 0,
            p: 1.5,
            pl: 4,
            bgcolor: '#f7faf9',
            borderRadius: 1,
            border: '1px solid',
            borderColor: 'divider',
          }}
        >
          {(invitations ?? []).map((invitation) => (
            <li key={invitation.id}>{invitation.email}</li>
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('accountList.sentNote', { hours: INVITATION_VALID_HOURS })}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button variant="contained" onClick={onClose}>
          {t('accountList.backToList')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
