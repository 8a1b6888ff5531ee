import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import {
  BUILDING_KINDS,
  BUILDING_NAME_LABEL,
  FACILITY_SETTINGS_LABELS,
  FACILITY_SETTINGS_NOTICES,
  sameBuildingGroupBodySchema,
} from '@pharmalytics/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { QueryContent, TextInput, bindField, enqueueSnackbar } from '../../../components/index.ts';
import { ConfirmDialog, reportFailure } from '../../../components/settings/index.ts';
import {
  deleteBuilding,
  facilitySettingsKeys,
  fetchBuildings,
  fetchInstitutionChoices,
  saveBuilding,
  type Building,
  type BuildingBody,
  type BuildingForm,
} from './api.ts';
import { FACILITY_QUERY_ROOT } from '../api.ts';
import { reportSaveFailure } from './failures.ts';
import { addCodes, splitCodes, takeFinishedCodes } from './institutionCodes.ts';
import { SettingsCard } from './SettingsCard.tsx';

const EMPTY: BuildingForm = { name: '', institutionCodes: [], kind: 'building' };
const KINDS = Object.keys(BUILDING_KINDS) as (keyof typeof BUILDING_KINDS)[];

/** The message of the codes field: the list's own, else that of the first code refused. */
function codesError(errors: FieldErrors<BuildingForm>): string | undefined {
  const field = errors.institutionCodes;
  if (!field) return undefined;
  if (field.message) return field.message;
  if (field.root?.message) return field.root.message;
  if (Array.isArray(field)) return field.find((e) => e?.message)?.message;
  return undefined;
}

