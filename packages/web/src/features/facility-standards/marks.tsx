import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import {
  FACILITY_STANDARDS_LABELS as L,
  RULE_VERDICT_TEXTS,
  type RuleVerdictKind,
} from '@pharmalytics/domain';
import { ruleTitle, type RuleRef } from './model.ts';

/** The ［未確認］ beside a point value or threshold the official texts do not confirm. */
export function UnconfirmedMark() {
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        ml: 0.5,
        px: 0.5,
        borderRadius: 0.5,
        fontSize: '0.75rem',
        fontWeight: 700,
        lineHeight: 1.6,
        whiteSpace: 'nowrap',
        bgcolor: 'secondary.light',
        color: 'text.primary',
        verticalAlign: 'middle',
      }}
    >
      ［{L.unconfirmed}］
    </Box>
  );
}

/** The mark followed by the one sentence on what the value lacks. */
export function Unconfirmed({ text, block = false }: { text: string; block?: boolean }) {
  return (
    <>
      <UnconfirmedMark />
      <Box
        component="span"
        sx={{
          display: block ? 'block' : 'inline',
          ml: block ? 0 : 0.5,
          fontSize: '0.75rem',
          fontWeight: 400,
          color: 'text.secondary',
          whiteSpace: 'normal',
        }}
      >
        {text}
      </Box>
    </>
  );
}

/** A rule's name and points, marked when unconfirmed. */
export function RuleName({ rule }: { rule: RuleRef }) {
  return (
    <>
      {ruleTitle(rule)}
      {rule.unconfirmed && rule.unconfirmedText && <Unconfirmed text={rule.unconfirmedText} />}
    </>
  );
}

const VERDICT_COLORS = {
  held: 'primary',
  notHeld: 'default',
  missingInput: 'warning',
  noData: 'warning',
} as const;

/** A rule's one verdict: 該当 / 非該当 / 判定に必要な情報が未入力 / 判定できません（データ不足）. */
export function VerdictChip({ verdict }: { verdict: RuleVerdictKind }) {
  return (
    <Chip
      size="small"
      label={RULE_VERDICT_TEXTS[verdict]}
      color={VERDICT_COLORS[verdict]}
      variant={verdict === 'held' ? 'filled' : 'outlined'}
      sx={verdict === 'held' || verdict === 'notHeld' ? undefined : { color: 'text.primary' }}
    />
  );
}

/** The 見込み marker of a projected month. */
export function ProjectedMark() {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={L.projected}
      sx={{ height: 20, fontSize: '0.7rem', color: 'text.primary', borderColor: 'secondary.main' }}
    />
  );
}
