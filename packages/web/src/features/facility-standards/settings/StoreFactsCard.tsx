import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import {
  FACILITY_MEASURE_SHORT,
  FACILITY_MEASURES,
  FACILITY_SETTINGS_LABELS,
  FACILITY_SETTINGS_NOTICES,
  FACILITY_STANDARDS_LABELS,
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
import {
  CHECKBOX_FACTS,
  dateFact,
  TRI_STATE_FACTS,
  TRI_STATES,
  triStateOf,
  triStateValue,
  type TriState,
} from './storeFacts.ts';

/**
 * A fact with three answers as radio buttons: a legend with the fact's short name, the full
 * wording beneath it, and 未入力 (or the city's answer) / あり / なし.
 */
function TriStateField({
  legend,
  description,
  value,
  onChange,
  onBlur,
  inputRef,
  texts,
  name,
}: {
  legend: string;
  description?: string;
  value: boolean | null;
  onChange: (value: boolean | null) => void;
  onBlur: () => void;
  inputRef: React.Ref<HTMLInputElement>;
  texts: Record<TriState, string>;
  name: string;
}) {
  const legendId = useId();
  const descriptionId = useId();
  return (
    <FormControl component="fieldset" sx={{ minWidth: 0 }}>
      <FormLabel id={legendId} component="legend" sx={{ fontSize: 14, color: 'text.primary' }}>
        {legend}
      </FormLabel>
      {description && (
        <FormHelperText id={descriptionId} sx={{ mx: 0, mt: 0 }}>
          {description}
        </FormHelperText>
      )}
      <RadioGroup
        row
        name={name}
        aria-labelledby={legendId}
        aria-describedby={description ? descriptionId : undefined}
        value={triStateOf(value)}
        onChange={(event) => onChange(triStateValue(event.target.value))}
        onBlur={onBlur}
      >
        {TRI_STATES.map((state, i) => (
          <FormControlLabel
            key={state}
            value={state}
            label={texts[state]}
            control={
              <Radio size="small" slotProps={{ input: { ref: i === 0 ? inputRef : undefined } }} />
            }
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

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
        {CHECKBOX_FACTS.map((flag) => (
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
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          columnGap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <Controller
          control={control}
          name="urban_area"
          render={({ field }) => (
            <TriStateField
              name={field.name}
              legend={FACILITY_MEASURE_SHORT.urban_area.label}
              description={FACILITY_MEASURES.urban_area.label}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              texts={{
                unset: t('facilityStandardsSettings.storeFacts.fromCity', {
                  answer:
                    store.urbanAreaFromCity === null
                      ? FACILITY_STANDARDS_LABELS.unknown
                      : store.urbanAreaFromCity
                        ? t('facilityStandardsSettings.storeFacts.yes')
                        : t('facilityStandardsSettings.storeFacts.no'),
                }),
                yes: t('facilityStandardsSettings.storeFacts.yes'),
                no: t('facilityStandardsSettings.storeFacts.no'),
              }}
            />
          )}
        />
        {TRI_STATE_FACTS.map((fact) => (
          <Controller
            key={fact}
            control={control}
            name={fact}
            render={({ field }) => (
              <TriStateField
                name={field.name}
                legend={FACILITY_MEASURE_SHORT[fact].label}
                description={FACILITY_MEASURES[fact].label}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                texts={{
                  unset: t('facilityStandardsSettings.storeFacts.unset'),
                  yes: FACILITY_STANDARDS_LABELS.flagYes,
                  no: FACILITY_STANDARDS_LABELS.flagNo,
                }}
              />
            )}
          />
        ))}
        <Controller
          control={control}
          name="designated_on"
          render={({ field, fieldState }) => (
            <TextField
              type="date"
              name={field.name}
              inputRef={field.ref}
              label={FACILITY_SETTINGS_LABELS.designatedOn}
              value={field.value ?? ''}
              onChange={(event) => field.onChange(dateFact(event.target.value))}
              onBlur={field.onBlur}
              error={Boolean(fieldState.error)}
              helperText={
                fieldState.error?.message ??
                t('facilityStandardsSettings.storeFacts.designatedOnHint')
              }
              size="small"
              sx={{ alignSelf: 'start', maxWidth: 260 }}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          )}
        />
      </Box>
    </Box>
  );
}
