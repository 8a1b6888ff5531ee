import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { MESSAGES, periodText } from '@pharmalytics/domain';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionExpiry } from '../../../api/index.ts';
import { enqueueSnackbar } from '../../../components/index.ts';
import { sendDashboardMail } from './api.ts';
import { comparisonOf, type SearchCondition } from '../../search-condition/index.ts';
import type { DashboardMailBody } from './mail.ts';

/**
 * system_admin: sends the dashboard report by e-mail. `body` is null while the mail cannot be
 * sent (not last month vs previous year, or a metric has not loaded).
 */
export function MailButton({
  condition,
  body,
}: {
  condition: SearchCondition;
  body: DashboardMailBody | null;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  const send = useMutation({
    mutationFn: sendDashboardMail,
    onSuccess: () => {
      setConfirming(false);
      enqueueSnackbar(MESSAGES.dashboardMailSent, 'success');
    },
    onError: (error) => {
      setConfirming(false);
      if (!isSessionExpiry(error)) enqueueSnackbar(MESSAGES.unexpected, 'error');
    },
  });
  const enabled = body !== null;

  return (
    <>
      <Tooltip
        describeChild
        title={enabled ? t('dashboard.sendMail') : t('dashboard.sendMailHint')}
      >
        {/* A disabled button gets no pointer events: the wrapper keeps the hint reachable. */}
        <span>
          <IconButton
            color="primary"
            aria-label={t('dashboard.sendMail')}
            aria-haspopup="dialog"
            disabled={!enabled}
            onClick={() => setConfirming(true)}
            sx={{ border: '1px solid', borderColor: enabled ? 'primary.main' : 'divider' }}
          >
            <ForwardToInboxOutlinedIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Dialog
        open={confirming}
        onClose={() => !send.isPending && setConfirming(false)}
        aria-labelledby={titleId}
      >
        <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
          {t('dashboard.mailConfirmTitle')}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t('dashboard.mailConfirmBody', {
              period: periodText(condition.base),
              comparison: periodText(comparisonOf(condition)),
            })}
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={() => setConfirming(false)} disabled={send.isPending}>
            {t('condition.cancel')}
          </Button>
          <Button
            variant="contained"
            loading={send.isPending}
            disabled={!body}
            onClick={() => body && send.mutate(body)}
          >
            {t('dashboard.send')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