/** Institutions of one building, counted as one (docs/facility-standards.md, measures). */
export function BuildingsCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const buildings = useQuery({ queryKey: facilitySettingsKeys.buildings, queryFn: fetchBuildings });
  const institutions = useQuery({
    queryKey: facilitySettingsKeys.institutions,
    queryFn: fetchInstitutionChoices,
  });
  const labelOf = new Map((institutions.data ?? []).map((i) => [i.value, i.text]));
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState<Building | null>(null);
  const kindId = useId();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<BuildingForm, unknown, BuildingBody>({
    resolver: zodResolver(sameBuildingGroupBodySchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  const commitTyped = () => {
    const added = splitCodes(typed);
    setTyped('');
    if (added.length === 0) return;
    setValue('institutionCodes', addCodes(getValues('institutionCodes'), added), {
      shouldDirty: true,
      shouldValidate: true,
    });
  };

  const save = useMutation({ mutationFn: saveBuilding });
  const onSubmit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
    } catch (error) {
      reportSaveFailure(
        error,
        ['name', 'institutionCodes'],
        (path, message) => setError(path as keyof BuildingForm, { message }),
        FACILITY_SETTINGS_NOTICES.saveFailed,
      );
      return;
    }
    enqueueSnackbar(FACILITY_SETTINGS_NOTICES.buildingSaved, 'success');
    reset(EMPTY);
    await queryClient.invalidateQueries({ queryKey: FACILITY_QUERY_ROOT });
  });

  const remove = useMutation({
    mutationFn: (building: Building) => deleteBuilding(building.id),
    onSuccess: async () => {
      enqueueSnackbar(FACILITY_SETTINGS_NOTICES.buildingDeleted, 'success');
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: FACILITY_QUERY_ROOT });
    },
    onError: (error) => reportFailure(error, FACILITY_SETTINGS_NOTICES.deleteFailed),
  });

  const codesMessage = codesError(errors);
  const codeErrors = Array.isArray(errors.institutionCodes) ? errors.institutionCodes : [];

  return (
    <SettingsCard
      title={t('facilityStandardsSettings.buildings.title')}
      lead={t('facilityStandardsSettings.buildings.lead')}
    >
      <QueryContent
        loaderMinHeight={120}
        failure={t('facilityStandardsSettings.loadFailed')}
        query={buildings}
      >
        {(list) =>
          list.length === 0 ? (
            <Typography color="text.secondary">
              {t('facilityStandardsSettings.buildings.empty')}
            </Typography>
          ) : (
            <Table size="small" aria-label={t('facilityStandardsSettings.buildings.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{BUILDING_NAME_LABEL}</TableCell>
                  <TableCell>{t('facilityStandardsSettings.buildings.kind')}</TableCell>
                  <TableCell>{t('facilityStandardsSettings.buildings.institutions')}</TableCell>
                  <TableCell align="right">{t('settingsCommon.action')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((building) => (
                  <TableRow key={building.id}>
                    <TableCell sx={{ fontWeight: 600 }}>{building.name}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {BUILDING_KINDS[building.kind]}
                    </TableCell>
                    <TableCell>
                      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                        {building.institutionCodes.map((code) => (
                          <Chip key={code} size="small" label={labelOf.get(code) ?? code} />
                        ))}
                      </Box>
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Button
                        size="small"
                        aria-label={t('facilityStandardsSettings.buildings.editOf', {
                          name: building.name,
                        })}
                        onClick={() => {
                          reset({
                            name: building.name,
                            institutionCodes: building.institutionCodes,
                            kind: building.kind,
                          });
                          setTyped('');
                        }}
                      >
                        {t('facilityStandardsSettings.buildings.edit')}
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        aria-label={t('facilityStandardsSettings.deleteOf', {
                          name: building.name,
                        })}
                        onClick={() => setDeleting(building)}
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
        aria-label={t('facilityStandardsSettings.buildings.title')}
        onSubmit={(event) => {
          commitTyped();
          void onSubmit(event);
        }}
        sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' } }}
      >
        <TextInput
          {...bindField(register, 'name')}
          label={BUILDING_NAME_LABEL}
          required
          error={Boolean(errors.name)}
          helperText={errors.name?.message ?? t('facilityStandardsSettings.buildings.replaceHint')}
        />
        <Controller
          control={control}
          name="institutionCodes"
          render={({ field }) => (
            <Autocomplete<string, true, false, true>
              multiple
              freeSolo
              options={(institutions.data ?? []).map((i) => i.value)}
              getOptionLabel={(code) => labelOf.get(code) ?? code}
              filterSelectedOptions
              value={field.value}
              inputValue={typed}
              onChange={(_event, values) => {
                field.onChange(
                  addCodes(
                    [],
                    values.flatMap((v) => splitCodes(v)),
                  ),
                );
                setTyped('');
              }}
              onInputChange={(_event, value, reason) => {
                if (reason === 'reset') return;
                const { finished, rest } = takeFinishedCodes(value);
                if (finished.length > 0) field.onChange(addCodes(field.value, finished));
                setTyped(rest);
              }}
              onBlur={() => {
                commitTyped();
                field.onBlur();
              }}
              onPaste={(event) => {
                // A text field drops line breaks: codes pasted one per line would run together.
                const pasted = event.clipboardData.getData('text');
                if (!/[\r\n]/.test(pasted)) return;
                event.preventDefault();
                field.onChange(addCodes(field.value, splitCodes(`${typed} ${pasted}`)));
                setTyped('');
              }}
              renderValue={(values, getItemProps) =>
                values.map((code, index) => {
                  const { key, ...itemProps } = getItemProps({ index });
                  const invalid = Boolean(codeErrors[index]);
                  return (
                    <Chip
                      {...itemProps}
                      key={key}
                      size="small"
                      label={labelOf.get(code) ?? code}
                      color={invalid ? 'error' : 'default'}
                      variant={invalid ? 'outlined' : 'filled'}
                      aria-invalid={invalid ? true : undefined}
                    />
                  );
                })
              }
              renderInput={(params) => (
                <TextField
                  {...params}
                  inputRef={field.ref}
                  required
                  label={FACILITY_SETTINGS_LABELS.institutionCodes}
                  error={Boolean(codesMessage)}
                  helperText={codesMessage ?? t('facilityStandardsSettings.buildings.codesHint')}
                  slotProps={{
                    ...params.slotProps,
                    htmlInput: { ...params.slotProps.htmlInput, inputMode: 'numeric' },
                  }}
                />
              )}
            />
          )}
        />
        <Controller
          control={control}
          name="kind"
          render={({ field }) => (
            <FormControl component="fieldset" sx={{ gridColumn: '1 / -1' }}>
              <FormLabel id={kindId} component="legend" sx={{ fontSize: 14 }}>
                {t('facilityStandardsSettings.buildings.kind')}
              </FormLabel>
              <RadioGroup
                row
                name={field.name}
                aria-labelledby={kindId}
                value={field.value ?? 'building'}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
              >
                {KINDS.map((kind, i) => (
                  <FormControlLabel
                    key={kind}
                    value={kind}
                    label={BUILDING_KINDS[kind]}
                    control={
                      <Radio
                        size="small"
                        slotProps={{ input: { ref: i === 0 ? field.ref : undefined } }}
                      />
                    }
                  />
                ))}
              </RadioGroup>
            </FormControl>
          )}
        />
        <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t('facilityStandardsSettings.buildings.save')}
          </Button>
        </Box>
      </Box>
      <ConfirmDialog
        open={deleting !== null}
        title={t('facilityStandardsSettings.buildings.deleteTitle')}
        confirmLabel={t('facilityStandardsSettings.deleteConfirm')}
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      >
        {t('facilityStandardsSettings.buildings.deleteBody', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </SettingsCard>
  );
}
