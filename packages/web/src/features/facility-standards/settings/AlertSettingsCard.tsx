import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import {
  alertSettingsSchema,
  FACILITY_SETTINGS_LABELS,
  FACILITY_SETTINGS_NOTICES,
  type AlertSettings,
} from '@pharmalytics/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { QueryContent, TextInput, enqueueSnackbar } from '../../../components/index.ts';
import { facilitySettingsKeys, fetchAlertSettings, saveAlertSettings } from './api.ts';
import { FACILITY_QUERY_ROOT } from '../api.ts';
import { reportSaveFailure } from './failures.ts';
import { typedNumber } from './numberInput.ts';
import { SettingsCard } from './SettingsCard.tsx';

const FIELDS = ['receptionsMargin', 'rateMargin'] as const;

/** How close to a threshold a store's figure raises a notice. */
export function AlertSettingsCard() {
  const { t } = useTranslation();
  const settings = useQuery({
    queryKey: facilitySettingsKeys.alertSettings,
    queryFn: fetchAlertSettings,
  });
  return (
    <SettingsCard
      title={t('facilityStandardsSettings.alertSettings.title')}
      lead={t('facilityStandardsSettings.alertSettings.lead')}
    >
      <QueryContent
        loaderMinHeight={120}
        failure={t('facilityStandardsSettings.loadFailed')}
        query={settings}
      >
        {(saved) => <AlertSettingsForm saved={saved} />}
      </QueryContent>
    </SettingsCard>
  );
}

function AlertSettingsForm({ saved }: { saved: AlertSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AlertSettings>({
    resolver: zodResolver(alertSettingsSchema),
    mode: 'onTouched',
    defaultValues: saved,
  });
  const save = useMutation({ mutationFn: saveAlertSettings });
  const onSubmit = handleSubmit(async (settings) => {
    try {
      await save.mutateAsync(settings);
    } catch (error) {
      reportSaveFailure(
        error,
        FIELDS,
        (path, message) => setError(path as (typeof FIELDS)[number], { message }),
        FACILITY_SETTINGS_NOTICES.saveFailed,
      );
      return;
    }
    enqueueSnackbar(FACILITY_SETTINGS_NOTICES.alertSettingsSaved, 'success');
    reset(settings);
    queryClient.setQueryData(facilitySettingsKeys.alertSettings, settings);
    await queryClient.invalidateQueries({ queryKey: FACILITY_QUERY_ROOT });
  });

  const field = (
    name: (typeof FIELDS)[number],
    unit: string,
    hint: string,
    inputMode: 'numeric' | 'decimal',
  ) => {
    const { ref, ...props } = register(name, { setValueAs: typedNumber });
    return (
      <TextInput
        {...props}
        inputRef={ref}
        label={FACILITY_SETTINGS_LABELS[name]}
        required
        error={Boolean(errors[name])}
        helperText={errors[name]?.message ?? hint}
        endAdornment={<InputAdornment position="end">{unit}</InputAdornment>}
        slotProps={{ htmlInput: { inputMode } }}
      />
    );
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('facilityStandardsSettings.alertSettings.title')}
      onSubmit={onSubmit}
      sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}
    >
      {field(
        'receptionsMargin',
        t('facilityStandardsSettings.alertSettings.perMonth'),
        t('facilityStandardsSettings.alertSettings.receptionsHint'),
        'numeric',
      )}
      {field(
        'rateMargin',
        t('facilityStandardsSettings.alertSettings.points'),
        t('facilityStandardsSettings.alertSettings.rateHint'),
        'decimal',
      )}
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {t('facilityStandardsSettings.alertSettings.save')}
        </Button>
      </Box>
    </Box>
  );
}
