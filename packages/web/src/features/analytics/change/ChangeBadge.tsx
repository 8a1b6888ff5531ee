import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/index.ts';
import type { ChangeStyle } from './changeStyle.ts';

export const CHANGE_COLORS: Record<ChangeStyle, string> = {
  up: 'success.main',
  down: 'error.main',
  flat: 'text.secondary',
  none: 'text.secondary',
};

/** Read out after the change, as its colour and arrow are not. */
const CHANGE_WORDS = {
  up: 'dashboard.changeUp',
  down: 'dashboard.changeDown',
  flat: 'dashboard.changeFlat',
  none: null,
} as const satisfies Record<ChangeStyle, string | null>;

const ICONS: Record<ChangeStyle, typeof ArrowUpwardIcon | null> = {
  up: ArrowUpwardIcon,
  down: ArrowDownwardIcon,
  flat: ArrowForwardIcon,
  none: null,
};

/** A change written with its sign, coloured and arrowed by its direction, the direction read out. */
export function ChangeBadge({ style, text }: { style: ChangeStyle; text: string }) {
  const { t } = useTranslation();
  const Icon = ICONS[style];
  const word = CHANGE_WORDS[style];
  return (
    <Box
      component="span"
      data-change={style}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.25,
        fontWeight: 700,
        color: CHANGE_COLORS[style],
        fontVariantNumeric: 'tabular-nums',
      }}
    >
      {Icon && (
        <Box component="span" aria-hidden="true" sx={{ display: 'inline-flex', fontSize: 16 }}>
          <Icon fontSize="inherit" />
        </Box>
      )}
      {text}
      {word && (
        <Box component="span" sx={visuallyHidden}>
          （{t(word)}）
        </Box>
      )}
    </Box>
  );
}
