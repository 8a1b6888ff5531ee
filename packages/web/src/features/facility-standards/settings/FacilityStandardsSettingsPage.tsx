import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { routeTitle } from '../../../routes/paths.ts';
import { PageHeading } from '../../../components/index.ts';
import { AlertSettingsCard } from './AlertSettingsCard.tsx';
import { BuildingsCard } from './BuildingsCard.tsx';
import { OutsideStoresCard } from './OutsideStoresCard.tsx';
import { StoreFactsCard } from './StoreFactsCard.tsx';

const PAGE_WIDTH = 960;

/**
 * What an administrator tells the 施設基準 judgement: buildings, the group's stores outside the
 * service, each store's facts and the distances that raise a notice.
 */
export function FacilityStandardsSettingsPage() {
  const { t } = useTranslation();
  return (
    <Box
      component="section"
      aria-labelledby="facility-standards-settings-heading"
      sx={{ maxWidth: PAGE_WIDTH }}
    >
      <PageHeading
        id="facility-standards-settings-heading"
        title={routeTitle('FacilityStandardsSettings')}
      />
      <Typography color="text.secondary" sx={{ mt: -1.5, mb: 3 }}>
        {t('facilityStandardsSettings.lead')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3 }}>
        <BuildingsCard />
        <OutsideStoresCard />
        <StoreFactsCard />
        <AlertSettingsCard />
      </Box>
    </Box>
  );
}
