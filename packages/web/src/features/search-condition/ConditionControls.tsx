import DateRangeOutlinedIcon from '@mui/icons-material/DateRangeOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { jaJP as pickersJaJP } from '@mui/x-date-pickers/locales';
import type {} from '@mui/x-date-pickers/themeAugmentation';
import {
  CALENDAR_MONTH_FORMAT,
  periodText,
  TIME_AXES,
  type DateRange,
  type PlanCode,
} from '@pharmalytics/domain';
import { ja } from 'date-fns/locale/ja';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Store } from '../../api/index.ts';
import type { StoreAreas } from '../stores/index.ts';
import type { PeriodCondition, SearchCondition } from './condition.ts';
import { PeriodMenu } from './PeriodMenu.tsx';
import { presetText as presetName, type PresetTexts } from './presetText.ts';
import { StoreSelectDialog } from './StoreSelectDialog.tsx';
import { storesText } from './storeSelection.ts';

const PICKER_LOCALE_TEXT = pickersJaJP.components.MuiLocalizationProvider.defaultProps.localeText;

/** The calendar header as Japanese write it (2026年11月, not the adapter's 11月 2026). */
const withCalendarHeader = (outer: Theme): Theme => ({
  ...outer,
  components: {
    ...outer.components,
    // The header reads `format` through its theme props, though the theme's type leaves it out.
    MuiPickersCalendarHeader: { defaultProps: { format: CALENDAR_MONTH_FORMAT } as object },
  },
});

/** The date pickers' Japanese calendar and texts. */
export function PickerProvider({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={ja}
      localeText={PICKER_LOCALE_TEXT}
    >
      <ThemeProvider theme={withCalendarHeader}>{children}</ThemeProvider>
    </LocalizationProvider>
  );
}

/** The row of search controls above a page's figures, named 表示条件. */
export function ConditionBar({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-label={t('condition.conditionsLabel')}
      sx={{ p: 1.5, mb: 3, display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}
    >
      {children}
    </Paper>
  );
}

export interface PeriodControlProps {
  condition: PeriodCondition;
  comparison: boolean;
  /** Whether the period comes with a time axis (the acquisition-rate map's has none). */
  withTimeAxis?: boolean;
  plan: PlanCode;
  today: string;
  onApply: (next: PeriodCondition) => void;
  /** Names the comparison text beside the button (the dashboard's). */
  describedBy?: string;
  /** The page's own names of some presets, on the button and in the menu. */
  presetTexts?: PresetTexts;
}

/** The period button, showing the preset, time axis and dates, and its menu. */
export function PeriodControl({
  condition,
  describedBy,
  onApply,
  withTimeAxis = true,
  ...menu
}: PeriodControlProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [session, setSession] = useState(0);
  const presetText = presetName(condition.preset, menu.presetTexts);
  const axisText = TIME_AXES.find((a) => a.value === condition.timeAxis)?.text ?? '';
  const baseText = periodText(condition.base);
  const label = withTimeAxis
    ? t('condition.periodButton', { preset: presetText, period: baseText, axis: axisText })
    : t('condition.periodButtonWithoutAxis', { preset: presetText, period: baseText });
  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<DateRangeOutlinedIcon color="primary" />}
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        aria-label={label}
        aria-describedby={describedBy}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setSession((n) => n + 1);
        }}
        sx={{ borderColor: 'divider', py: 0.75, textAlign: 'left' }}
      >
        <Box component="span" sx={{ display: 'grid', lineHeight: 1.3 }}>
          <Box component="span" sx={{ fontSize: 11, color: 'text.secondary', fontWeight: 600 }}>
            {withTimeAxis ? `${presetText} ・ ${axisText}` : presetText}
          </Box>
          {/* Not drawn in the grid, but it keeps the visible text word for word in the name. */}{' '}
          <Box
            component="span"
            data-testid="condition-period"
            sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
          >
            {baseText}
          </Box>
        </Box>
      </Button>
      <PeriodMenu
        {...menu}
        anchorEl={anchor}
        open={anchor !== null}
        session={session}
        withTimeAxis={withTimeAxis}
        applied={condition}
        onClose={() => setAnchor(null)}
        onApply={(next) => {
          onApply(next);
          setAnchor(null);
        }}
      />
    </>
  );
}

export interface StoresControlProps {
  pharmacy: SearchCondition['pharmacy'];
  stores: readonly Store[];
  tree: StoreAreas;
  onApply: (pharmacy: SearchCondition['pharmacy']) => void;
}

/** The store button, naming the chosen stores, and its dialog. */
/** 「比較期間: …」 beside the period control, which it describes (its id). */
export function ComparisonPeriodText({
  id,
  testId,
  period,
}: {
  id: string;
  testId: string;
  period: DateRange;
}) {
  const { t } = useTranslation();
  return (
    <Typography
      id={id}
      data-testid={testId}
      variant="body2"
      color="text.secondary"
      sx={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {t('condition.comparisonText', { period: periodText(period) })}
    </Typography>
  );
}

export function StoresControl({ pharmacy, stores, tree, onApply }: StoresControlProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const text = storesText(pharmacy, stores);
  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<StorefrontOutlinedIcon color="primary" />}
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="dialog"
        aria-label={t('condition.storesButton', { stores: text })}
        onClick={() => setOpen(true)}
        sx={{ borderColor: 'divider', py: 1, maxWidth: 320 }}
      >
        <Box
          component="span"
          data-testid="condition-stores"
          sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {text}
        </Box>
      </Button>
      <StoreSelectDialog
        open={open}
        tree={tree}
        applied={pharmacy}
        onClose={() => setOpen(false)}
        onApply={(next) => {
          onApply(next);
          setOpen(false);
        }}
      />
    </>
  );
}
