import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { COMPARISON_TYPES, type ComparisonTypeValue } from '@pharmalytics/domain';
import { useTranslation } from 'react-i18next';

/** The select's value for no comparison (a select cannot hold null). */
const NONE = 0;

export interface ComparisonSelectProps {
  value: ComparisonTypeValue | null;
  onChange: (value: ComparisonTypeValue | null) => void;
}

/** 比較: none, the previous period or the same period a year before. */
export function ComparisonSelect({ value, onChange }: ComparisonSelectProps) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('analysis.comparison')}
      value={value ?? NONE}
      onChange={(event) => {
        const chosen = COMPARISON_TYPES.find((c) => c.value === Number(event.target.value));
        onChange(chosen?.value ?? null);
      }}
      fullWidth={false}
      sx={{ width: 140 }}
    >
      <MenuItem value={NONE}>{t('analysis.comparisonNone')}</MenuItem>
      {COMPARISON_TYPES.map((c) => (
        <MenuItem key={c.value} value={c.value}>
          {c.text}
        </MenuItem>
      ))}
    </TextField>
  );
}
