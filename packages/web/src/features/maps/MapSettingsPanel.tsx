import TuneIcon from '@mui/icons-material/Tune';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export const SETTINGS_PANEL_WIDTH = 248;

/**
 * The collapsible settings side panel of a map (spec 02 §2.3, §2.4), over the map's top right:
 * its toggle button, and the settings under it while open (at first).
 */
export function MapSettingsPanel({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const panelId = useId();
  return (
    <Box
      component="aside"
      aria-label={t('maps.settings')}
      sx={{
        position: 'absolute',
        top: 10,
        right: 10,
        bottom: 40,
        zIndex: 2,
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
        aria-label={open ? t('maps.closeSettings') : t('maps.openSettings')}
        startIcon={<TuneIcon color="primary" />}
        endIcon={open ? <ChevronRightIcon /> : <ChevronLeftIcon />}
        onClick={() => setOpen((o) => !o)}
        sx={{ bgcolor: 'background.paper', boxShadow: 2 }}
      >
        {t('maps.settings')}
      </Button>
      <Paper
        id={panelId}
        hidden={!open}
        elevation={3}
        sx={{ width: SETTINGS_PANEL_WIDTH, p: 2, overflowY: 'auto', maxHeight: '100%' }}
      >
        {children}
      </Paper>
    </Box>
  );
}
