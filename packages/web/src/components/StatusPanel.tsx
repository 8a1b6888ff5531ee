import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

export type StatusTone = 'success' | 'error' | 'mail';

const TONES = {
  success: { icon: CheckCircleOutlineIcon, color: 'primary.main', bg: 'rgba(0, 137, 123, 0.1)' },
  error: { icon: ErrorOutlineIcon, color: 'error.main', bg: 'rgba(211, 47, 47, 0.08)' },
  mail: { icon: MarkEmailReadOutlinedIcon, color: 'primary.main', bg: 'rgba(0, 137, 123, 0.1)' },
} as const;

export interface StatusPanelProps {
  tone: StatusTone;
  title: string;
  /** Body paragraphs. */
  children?: ReactNode;
  /** Buttons or links under the body. */
  actions?: ReactNode;
}

/**
 * The outcome of a menu-less flow (sent, completed, failed): an icon, a heading, the
 * explanation and the next steps. Errors are announced to assistive technology.
 */
export function StatusPanel({ tone, title, children, actions }: StatusPanelProps) {
  const headingId = useId();
  const { icon: Icon, color, bg } = TONES[tone];
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      role={tone === 'error' ? 'alert' : 'status'}
      sx={{ textAlign: 'center' }}
    >
      <Box
        aria-hidden="true"
        sx={{
          width: 72,
          height: 72,
          mx: 'auto',
          mb: 2,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: bg,
          color,
        }}
      >
        <Icon sx={{ fontSize: 40 }} />
      </Box>
      <Typography id={headingId} variant="h1" sx={{ mb: 2, textWrap: 'balance' }}>
        {title}
      </Typography>
      {children && (
        <Stack
          spacing={1.5}
          sx={{ color: 'text.secondary', textAlign: 'left', '& p': { lineHeight: 1.8 } }}
        >
          {children}
        </Stack>
      )}
      {actions && (
        <Stack spacing={1.5} sx={{ mt: 4, alignItems: 'stretch' }}>
          {actions}
        </Stack>
      )}
    </Box>
  );
}
