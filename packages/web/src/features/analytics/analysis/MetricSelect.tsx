import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Metric, MetricSlug } from '@pharmalytics/domain';
import { useTranslation } from 'react-i18next';
import type { MetricOption } from './metricChoice.ts';

export interface MetricSelectProps {
  options: readonly MetricOption[];
  value: Metric;
  onChange: (slug: MetricSlug) => void;
}

/** The 指標 dropdown; metrics outside the plan are disabled with a lock (spec 02 §6). */
export function MetricSelect({ options, value, onChange }: MetricSelectProps) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('analysis.metric')}
      value={value.slug}
      onChange={(event) => onChange(event.target.value as MetricSlug)}
      fullWidth={false}
      sx={{ width: 240 }}
    >
      {options.map(({ metric, locked }) => (
        <MenuItem
          key={metric.slug}
          value={metric.slug}
          disabled={locked}
          aria-label={locked ? t('analysis.lockedMetric', { metric: metric.label }) : undefined}
        >
          {locked && (
            <ListItemIcon sx={{ minWidth: 28 }}>
              <LockOutlinedIcon fontSize="small" data-testid="metric-lock" />
            </ListItemIcon>
          )}
          {metric.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
