import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import {
  MAP_CATEGORIES,
  MARKER_CATEGORIES,
  type MapCategoryValue,
  type MarkerType,
} from '@pharmalytics/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapSettingsPanel } from '../MapSettingsPanel.tsx';

/** The marker types of the panel, in its order: the facilities, then the patients. */
const MARKER_OPTIONS: readonly MarkerType[] = ['clinic', 'care', 'pharmacy', 'patient'];

export interface DistributionSettingsProps {
  category: MapCategoryValue;
  onCategory: (category: MapCategoryValue) => void;
  markers: ReadonlySet<MarkerType>;
  onMarkers: (markers: ReadonlySet<MarkerType>) => void;
}

/**
 * The distribution map's settings (spec 02 §4): which markers show, at once; and the patients'
 * category, applied with 適用, which is enabled only while patients are shown and the chosen
 * category differs from the current one.
 */
export function DistributionSettings({
  category,
  onCategory,
  markers,
  onMarkers,
}: DistributionSettingsProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(category);
  const categoryLabel = useId();
  const markersLabel = useId();
  const canApply = markers.has('patient') && chosen !== category;
  const markerLabel = (type: MarkerType) =>
    type === 'patient' ? t('maps.patients') : MARKER_CATEGORIES.find((c) => c.key === type)!.label;
  return (
    <MapSettingsPanel>
      <Box role="group" aria-labelledby={markersLabel} sx={{ mb: 2 }}>
        <Typography id={markersLabel} variant="body2" color="text.secondary">
          {t('maps.shownMarkers')}
        </Typography>
        <FormGroup>
          {MARKER_OPTIONS.map((type) => (
            <FormControlLabel
              key={type}
              control={
                <Checkbox
                  size="small"
                  checked={markers.has(type)}
                  onChange={(event) => {
                    const next = new Set(markers);
                    if (event.target.checked) next.add(type);
                    else next.delete(type);
                    onMarkers(next);
                  }}
                />
              }
              label={markerLabel(type)}
            />
          ))}
        </FormGroup>
      </Box>
      <Box role="group" aria-labelledby={categoryLabel}>
        <Typography id={categoryLabel} variant="body2" color="text.secondary">
          {t('maps.patientCategory')}
        </Typography>
        <RadioGroup
          aria-labelledby={categoryLabel}
          value={chosen}
          onChange={(event) => setChosen(Number(event.target.value) as MapCategoryValue)}
        >
          {MAP_CATEGORIES.map((c) => (
            <FormControlLabel
              key={c.value}
              value={c.value}
              control={<Radio size="small" />}
              label={c.label}
            />
          ))}
        </RadioGroup>
        <Button
          variant="contained"
          size="small"
          fullWidth
          disabled={!canApply}
          onClick={() => onCategory(chosen)}
          sx={{ mt: 1 }}
        >
          {t('condition.apply')}
        </Button>
      </Box>
    </MapSettingsPanel>
  );
}
