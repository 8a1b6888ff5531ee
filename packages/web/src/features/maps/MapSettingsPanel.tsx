import TuneIcon from '@mui/icons-material/Tune';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export const SETTINGS_PANEL_WIDTH = 248;

/**
 * The collapsible settings side panel of a map (spec 02 §2.3, §2.4): a toggle button at the
 * map's top right, and the panel beside the map's right edge. Open at first.
 */
export function MapSettingsPanel({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const panelId = useId();
  const titleId = useId();
  return (
    <Box
      sx={{
        position: 'absolute',
        top: 10,
        right: 10,
        bottom: 40,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-end',
        gap: 1,
        pointerEvents: 'none',
        '& > *': { pointerEvents: 'auto' },
      }}
    >
      <Button
        variant="contained"
        color="inherit"
        size="small"
        aria-expanded={open}
        aria-controls={panelId}
        startIcon={open ? <ChevronRightIcon /> : <TuneIcon color="primary" />}
        onClick={() => setOpen((o) => !o)}
        sx={{ bgcolor: 'background.paper', boxShadow: 2 }}
      >
        {open ? t('maps.closeSettings') : t('maps.openSettings')}
      </Button>
      <Paper
        id={panelId}
        role="region"
        aria-labelledby={titleId}
        hidden={!open}
        elevation={3}
        sx={{ width: SETTINGS_PANEL_WIDTH, p: 2, overflowY: 'auto', maxHeight: '100%' }}
      >
        <Typography id={titleId} variant="subtitle2" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
          {t('maps.settings')}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}
