import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import { MARKET_SHARE_LAYER_OPTIONS, type MarketShareLayers } from '@pharmalytics/domain';
import { MapSettingsPanel } from '../MapSettingsPanel.tsx';

/**
 * The map's settings (spec 02 §2.4): 獲得率 (mesh rectangles, numbers and legend), 医療機関,
 * 施設 and その他の薬局 (facility markers), each shown or hidden at once.
 */
export function SettingsPanel({
  layers,
  onChange,
}: {
  layers: MarketShareLayers;
  onChange: (layers: MarketShareLayers) => void;
}) {
  return (
    <MapSettingsPanel>
      <FormGroup>
        {MARKET_SHARE_LAYER_OPTIONS.map((option) => (
          <FormControlLabel
            key={option.key}
            label={option.label}
            control={
              <Checkbox
                size="small"
                checked={layers[option.key]}
                onChange={(event) => onChange({ ...layers, [option.key]: event.target.checked })}
              />
            }
          />
        ))}
      </FormGroup>
    </MapSettingsPanel>
  );
}
