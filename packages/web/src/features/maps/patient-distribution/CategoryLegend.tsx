import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { categoryRankLabel, type PatientDistributionResponse } from '@pharmalytics/domain';
import { useTranslation } from 'react-i18next';
import { categoryColour } from './patientLayers.ts';

/**
 * The ranked categories with their counts in full-width brackets (spec 02 §3, §9). Pressing one
 * highlights its patients and dims the others; pressing it again shows all alike.
 */
export function CategoryLegend({
  categories,
  highlighted,
  onHighlight,
}: {
  categories: PatientDistributionResponse['categories'];
  highlighted: number | null;
  onHighlight: (index: number | null) => void;
}) {
  const { t } = useTranslation();
  if (categories.length === 0) return null;
  return (
    <Box component="section" aria-label={t('maps.categoryLegend')}>
      <Typography variant="caption" color="text.secondary">
        {t('maps.categoryLegendHint')}
      </Typography>
      <Box
        component="ol"
        sx={{
          m: 0,
          p: 0,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
          gap: 0.5,
        }}
      >
        {categories.map((category, index) => {
          const pressed = highlighted === index;
          return (
            <li key={category.name}>
              <ButtonBase
                aria-pressed={pressed}
                onClick={() => onHighlight(pressed ? null : index)}
                sx={{
                  width: '100%',
                  justifyContent: 'flex-start',
                  gap: 1,
                  px: 1,
                  py: 0.5,
                  borderRadius: 1,
                  textAlign: 'left',
                  opacity: highlighted === null || pressed ? 1 : 0.6,
                  bgcolor: pressed ? 'action.selected' : 'transparent',
                  '&:hover': { bgcolor: 'action.hover' },
                  '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
                }}
              >
                <Box
                  component="span"
                  aria-hidden="true"
                  sx={{
                    width: 12,
                    height: 12,
                    flex: 'none',
                    borderRadius: '50%',
                    bgcolor: categoryColour(index),
                    border: '1.5px solid #fff',
                    boxShadow: '0 0 0 1px rgba(0,0,0,0.25)',
                  }}
                />
                <Typography component="span" variant="body2">
                  {categoryRankLabel(category.name, category.count)}
                </Typography>
              </ButtonBase>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
