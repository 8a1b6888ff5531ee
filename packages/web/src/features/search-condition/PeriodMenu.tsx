import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import {
  COMPARISON_TYPES,
  durationPresetsForPlan,
  FORM_MESSAGES,
  PERIOD_POPUP_WIDTH,
  freePlanEarliestDate,
  TIME_AXES,
  type DurationPresetValue,
  type PlanCode,
} from '@pharmalytics/domain';
import { useId, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { enqueueSnackbar, NumberRadioGroup, visuallyHidden } from '../../components/index.ts';
import type { PeriodCondition } from './condition.ts';
import { presetText, type PresetTexts } from './presetText.ts';
import { fromPickerDate, toPickerDate } from './dates.ts';
import {
  applyDraft,
  canApply,
  checkDate,
  choosePreset,
  draftComparisonText,
  draftNotice,
  editDate,
  openDraft,
  pickDate,
  type DateField,
  type PeriodDraft,
} from './periodDraft.ts';

/** The dashboard's menu is wider: it also holds the comparison. */
const COMPARISON_MENU_WIDTH = 480;

const DATE_PICKER_FORMAT = 'yyyy/MM/dd';

export interface PeriodMenuProps {
  anchorEl: HTMLElement | null;
  open: boolean;
  /** Changes on every opening, so the temporary selections start again from `applied`. */
  session: number;
  applied: PeriodCondition;
  /** The dashboard's menu also chooses the comparison period and shows it. */
  comparison: boolean;
  /** Whether the menu chooses the time axis (the acquisition-rate map has none). */
  withTimeAxis?: boolean;
  plan: PlanCode;
  today: string;
  /** The page's own names of some presets (the scorecard's closed month). */
  presetTexts?: PresetTexts;
  onApply: (next: PeriodCondition) => void;
  onClose: () => void;
}

/** The period menu of the dashboard and the analysis pages (spec 02 §2.1, §2.2, §4, §5). */
export function PeriodMenu({ anchorEl, open, session, ...rest }: PeriodMenuProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Popover
      open={open}
      anchorEl={anchorEl}
      onClose={rest.onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      transformOrigin={{ vertical: 'top', horizontal: 'left' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: {
            width: rest.comparison ? COMPARISON_MENU_WIDTH : PERIOD_POPUP_WIDTH,
            maxWidth: 'calc(100% - 32px)',
            mt: 1,
          },
        },
      }}
    >
      <Typography id={titleId} component="h2" sx={{ fontWeight: 700, px: 2.5, pt: 2 }}>
        {t('condition.periodMenu')}
      </Typography>
      <PeriodForm key={session} {...rest} />
    </Popover>
  );
}

