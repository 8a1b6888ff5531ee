import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  formatAcquisitionRate,
  formatNumber,
  MARKET_SHARE_LABELS,
  NO_VALUE,
  type AreaFigures,
} from '@pharmalytics/domain';
import { useId } from 'react';

const persons = (value: AreaFigures['count']) =>
  value === NO_VALUE ? NO_VALUE : `${formatNumber(value, 0)}${MARKET_SHARE_LABELS.personUnit}`;

/**
 * The total of the chosen meshes (spec 02 §2.4): rate, acquired and estimated patients; '-'
 * with nothing chosen.
 */
export function SelectionSummary({ totals }: { totals: AreaFigures | null }) {
  const headingId = useId();
  const items = [
    {
      label: MARKET_SHARE_LABELS.rate,
      value: totals ? formatAcquisitionRate(totals.rate) : NO_VALUE,
    },
    { label: MARKET_SHARE_LABELS.count, value: totals ? persons(totals.count) : NO_VALUE },
    { label: MARKET_SHARE_LABELS.estimate, value: totals ? persons(totals.estimate) : NO_VALUE },
  ];
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-testid="market-share-summary"
      sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: { xs: 1.5, sm: 3 } }}
    >
      <Typography id={headingId} component="h3" sx={{ fontWeight: 700, fontSize: 14 }}>
        {MARKET_SHARE_LABELS.summary}
      </Typography>
      <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 1.5, sm: 3 }, m: 0 }}>
        {items.map((item) => (
          <Box key={item.label} sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {item.label}
            </Typography>
            <Typography
              component="dd"
              data-summary={item.label}
              sx={{ m: 0, fontWeight: 700, fontSize: 18, fontVariantNumeric: 'tabular-nums' }}
            >
              {item.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
