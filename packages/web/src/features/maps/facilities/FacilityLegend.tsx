import Box from '@mui/material/Box';
import { MARKER_CATEGORIES } from '@pharmalytics/domain';
import { useTranslation } from 'react-i18next';
import { FACILITY_COLOURS } from './facilityStyle.ts';

/** The marker legend (spec 02 §2.3): 薬 other pharmacy, 医 medical institution, 施 facility. */
export function FacilityLegend() {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      aria-label={t('maps.facilityLegend')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, m: 0, p: 0, listStyle: 'none' }}
    >
      {MARKER_CATEGORIES.map((category) => (
        <Box
          component="li"
          key={category.key}
          sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}
        >
          <Box
            component="span"
            aria-hidden="true"
            sx={{
              width: 20,
              height: 20,
              borderRadius: '4px',
              bgcolor: FACILITY_COLOURS[category.key],
              color: '#fff',
              fontSize: 12,
              fontWeight: 700,
              display: 'grid',
              placeItems: 'center',
            }}
          >
            {category.legend}
          </Box>
          <Box component="span" sx={{ fontSize: 14 }}>
            {category.label}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
