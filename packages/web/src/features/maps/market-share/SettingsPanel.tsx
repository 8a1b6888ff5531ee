import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import {
  MARKET_SHARE_LABELS,
  MARKET_SHARE_LAYER_OPTIONS,
  type MarketShareLayers,
} from '@pharmalytics/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/index.ts';

export const SETTINGS_PANEL_WIDTH = 200;

/**
 * The map's collapsible settings side panel (spec 02 §2.4): 獲得率 (mesh rectangles, numbers and
 * legend), 医療機関, 施設 and その他の薬局 (facility markers).
 */
export function SettingsPanel({
  layers,
  onChange,
}: {
  layers: MarketShareLayers;
  onChange: (layers: MarketShareLayers) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const panelId = useId();
  const legendId = useId();
  return (
    <Box
      component="aside"
      id={panelId}
      aria-label={MARKET_SHARE_LABELS.settings}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        flexShrink: 0,
        width: open ? SETTINGS_PANEL_WIDTH : 'auto',
        border: '1px solid',
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
      }}
    >
      <Button
        color="inherit"
        size="small"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? t('marketShare.settingsClose') : t('marketShare.settingsOpen')}
        onClick={() => setOpen((current) => !current)}
        sx={
          open
            ? { justifyContent: 'flex-start', gap: 1, px: 1.5, py: 1 }
            : {
                flex: 1,
                flexDirection: 'column',
                justifyContent: 'flex-start',
                gap: 1,
                minWidth: 40,
                px: 0.5,
                py: 1.5,
              }
        }
      >
        <TuneIcon color="primary" fontSize="small" />
        <Box
          component="span"
          sx={
            open ? { flex: 1, textAlign: 'left' } : { writingMode: 'vertical-rl', letterSpacing: 2 }
          }
        >
          {MARKET_SHARE_LABELS.settings}
        </Box>
        {open ? <ChevronRightIcon fontSize="small" /> : <ChevronLeftIcon fontSize="small" />}
      </Button>
      {open && (
        <FormControl component="fieldset" aria-labelledby={legendId} sx={{ px: 2, pb: 1.5 }}>
          {/* The button above shows the same words: the legend is for assistive technology. */}
          <FormLabel component="legend" id={legendId} sx={visuallyHidden}>
            {MARKET_SHARE_LABELS.settings}
          </FormLabel>
          <FormGroup>
            {MARKET_SHARE_LAYER_OPTIONS.map((option) => (
              <FormControlLabel
                key={option.key}
                label={option.label}
                control={
                  <Checkbox
                    size="small"
                    checked={layers[option.key]}
                    onChange={(event) =>
                      onChange({ ...layers, [option.key]: event.target.checked })
                    }
                  />
                }
              />
            ))}
          </FormGroup>
        </FormControl>
      )}
    </Box>
  );
}
