import FilterListIcon from '@mui/icons-material/FilterList';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  GENERIC_MEDICINE_FILTERS,
  MESSAGES,
  RECEPTION_TYPE_FILTERS,
  type MedicalInstitutionFilterItem,
} from '@pharmalytics/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionExpiry } from '../../../api/index.ts';
import { enqueueSnackbar } from '../../../components/index.ts';
import type { ConditionFilters } from '../../search-condition/index.ts';
import { analysisKeys, fetchMedicalInstitutions } from './api.ts';
import {
  activeFilterCount,
  appliedFilters,
  clearedFilterDraft,
  filterErrors,
  openFilterDraft,
  toggleAll,
  toggleOption,
  type CheckboxFilter,
  type FilterDraft,
} from './filterDraft.ts';

const DIALOG_WIDTH = 560;

export interface FilterControlProps {
  applied: ConditionFilters;
  onApply: (filters: ConditionFilters) => void;
  /** Only the medical institution filter (the distribution map, spec 02 §2.3). */
  institutionsOnly?: boolean;
}

/** The 絞り込み button with its badge, and the dialog (spec 02 §2.2, §4, §5). */
export function FilterControl({ applied, onApply, institutionsOnly = false }: FilterControlProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const count = activeFilterCount(applied);
  return (
    <>
      <Badge
        badgeContent={count}
        color="primary"
        overlap="rectangular"
        slotProps={{ badge: { 'data-testid': 'filter-badge' } as object }}
      >
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<FilterListIcon color="primary" />}
          aria-haspopup="dialog"
          aria-label={
            count > 0 ? t('analysis.filterButtonCount', { count }) : t('analysis.filterButton')
          }
          onClick={() => setOpen(true)}
          sx={{ borderColor: 'divider', py: 1 }}
        >
          {t('analysis.filterButton')}
        </Button>
      </Badge>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby={titleId}
        maxWidth={false}
        slotProps={{ paper: { sx: { width: DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)' } } }}
      >
        <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
          {t('analysis.filterTitle')}
        </DialogTitle>
        {open && (
          <FilterForm
            applied={applied}
            institutionsOnly={institutionsOnly}
            onClose={() => setOpen(false)}
            onApply={(filters) => {
              onApply(filters);
              setOpen(false);
            }}
          />
        )}
      </Dialog>
    </>
  );
}

function FilterForm({
  applied,
  onApply,
  onClose,
  institutionsOnly,
}: FilterControlProps & { onClose: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<FilterDraft>(() => openFilterDraft(applied));
  const errors = filterErrors(draft);
  const valid = Object.keys(errors).length === 0;
  return (
    <>
      <DialogContent dividers sx={{ display: 'grid', gap: 3 }}>
        <InstitutionField
          value={draft.medicalInstitutions}
          onChange={(medicalInstitutions) => setDraft((d) => ({ ...d, medicalInstitutions }))}
        />
        {!institutionsOnly && (
          <>
            <CheckboxGroup
              label={t('analysis.receptionTypes')}
              filter="receptionTypes"
              options={RECEPTION_TYPE_FILTERS}
              draft={draft}
              error={errors.receptionTypes}
              onChange={setDraft}
            />
            <CheckboxGroup
              label={t('analysis.genericMedicine')}
              filter="genericMedicine"
              options={GENERIC_MEDICINE_FILTERS}
              draft={draft}
              error={errors.genericMedicine}
              onChange={setDraft}
            />
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button color="inherit" onClick={() => setDraft(clearedFilterDraft())} sx={{ mr: 'auto' }}>
          {t('analysis.clear')}
        </Button>
        <Button color="inherit" onClick={onClose}>
          {t('condition.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={!valid}
          onClick={() => {
            if (valid) onApply(appliedFilters(draft));
          }}
        >
          {t('condition.apply')}
        </Button>
      </DialogActions>
    </>
  );
}

function CheckboxGroup<F extends CheckboxFilter>({
  label,
  filter,
  options,
  draft,
  error,
  onChange,
}: {
  label: string;
  filter: F;
  options: readonly { value: FilterDraft[F][number]; label: string }[];
  draft: FilterDraft;
  error: string | undefined;
  onChange: (change: (draft: FilterDraft) => FilterDraft) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const ticked = draft[filter] as readonly (string | number)[];
  const all = ticked.length === options.length;
  return (
    <Box role="group" aria-labelledby={labelId}>
      <Typography id={labelId} variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
        {label}
      </Typography>
      <FormControlLabel
        control={
          <Checkbox
            checked={all}
            indeterminate={!all && ticked.length > 0}
            onChange={() => onChange((d) => toggleAll(d, filter))}
          />
        }
        label={t('analysis.selectAll')}
      />
      <FormGroup sx={{ pl: 3, display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' } }}>
        {options.map((option) => (
          <FormControlLabel
            key={option.value}
            control={
              <Checkbox
                checked={ticked.includes(option.value)}
                onChange={() => onChange((d) => toggleOption(d, filter, option.value))}
              />
            }
            label={option.label}
          />
        ))}
      </FormGroup>
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 1, py: 0 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}

/** Institutions of the member's stores, searched by name or code as one types. */
function InstitutionField({
  value,
  onChange,
}: {
  value: MedicalInstitutionFilterItem[];
  onChange: (value: MedicalInstitutionFilterItem[]) => void;
}) {
  const { t } = useTranslation();
  const institutions = useQuery({
    queryKey: analysisKeys.institutions,
    queryFn: ({ signal }) => fetchMedicalInstitutions(signal),
    staleTime: 60_000,
  });
  useEffect(() => {
    // Spec 02 §8: a failed load of the autocomplete items shows the unexpected-error message.
    if (institutions.isError && !isSessionExpiry(institutions.error)) {
      enqueueSnackbar(MESSAGES.unexpected, 'error');
    }
  }, [institutions.isError, institutions.error]);
  return (
    <Autocomplete
      multiple
      options={institutions.data ?? []}
      value={value}
      loading={institutions.isPending}
      loadingText={t('analysis.institutionsLoading')}
      noOptionsText={t('analysis.institutionsEmpty')}
      getOptionLabel={(option) => option.text}
      isOptionEqualToValue={(option, selected) => option.value === selected.value}
      onChange={(_event, next) => onChange(next)}
      filterSelectedOptions
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('analysis.medicalInstitutions')}
          placeholder={value.length === 0 ? t('analysis.institutionsPlaceholder') : undefined}
        />
      )}
    />
  );
}
