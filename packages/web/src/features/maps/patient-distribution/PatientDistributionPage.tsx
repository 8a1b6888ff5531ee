import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_MAP_CATEGORY,
  DISTRIBUTION_DEFAULT_MARKER_TYPES,
  MESSAGES,
  route,
  storeLocation,
  type MapCategoryValue,
  type MarkerType,
} from '@pharmalytics/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  loggingFailures,
  isDevApiEnabled,
  subscribeDevApi,
  type Member,
  type Store,
} from '../../../api/index.ts';
import { PageHeading } from '../../../components/index.ts';
import { FilterControl } from '../../analytics/index.ts';
import { useSignedInMember } from '../../session/index.ts';
import {
  ConditionBar,
  conditionKey,
  NO_FILTERS,
  PeriodControl,
  PickerProvider,
  queriedStoreCodes,
  StoresControl,
  StoresGate,
  useConditionStores,
  useSearchCondition,
} from '../../search-condition/index.ts';
import { FacilityLegend } from '../facilities/index.ts';
import { MapFrame, MapUnavailable } from '../MapFrame.tsx';
import { distributionKeys, distributionQuery, fetchPatientDistribution } from './api.ts';
import { CategoryLegend } from './CategoryLegend.tsx';
import { DistributionMap } from './DistributionMap.tsx';
import { DistributionSettings } from './DistributionSettings.tsx';

const HEADING_ID = 'patient-distribution-heading';
/** A distribution counts as fresh for 30 s, as the analysis charts do. */
const STALE_MS = 30_000;

/** 患者分布状況 (spec 02 §2.3): where the patients of the chosen stores live, on a map. */
export function PatientDistributionPage() {
  const member = useSignedInMember();
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby={HEADING_ID}>
      <PageHeading id={HEADING_ID} title={route('PatientDistribution').title!} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: -2, mb: 2 }}>
        {t('maps.distributionNote')}
      </Typography>
      <PickerProvider>
        <StoresGate>
          {(stores) => <Distribution key={conditionKey(member)} member={member} stores={stores} />}
        </StoresGate>
      </PickerProvider>
    </Box>
  );
}

const loadDistribution = (...args: Parameters<typeof fetchPatientDistribution>) =>
  loggingFailures(fetchPatientDistribution(...args));

function Distribution({ member, stores }: { member: Member; stores: readonly Store[] }) {
  const { t } = useTranslation();
  const { active, activeCodes, tree } = useConditionStores(member, stores);
  const { condition, update, today, plan } = useSearchCondition(member, activeCodes);
  const devApi = useSyncExternalStore(subscribeDevApi, isDevApiEnabled, isDevApiEnabled);
  const [category, setCategory] = useState<MapCategoryValue>(DEFAULT_MAP_CATEGORY);
  const [markers, setMarkers] = useState<ReadonlySet<MarkerType>>(
    () => new Set(DISTRIBUTION_DEFAULT_MARKER_TYPES),
  );
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const [mapFailed, setMapFailed] = useState(false);

  const storeCodes = queriedStoreCodes(condition, activeCodes);
  const chosen = active.filter((s) => storeCodes.includes(s.storeCode));
  const unplaced = chosen.some((s) => !storeLocation(s));
  const centre = chosen[0] && storeLocation(chosen[0]);
  const query = distributionQuery(condition, storeCodes, category);
  const result = useQuery({
    queryKey: distributionKeys.map(query, devApi),
    queryFn: ({ signal }) => loadDistribution(query, signal),
    enabled: !unplaced && chosen.length > 0,
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  });
  const institutionFilter = {
    ...NO_FILTERS,
    medicalInstitutions: condition.filters.medicalInstitutions,
  };

  let map;
  if (unplaced) map = <MapUnavailable message={MESSAGES.distributionMapAddressMissing} />;
  else if (!centre) map = <MapUnavailable message={MESSAGES.selectStore} />;
  else if (mapFailed) map = <MapUnavailable message={t('storeForm.mapUnavailable')} />;
  else {
    map = (
      <MapFrame busy={result.isFetching}>
        <DistributionMap
          key={chosen[0]!.storeCode}
          distribution={result.data ?? { patients: [], pharmacies: [], categories: [] }}
          centre={centre}
          markers={markers}
          highlighted={highlighted}
          onFailed={() => setMapFailed(true)}
        />
        <DistributionSettings
          category={category}
          onCategory={(next) => {
            setHighlighted(null);
            setCategory(next);
          }}
          markers={markers}
          onMarkers={setMarkers}
        />
        {result.isError && !result.isFetching && (
          <Alert
            severity="error"
            sx={{ position: 'absolute', left: 10, top: 10 }}
            action={
              <Button color="inherit" size="small" onClick={() => void result.refetch()}>
                {t('dashboard.retry')}
              </Button>
            }
          >
            {t('maps.distributionFailed')}
          </Alert>
        )}
      </MapFrame>
    );
  }

  return (
    <>
      <ConditionBar>
        <PeriodControl
          condition={condition}
          comparison={false}
          plan={plan}
          today={today}
          onApply={(period) => update((current) => ({ ...current, ...period }))}
        />
        <StoresControl
          pharmacy={condition.pharmacy}
          stores={active}
          tree={tree}
          onApply={(pharmacy) => update((current) => ({ ...current, pharmacy }))}
        />
        <FilterControl
          institutionsOnly
          applied={institutionFilter}
          onApply={(filters) =>
            update((current) => ({
              ...current,
              filters: { ...current.filters, medicalInstitutions: filters.medicalInstitutions },
            }))
          }
        />
      </ConditionBar>
      <Paper component="section" aria-labelledby="distribution-map-heading" sx={{ p: 2 }}>
        <Typography id="distribution-map-heading" variant="h2" sx={{ mb: 1.5 }}>
          {t('maps.distributionMap')}
        </Typography>
        {map}
        <Box sx={{ display: 'grid', gap: 1.5, mt: 1.5 }}>
          <FacilityLegend />
          {result.data && markers.has('patient') && (
            <CategoryLegend
              categories={result.data.categories}
              highlighted={highlighted}
              onHighlight={setHighlighted}
            />
          )}
          {result.data && result.data.patients.length === 0 && !result.isFetching && (
            <Typography variant="body2" color="text.secondary" role="status">
              {t('maps.noPatients')}
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary">
            {t('maps.facilityCredit')}
          </Typography>
        </Box>
      </Paper>
    </>
  );
}