function PeriodForm({
  applied,
  comparison,
  withTimeAxis = true,
  plan,
  today,
  presetTexts,
  onApply,
  onClose,
}: Omit<PeriodMenuProps, 'anchorEl' | 'open' | 'session'>) {
  const { t } = useTranslation();
  const rangeLabelId = useId();
  const [draft, setDraft] = useState<PeriodDraft>(() => openDraft(applied, withTimeAxis));
  // Limits the calendar enforces itself (the free plan's earliest date).
  const [outOfRange, setOutOfRange] = useState<Partial<Record<DateField, boolean>>>({});
  const presets = durationPresetsForPlan(plan);
  const minDate = plan === 'free' ? toPickerDate(freePlanEarliestDate(today)) : null;
  const notice = draftNotice(draft);
  const comparisonText = comparison ? draftComparisonText(draft) : null;
  const applicable = canApply(draft) && !outOfRange.from && !outOfRange.to;

  // The snackbar sits behind the menu's modal layer, hidden from assistive technology: the
  // menu repeats the message in a live region of its own.
  const [announcement, setAnnouncement] = useState({ text: '', n: 0 });

  const apply = () => {
    const result = applyDraft(draft);
    if (result.ok) {
      onApply(result.condition);
    } else if (result.message) {
      enqueueSnackbar(result.message, 'error');
      setAnnouncement((current) => ({ text: result.message!, n: current.n + 1 }));
    }
  };

  const dateField = (field: DateField) => (
    <DatePicker
      label={t(`condition.${field}`)}
      value={toPickerDate(draft[field])}
      format={DATE_PICKER_FORMAT}
      minDate={minDate ?? undefined}
      onError={(error) =>
        setOutOfRange((current) => ({ ...current, [field]: error === 'minDate' }))
      }
      onChange={(value, context) => {
        const date = fromPickerDate(value);
        // Only a day picked in the calendar is checked at once. A date typed in the field (its
        // changes arrive as 'field' or 'unknown') is checked when the field loses focus, so
        // typing digit by digit (year 0002, 0020, 0202, 2026) does not trip the rules half way.
        setDraft((current) =>
          context.source === 'view'
            ? pickDate(current, field, date, applied.base)
            : editDate(current, field, date),
        );
      }}
      slotProps={{
        textField: {
          size: 'small',
          error: Boolean(draft.errors[field]) || Boolean(outOfRange[field]),
          helperText:
            draft.errors[field] ??
            (outOfRange[field]
              ? FORM_MESSAGES.freePlanPeriodTooOld(freePlanEarliestDate(today))
              : undefined),
          slotProps: { formHelperText: { role: 'alert' } },
          onBlur: (event: FocusEvent<HTMLElement>) => {
            // Moving between the year, month and day sections stays inside the field.
            if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
            setDraft((current) =>
              current.pending === field ? checkDate(current, field, applied.base) : current,
            );
          },
        },
      }}
      sx={{ flex: 1, minWidth: 0 }}
    />
  );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (applicable) apply();
      }}
      sx={{ px: 2.5, pt: 2, pb: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}
    >
      <TextField
        select
        size="small"
        label={t('condition.preset')}
        value={draft.preset}
        onChange={(event) =>
          setDraft((current) =>
            choosePreset(current, Number(event.target.value) as DurationPresetValue, today),
          )
        }
      >
        {presets.map((preset) => (
          <MenuItem key={preset.value} value={preset.value}>
            {presetText(preset.value, presetTexts)}
          </MenuItem>
        ))}
      </TextField>

      <Box role="group" aria-labelledby={rangeLabelId}>
        <Typography
          id={rangeLabelId}
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', mb: 1, fontWeight: 700 }}
        >
          {t('condition.range')}
        </Typography>
        {/* The narrow menu of the analysis pages stacks the dates: side by side they cut. */}
        <Box
          sx={{
            display: 'flex',
            flexDirection: comparison ? 'row' : 'column',
            alignItems: comparison ? 'flex-start' : 'stretch',
            gap: comparison ? 1 : 2,
          }}
        >
          {dateField('from')}
          {comparison && (
            <Typography aria-hidden="true" sx={{ pt: 1 }}>
              〜
            </Typography>
          )}
          {dateField('to')}
        </Box>
        {comparison && (
          <Typography
            variant="body2"
            color="text.secondary"
            aria-live="polite"
            sx={{ mt: 1, minHeight: 20, fontVariantNumeric: 'tabular-nums' }}
          >
            {comparisonText && t('condition.comparisonText', { period: comparisonText })}
          </Typography>
        )}
      </Box>

      {comparison && (
        <NumberRadioGroup
          row
          label={t('condition.comparisonType')}
          options={COMPARISON_TYPES}
          value={draft.comparisonType}
          onChange={(comparisonType) => setDraft((current) => ({ ...current, comparisonType }))}
        />
      )}

      {withTimeAxis && (
        <NumberRadioGroup
          row
          label={t('condition.timeAxis')}
          options={TIME_AXES}
          value={draft.timeAxis}
          onChange={(timeAxis) => setDraft((current) => ({ ...current, timeAxis }))}
        />
      )}

      {notice && (
        <Alert severity="error" role="alert" sx={{ py: 0 }}>
          {notice}
        </Alert>
      )}

      <Box key={announcement.n} role="status" sx={visuallyHidden}>
        {announcement.text}
      </Box>

      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button color="inherit" onClick={onClose}>
          {t('condition.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={!applicable}>
          {t('condition.apply')}
        </Button>
      </Box>
    </Box>
  );
}
