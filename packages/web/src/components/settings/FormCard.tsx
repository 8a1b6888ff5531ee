import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import { useId, type FormEventHandler, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CardTitleBar } from './InfoCard.tsx';

/**
 * A settings card that edits in place: a form with the card's heading, the fields, and under a
 * line the cancel and save buttons (save shows progress, both wait while it runs).
 */
export function FormCard({
  title,
  onSubmit,
  onCancel,
  submitting,
  children,
}: {
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  submitting: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      aria-labelledby={headingId}
      onSubmit={onSubmit}
    >
      <CardTitleBar id={headingId} title={title} />
      {children}
      <Divider />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5, px: 3, py: 2 }}>
        <Button color="inherit" onClick={onCancel} disabled={submitting}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={submitting}>
          {t('common.save')}
        </Button>
      </Box>
    </Paper>
  );
}
