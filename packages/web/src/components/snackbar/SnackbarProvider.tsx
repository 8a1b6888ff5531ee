import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { subscribeSnackbar, type SnackbarMessage } from './snackbarBus.ts';

const AUTO_HIDE_MS = 6000;

/**
 * A warning changes what the page shows (stores dropped from a link, a selection cut short), so it
 * stays until closed; it gives way on its own only when another message waits behind it.
 */
export function autoHideFor(message: SnackbarMessage, waiting: number): number | null {
  return message.severity === 'warning' && waiting === 0 ? null : AUTO_HIDE_MS;
}

/** Renders queued messages one at a time, each with a Close button (spec 01 §8). */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [queue, setQueue] = useState<SnackbarMessage[]>([]);
  const [open, setOpen] = useState(true);
  const current = queue[0];

  useEffect(
    () =>
      subscribeSnackbar((item) =>
        setQueue((items) =>
          // The same message twice in a row (e.g. parallel failed calls) is shown once.
          items.some((i) => i.message === item.message) ? items : [...items, item],
        ),
      ),
    [],
  );

  const close = (_event?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  const next = () => {
    setQueue((items) => items.slice(1));
    setOpen(true);
  };

  return (
    <>
      {children}
      {current && (
        <Snackbar
          key={current.id}
          open={open}
          autoHideDuration={autoHideFor(current, queue.length - 1)}
          onClose={close}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
          slotProps={{ transition: { onExited: next } }}
        >
          <Alert
            severity={current.severity}
            variant="filled"
            sx={{ alignItems: 'center', minWidth: 320 }}
            action={
              <Button color="inherit" size="small" onClick={() => close()}>
                {t('common.close')}
              </Button>
            }
          >
            {current.message}
          </Alert>
        </Snackbar>
      )}
    </>
  );
}
