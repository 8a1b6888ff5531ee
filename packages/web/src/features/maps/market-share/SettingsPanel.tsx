import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
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
      aria-label={MARKET_SHARE_LABELS.settings}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'stretch',
        flexShrink: 0,
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
        startIcon={<TuneIcon color="primary" />}
        endIcon={open ? <ChevronRightIcon /> : <ChevronLeftIcon />}
        sx={{
          justifyContent: 'space-between',
          px: 1.5,
          py: 1,
          borderRadius: 1,
          ...(!open && { writingMode: 'vertical-rl', height: '100%', py: 2, px: 0.5 }),
        }}
      >
        {MARKET_SHARE_LABELS.settings}
      </Button>
      <Collapse in={open} orientation="horizontal" id={panelId}>
        <FormControl
          component="fieldset"
          aria-labelledby={legendId}
          sx={{ width: SETTINGS_PANEL_WIDTH, px: 2, pb: 2 }}
        >
          <FormLabel
            component="legend"
            id={legendId}
            sx={{ fontSize: 12, fontWeight: 700, mb: 0.5, color: 'text.secondary' }}
          >
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
      </Collapse>
    </Box>
  );
}
