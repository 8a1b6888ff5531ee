import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@pharmalytics/domain';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What a panel shows: the spinner, the failure, the no-data message, or its content. */
export type PanelView =
  | { status: 'pending' }
  | { status: 'error'; retry: () => void }
  | { status: 'empty' }
  | { status: 'ready' };

export interface PanelProps {
  title: string;
  view: PanelView;
  /** Height of the content, kept by the spinner so the page does not jump when it loads. */
  height: number;
  /** Spans both columns of the panel grid. */
  wide?: boolean;
  /** Rendered only when the view is ready. */
  children: ReactNode;
}

/** One titled panel of the analysis page (上位グラフ, 推移グラフ, 内訳) in its loading states. */
export function Panel({ title, view, height, wide, children }: PanelProps) {
  const { t } = useTranslation();
  const headingId = useId();

  let body: ReactNode;
  switch (view.status) {
    case 'pending':
      body = (
        <Box sx={{ height, display: 'grid', placeItems: 'center' }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      );
      break;
    case 'error':
      body = (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={view.retry}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('panels.loadFailed')}
        </Alert>
      );
      break;
    case 'empty':
      body = (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          {MESSAGES.noData}
        </Typography>
      );
      break;
    case 'ready':
      body = children;
      break;
  }

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      aria-busy={view.status === 'pending'}
      sx={{ p: 2, minWidth: 0, ...(wide && { gridColumn: '1 / -1' }) }}
    >
      <Typography id={headingId} variant="h3" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {body}
    </Paper>
  );
}
