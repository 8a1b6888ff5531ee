import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import {
  FACILITY_MEASURES,
  FACILITY_SETTINGS_NOTICES,
  storeFactsSchema,
} from '@pharmalytics/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { QueryContent, enqueueSnackbar } from '../../../components/index.ts';
import {
  facilitySettingsKeys,
  fetchStoreFacts,
  saveStoreFacts,
  type StoreFacts,
  type StoreFactsRow,
} from './api.ts';
import { FACILITY_QUERY_ROOT } from '../api.ts';
import { reportSaveFailure } from './failures.ts';
import { SettingsCard } from './SettingsCard.tsx';

const FLAGS = [
  'basic_fee_notified',
  'special_relationship',
  'real_estate_lease',
  'low_resource_area',
  'urban_new_opening',
] as const satisfies readonly (keyof StoreFacts)[];

/** The facts of each store the data cannot tell, saved store by store. */
export function StoreFactsCard() {
  const { t } = useTranslation();
  const stores = useQuery({ queryKey: facilitySettingsKeys.storeFacts, queryFn: fetchStoreFacts });
  return (
    <SettingsCard
      title={t('facilityStandardsSettings.storeFacts.title')}
      lead={t('facilityStandardsSettings.storeFacts.lead')}
    >
      <QueryContent
        loaderMinHeight={120}
        failure={t('facilityStandardsSettings.loadFailed')}
        query={stores}
      >
        {(list) =>
          list.length === 0 ? (
            <Typography color="text.secondary">
              {t('facilityStandardsSettings.storeFacts.empty')}
            </Typography>
          ) : (
            <Box
              sx={{
                '& > * + *': { borderTop: 1, borderColor: 'divider' },
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
              }}
            >
              {list.map((store) => (
                <StoreFactsForm key={store.storeCode} store={store} />
              ))}
            </Box>
          )
        }
      </QueryContent>
    </SettingsCard>
  );
}

function StoreFactsForm({ store }: { store: StoreFactsRow }) {
  const { t } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const {
    control,
    handleSubmit,
    reset,
    formState: { isDirty, isSubmitting },
  } = useForm<StoreFacts>({
    resolver: zodResolver(storeFactsSchema),
    defaultValues: store.facts,
  });
  const save = useMutation({
    mutationFn: (facts: StoreFacts) => saveStoreFacts(store.storeCode, facts),
  });
  const onSubmit = handleSubmit(async (facts) => {
    try {
      await save.mutateAsync(facts);
    } catch (error) {
      reportSaveFailure(error, [], () => undefined, FACILITY_SETTINGS_NOTICES.saveFailed);
      return;
    }
    enqueueSnackbar(FACILITY_SETTINGS_NOTICES.storeFactsSaved(store.storeName), 'success');
    reset(facts);
    await queryClient.invalidateQueries({ queryKey: FACILITY_QUERY_ROOT });
  });

  return (
    <Box
      component="form"
      noValidate
      aria-labelledby={headingId}
      onSubmit={onSubmit}
      sx={{ px: 2, py: 1.5, display: 'grid', gap: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography id={headingId} component="h3" sx={{ fontWeight: 700, fontSize: 15 }}>
          {store.storeName}
        </Typography>
        <Typography component="span" variant="body2" color="text.secondary">
          {store.storeCode}
        </Typography>
        {!store.entered && (
          <Chip
            size="small"
            variant="outlined"
            label={t('facilityStandardsSettings.storeFacts.defaults')}
          />
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Button
          type="submit"
          size="small"
          variant="contained"
          disabled={!isDirty}
          loading={isSubmitting}
          aria-label={t('facilityStandardsSettings.storeFacts.saveOf', { name: store.storeName })}
        >
          {t('facilityStandardsSettings.storeFacts.save')}
        </Button>
      </Box>
      <Box
        sx={{
          display: 'grid',
          columnGap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {FLAGS.map((flag) => (
          <Controller
            key={flag}
            control={control}
            name={flag}
            render={({ field }) => (
              <FormControlLabel
                label={FACILITY_MEASURES[flag].label}
                control={
                  <Checkbox
                    name={field.name}
                    slotProps={{ input: { ref: field.ref } }}
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                  />
                }
              />
            )}
          />
        ))}
      </Box>
    </Box>
  );
}
