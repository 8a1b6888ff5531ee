import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FACILITY_STANDARDS_LABELS as L } from '@pharmalytics/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { appPath } from '../../routes/paths.ts';
import { Unconfirmed, VerdictChip } from './marks.tsx';
import type { ConditionRow, RuleItem } from './model.ts';

const VERDICT_TONES = {
  met: 'primary.dark',
  notMet: 'text.primary',
  unknown: 'error.dark',
} as const satisfies Record<ConditionRow['verdict'], string>;

function Conditions({ item }: { item: RuleItem }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      {item.anyClause && (
        <Typography variant="caption" color="text.secondary" component="p">
          {t('facilityStandards.anyClause')}
        </Typography>
      )}
      <Table size="small" aria-label={`${item.title} ${L.conditions}`}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t('facilityStandards.clauseColumn')}</TableCell>
            <TableCell scope="col">{L.conditions}</TableCell>
            <TableCell scope="col" align="right">
              {L.value}
            </TableCell>
            <TableCell scope="col" align="right">
              {L.threshold}
            </TableCell>
            <TableCell scope="col">{t('facilityStandards.marginColumn')}</TableCell>
            <TableCell scope="col">{L.verdict}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {item.rows.map((row, i) => (
            <TableRow key={i}>
              <TableCell sx={{ minWidth: '3em' }}>{row.clause}</TableCell>
              <TableCell sx={{ minWidth: '10em' }}>{row.label}</TableCell>
              <TableCell
                align="right"
                sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
              >
                {row.value}
              </TableCell>
              <TableCell
                align="right"
                sx={{
                  fontVariantNumeric: 'tabular-nums',
                  whiteSpace: 'nowrap',
                  minWidth: row.unconfirmedText ? '12em' : undefined,
                }}
              >
                {row.threshold}
                {row.unconfirmedText && <Unconfirmed text={row.unconfirmedText} block />}
              </TableCell>
              <TableCell sx={{ fontVariantNumeric: 'tabular-nums', minWidth: '9em' }}>
                {row.margin}
                {row.deemedText && (
                  <Box
                    component="span"
                    sx={{ display: 'block', fontSize: '0.75rem', color: 'text.secondary' }}
                  >
                    {row.deemedText}
                  </Box>
                )}
              </TableCell>
              <TableCell
                sx={{
                  whiteSpace: 'nowrap',
                  color: VERDICT_TONES[row.verdict],
                  fontWeight: row.verdict === 'met' ? 700 : undefined,
                }}
              >
                {row.verdictText}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * Every rule of a set as judged, each with one verdict (the applied one marked), each condition's
 * value, threshold and how it stands against it, and the official documents it cites.
 */
export function RuleList({
  title,
  items,
  settingsAllowed,
}: {
  title: string;
  items: readonly RuleItem[];
  /** Whether the member may open the settings page (administrators): the missing facts link there. */
  settingsAllowed: boolean;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 3 }}>
      <Typography id={headingId} variant="h3" sx={{ fontSize: '1rem', fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {items.map((item) => (
          <Box
            component="li"
            key={item.code}
            data-testid="facility-rule"
            sx={{
              border: 1,
              borderColor: item.appliedText ? 'primary.main' : 'divider',
              borderRadius: 1,
              p: 1.5,
              display: 'grid',
              gap: 1,
            }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography component="h4" sx={{ fontWeight: 700 }}>
                {item.title}
                {item.unconfirmedText && <Unconfirmed text={item.unconfirmedText} />}
              </Typography>
              {item.verdict && <VerdictChip verdict={item.verdict} />}
              {item.appliedText && (
                <Typography variant="body2" sx={{ fontWeight: 700, color: 'primary.dark' }}>
                  {item.appliedText}
                </Typography>
              )}
            </Box>
            {item.deemedText && (
              <Typography variant="body2" color="text.secondary">
                {item.deemedText}
              </Typography>
            )}
            {item.missingText && (
              <Typography variant="body2" sx={{ color: 'error.dark' }}>
                {item.missingText}
                {settingsAllowed && (
                  <>
                    {' '}
                    <Link
                      component={RouterLink}
                      to={appPath('FacilityStandardsSettings')}
                      underline="always"
                    >
                      {t('facilityStandards.openSettings')}
                    </Link>
                  </>
                )}
              </Typography>
            )}
            {item.rows.length > 0 && <Conditions item={item} />}
            {(item.sources.length > 0 || item.note) && (
              <Typography
                variant="caption"
                color="text.secondary"
                component="div"
                sx={{ overflowWrap: 'anywhere' }}
              >
                {item.sources.length > 0 && (
                  <p style={{ margin: 0 }}>
                    {L.source}: {item.sources.join('／')}
                  </p>
                )}
                {item.note && (
                  <p style={{ margin: 0 }}>
                    {L.note}: {item.note}
                  </p>
                )}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
