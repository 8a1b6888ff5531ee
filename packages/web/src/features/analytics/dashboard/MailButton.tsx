import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { MESSAGES, periodText, type DashboardMailRecipient } from '@pharmalytics/domain';
import Box from '@mui/material/Box';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionExpiry } from '../../../api/index.ts';
import { enqueueSnackbar, PageLoader } from '../../../components/index.ts';
import { dashboardMailKeys, fetchDashboardMailRecipients, sendDashboardMail } from './api.ts';
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
  const recipients = useQuery({
    queryKey: dashboardMailKeys.recipients,
    queryFn: fetchDashboardMailRecipients,
    enabled: confirming,
    // Who allowed reports may change at any time: asked again each time the dialog opens.
    staleTime: 0,
  });
  const enabled = body !== null;
  const canSend = body !== null && (recipients.data?.length ?? 0) > 0;

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
          <Recipients query={recipients} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={() => setConfirming(false)} disabled={send.isPending}>
            {t('condition.cancel')}
          </Button>
          <Button
            variant="contained"
            loading={send.isPending}
            disabled={!canSend}
            onClick={() => body && send.mutate(body)}
          >
            {t('dashboard.send')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Who the report goes to, so the sender knows before sending. */
function Recipients({ query }: { query: { data?: DashboardMailRecipient[]; isError: boolean } }) {
  const { t } = useTranslation();
  if (query.isError) {
    return <DialogContentText sx={{ mt: 2 }}>{MESSAGES.unexpected}</DialogContentText>;
  }
  if (!query.data) return <PageLoader minHeight={64} />;
  if (query.data.length === 0) {
    return (
      <DialogContentText sx={{ mt: 2 }}>{MESSAGES.dashboardMailNoRecipients}</DialogContentText>
    );
  }
  return (
    <>
      <DialogContentText sx={{ mt: 2 }}>
        {MESSAGES.dashboardMailRecipients(query.data.length)}
      </DialogContentText>
      <Box
        component="ul"
        aria-label={t('dashboard.mailRecipients')}
        sx={{ m: 0, mt: 1, pl: 3, maxHeight: 240, overflowY: 'auto' }}
      >
        {query.data.map((r) => (
          <li key={r.email}>
            {r.publicName}（{r.email}）
          </li>
        ))}
      </Box>
    </>
  );
}
