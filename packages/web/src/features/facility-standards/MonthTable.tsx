import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import {
  FACILITY_MONTH_COLUMNS as C,
  facilityMonthText,
  formatMetricNumber,
  formatNumber,
  RATE_UNIT,
  type JudgementMonth,
} from '@pharmalytics/domain';
import { Fragment } from 'react';
import { ProjectedMark } from './marks.tsx';

const NUMERIC = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

/** The months of both 判定期間, each period under its own heading row. */
export function MonthTable({
  caption,
  periods,
}: {
  caption: string;
  periods: readonly { label: string; months: readonly JudgementMonth[] }[];
}) {
  return (
    <TableContainer>
      <Table size="small" aria-label={caption}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{C.month}</TableCell>
            <TableCell scope="col" sx={NUMERIC}>
              {C.standardReceptions}
            </TableCell>
            <TableCell scope="col" sx={NUMERIC}>
              {C.concentrationRate}
            </TableCell>
            <TableCell scope="col" sx={NUMERIC}>
              {C.top3ConcentrationRate}
            </TableCell>
            <TableCell scope="col" sx={NUMERIC}>
              {C.genericShare}
            </TableCell>
            <TableCell scope="col" sx={NUMERIC}>
              {C.cutoffShare}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {periods.map((period) => (
            <Fragment key={period.label}>
              <TableRow>
                <TableCell
                  component="th"
                  scope="colgroup"
                  colSpan={6}
                  sx={{ bgcolor: 'action.hover', fontWeight: 700 }}
                >
                  {period.label}
                </TableCell>
              </TableRow>
              {period.months.map((m) => (
                <TableRow
                  key={m.month}
                  data-projected={m.projected || undefined}
                  sx={m.projected ? { '& td, & th': { fontStyle: 'italic' } } : undefined}
                >
                  <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                    <Box component="span" sx={{ mr: 1 }}>
                      {facilityMonthText(m.month)}
                    </Box>
                    {m.projected && <ProjectedMark />}
                  </TableCell>
                  <TableCell sx={NUMERIC}>{formatNumber(m.standardReceptions, 0)}</TableCell>
                  <TableCell sx={NUMERIC}>
                    {formatMetricNumber(m.concentrationRate, RATE_UNIT)}
                  </TableCell>
                  <TableCell sx={NUMERIC}>
                    {formatMetricNumber(m.top3ConcentrationRate, RATE_UNIT)}
                  </TableCell>
                  <TableCell sx={NUMERIC}>
                    {formatMetricNumber(m.genericShare, RATE_UNIT)}
                  </TableCell>
                  <TableCell sx={NUMERIC}>{formatMetricNumber(m.cutoffShare, RATE_UNIT)}</TableCell>
                </TableRow>
              ))}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
