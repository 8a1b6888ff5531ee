import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  FACILITY_STANDARDS_LABELS as L,
  type FacilityRule,
  type JudgedRuleSet,
} from '@pharmalytics/domain';
import { useTranslation } from 'react-i18next';
import { RuleName, UnconfirmedMark, VerdictChip } from './marks.tsx';
import { conditionRow, verdictOf, type Viewer } from './model.ts';

/**
 * Every rule of a set as judged, with each condition's value, threshold and margin, and the
 * source the rules call gives for it.
 */
export function RuleList({
  title,
  set,
  rules,
  viewer,
}: {
  title: string;
  set: JudgedRuleSet;
  /** The revision's rules from the rules call, for their sources; absent while loading. */
  rules: readonly FacilityRule[] | undefined;
  viewer: Viewer;
}) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-label={title} sx={{ mb: 3 }}>
      <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {set.rules.map((rule) => {
          const source = rules?.find((r) => r.code === rule.code);
          const applied = set.applies === rule.code;
          const rows = rule.conditions.map((c) => conditionRow(c, viewer));
          const clauses = new Set(rows.map((r) => r.clause)).size;
          return (
            <Box
              component="li"
              key={rule.code}
              sx={{
                border: 1,
                borderColor: applied ? 'primary.main' : 'divider',
                borderRadius: 1,
                p: 1.5,
              }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Typography component="h4" sx={{ fontWeight: 700 }}>
                  <RuleName
                    rule={{
                      code: rule.code,
                      name: rule.name,
                      points: rule.points,
                      unconfirmed: rule.confidence === 'unconfirmed',
                    }}
                  />
                </Typography>
                <VerdictChip verdict={verdictOf(rule.met)} />
                {applied && (
                  <Typography variant="body2" sx={{ fontWeight: 700, color: 'primary.dark' }}>
                    {L.applies}
                    {set.byDefault ? L.byDefault : ''}
                  </Typography>
                )}
              </Box>
              {rows.length > 0 && (
                <Box sx={{ overflowX: 'auto' }}>
                  {clauses > 1 && (
                    <Typography variant="caption" color="text.secondary" component="p">
                      {t('facilityStandards.anyClause')}
                    </Typography>
                  )}
                  <Table size="small" aria-label={`${rule.name} ${L.conditions}`}>
                    <TableHead>
                      <TableRow>
                        <TableCell scope="col">{L.clause}</TableCell>
                        <TableCell scope="col">{L.conditions}</TableCell>
                        <TableCell scope="col" align="right">
                          {L.value}
                        </TableCell>
                        <TableCell scope="col" align="right">
                          {L.threshold}
                        </TableCell>
                        <TableCell scope="col" align="right">
                          {L.margin}
                        </TableCell>
                        <TableCell scope="col">{L.verdict}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {rows.map((row, i) => (
                        <TableRow key={i}>
                          <TableCell>
                            {t('facilityStandards.clauseOf', { clause: row.clause })}
                          </TableCell>
                          <TableCell>{row.label}</TableCell>
                          <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                            {row.value}
                          </TableCell>
                          <TableCell
                            align="right"
                            sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                          >
                            {row.threshold}
                            {row.unconfirmed && <UnconfirmedMark />}
                          </TableCell>
                          <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                            {row.margin}
                          </TableCell>
                          <TableCell>
                            <VerdictChip verdict={row.verdict} />
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </Box>
              )}
              {source && (
                <Typography
                  variant="caption"
                  color="text.secondary"
                  component="p"
                  sx={{ mt: 1, overflowWrap: 'anywhere' }}
                >
                  {L.source}: {source.source}
                  {source.note && (
                    <>
                      <br />
                      {L.note}: {source.note}
                    </>
                  )}
                </Typography>
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
