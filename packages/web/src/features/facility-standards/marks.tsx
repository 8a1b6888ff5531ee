import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { FACILITY_STANDARDS_LABELS as L } from '@pharmalytics/domain';
import { ruleTitle, VERDICT_LABELS, type RuleRef, type RuleVerdict } from './model.ts';

/** The [未確認] beside a point value or threshold the reference does not confirm. */
export function UnconfirmedMark() {
  return (
    <Box
      component="span"
      title={L.unconfirmedNote}
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

/** A rule's name and points, marked when unconfirmed. */
export function RuleName({ rule }: { rule: RuleRef }) {
  return (
    <>
      {ruleTitle(rule)}
      {rule.unconfirmed && <UnconfirmedMark />}
    </>
  );
}

const VERDICT_COLORS = { held: 'primary', notHeld: 'default', undecided: 'warning' } as const;

export function VerdictChip({ verdict }: { verdict: RuleVerdict }) {
  return (
    <Chip
      size="small"
      label={VERDICT_LABELS[verdict]}
      color={VERDICT_COLORS[verdict]}
      variant={verdict === 'held' ? 'filled' : 'outlined'}
      sx={verdict === 'undecided' ? { color: 'text.primary' } : undefined}
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
