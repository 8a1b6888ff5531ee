import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  FACILITY_SETTINGS_LABELS,
  FACILITY_SETTINGS_NOTICES,
  outsideStoresSchema,
} from '@pharmalytics/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { QueryContent, TextInput, enqueueSnackbar } from '../../../components/index.ts';
import { ConfirmDialog, reportFailure } from '../../../components/settings/index.ts';
import {
  deleteOutsideStores,
  facilitySettingsKeys,
  fetchOutsideStores,
  saveOutsideStores,
  type OutsideStores,
} from './api.ts';
import { FACILITY_QUERY_ROOT } from '../api.ts';
import { reportSaveFailure } from './failures.ts';
import { typedNumber } from './numberInput.ts';
import { SettingsCard } from './SettingsCard.tsx';

const EMPTY = { effectiveMonth: '', receptionsPerMonth: undefined, storeCount: undefined };
const FIELDS = ['effectiveMonth', 'receptionsPerMonth', 'storeCount'] as const;

/** The group's stores outside Pharmalytics: figures by the month they apply from. */
export function OutsideStoresCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const figures = useQuery({
    queryKey: facilitySettingsKeys.outsideStores,
    queryFn: fetchOutsideStores,
  });
  const [deleting, setDeleting] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<OutsideStores>({
    resolver: zodResolver(outsideStoresSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  const save = useMutation({ mutationFn: saveOutsideStores });
  const onSubmit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
    } catch (error) {
      reportSaveFailure(
        error,
        FIELDS,
        (path, message) => setError(path as (typeof FIELDS)[number], { message }),
        FACILITY_SETTINGS_NOTICES.saveFailed,
      );
      return;
    }
    enqueueSnackbar(FACILITY_SETTINGS_NOTICES.outsideStoresSaved, 'success');
    reset(EMPTY);
    await queryClient.invalidateQueries({ queryKey: FACILITY_QUERY_ROOT });
  });

  const remove = useMutation({
    mutationFn: deleteOutsideStores,
    onSuccess: async () => {
      enqueueSnackbar(FACILITY_SETTINGS_NOTICES.outsideStoresDeleted, 'success');
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: FACILITY_QUERY_ROOT });
    },
    onError: (error) => reportFailure(error, FACILITY_SETTINGS_NOTICES.deleteFailed),
  });

  const numberField = (name: 'receptionsPerMonth' | 'storeCount', label: string, unit: string) => {
    const { ref, ...props } = register(name, { setValueAs: typedNumber });
    return (
      <TextInput
        {...props}
        inputRef={ref}
        label={label}
        required
        error={Boolean(errors[name])}
        helperText={errors[name]?.message}
        endAdornment={<InputAdornment position="end">{unit}</InputAdornment>}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
    );
  };
  const { ref: monthRef, ...monthProps } = register('effectiveMonth');

  return (
    <SettingsCard
      title={t('facilityStandardsSettings.outsideStores.title')}
      lead={t('facilityStandardsSettings.outsideStores.lead')}
    >
      <QueryContent
        loaderMinHeight={120}
        failure={t('facilityStandardsSettings.loadFailed')}
        query={figures}
      >
        {(list) =>
          list.length === 0 ? (
            <Typography color="text.secondary">
              {t('facilityStandardsSettings.outsideStores.empty')}
            </Typography>
          ) : (
            <Table size="small" aria-label={t('facilityStandardsSettings.outsideStores.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{FACILITY_SETTINGS_LABELS.effectiveMonth}</TableCell>
                  <TableCell align="right">{FACILITY_SETTINGS_LABELS.receptionsPerMonth}</TableCell>
                  <TableCell align="right">{FACILITY_SETTINGS_LABELS.storeCount}</TableCell>
                  <TableCell align="right">{t('settingsCommon.action')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {[...list]
                  .sort((a, b) => a.effectiveMonth.localeCompare(b.effectiveMonth))
                  .map((figure) => (
                    <TableRow key={figure.effectiveMonth}>
                      <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>
                        {figure.effectiveMonth}
                      </TableCell>
                      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                        {figure.receptionsPerMonth.toLocaleString('ja-JP')}
                        {t('facilityStandardsSettings.outsideStores.perMonth')}
                      </TableCell>
                      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                        {figure.storeCount.toLocaleString('ja-JP')}
                        {t('facilityStandardsSettings.outsideStores.stores')}
                      </TableCell>
                      <TableCell align="right">
                        <Button
                          size="small"
                          color="error"
                          aria-label={t('facilityStandardsSettings.deleteOf', {
                            name: figure.effectiveMonth,
                          })}
                          onClick={() => setDeleting(figure.effectiveMonth)}
                        >
                          {t('facilityStandardsSettings.delete')}
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
              </TableBody>
            </Table>
          )
        }
      </QueryContent>
      <Box
        component="form"
        noValidate
        aria-label={t('facilityStandardsSettings.outsideStores.title')}
        onSubmit={onSubmit}
        sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}
      >
        <TextInput
          {...monthProps}
          inputRef={monthRef}
          label={FACILITY_SETTINGS_LABELS.effectiveMonth}
          required
          error={Boolean(errors.effectiveMonth)}
          helperText={
            errors.effectiveMonth?.message ?? t('facilityStandardsSettings.outsideStores.monthHint')
          }
          slotProps={{ htmlInput: { inputMode: 'numeric', placeholder: 'yyyy-MM' } }}
        />
        {numberField(
          'receptionsPerMonth',
          FACILITY_SETTINGS_LABELS.receptionsPerMonth,
          t('facilityStandardsSettings.outsideStores.perMonth'),
        )}
        {numberField(
          'storeCount',
          FACILITY_SETTINGS_LABELS.storeCount,
          t('facilityStandardsSettings.outsideStores.stores'),
        )}
        <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t('facilityStandardsSettings.add')}
          </Button>
        </Box>
      </Box>
      <ConfirmDialog
        open={deleting !== null}
        title={t('facilityStandardsSettings.outsideStores.deleteTitle')}
        confirmLabel={t('facilityStandardsSettings.deleteConfirm')}
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      >
        {t('facilityStandardsSettings.outsideStores.deleteBody', { month: deleting ?? '' })}
      </ConfirmDialog>
    </SettingsCard>
  );
}
