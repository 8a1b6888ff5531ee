import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FilterField } from './FilterField.tsx';

/** The count and the filter box above a settings table. */
export function TableToolbar({
  count,
  filter,
  onFilter,
  filterLabel,
  filterPlaceholder,
}: {
  count: number;
  filter: string;
  onFilter: (value: string) => void;
  filterLabel: string;
  filterPlaceholder: string;
}) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        mb: 1.5,
        flexWrap: 'wrap',
      }}
    >
      <Typography aria-live="polite" sx={{ fontWeight: 600 }}>
        {t('settingsCommon.count', { count })}
      </Typography>
      <FilterField
        value={filter}
        onChange={onFilter}
        label={filterLabel}
        placeholder={filterPlaceholder}
      />
    </Box>
  );
}
