import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  formatAcquisitionRate,
  formatNumber,
  MARKET_SHARE_CSV,
  MARKET_SHARE_LABELS,
  MESSAGES,
  NO_VALUE,
  type AreaGroup,
  type AreaRow,
} from '@pharmalytics/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DownloadedFile } from '../../../api/index.ts';
import { visuallyHidden } from '../../../components/index.ts';
import { XlsxButton } from '../../exports/index.ts';
import { isOpen, type Expansion } from './expansion.ts';

const COLUMNS = MARKET_SHARE_CSV.header;
const NUMERIC_FROM = 3;

const count = (value: AreaRow['count']) => (value === NO_VALUE ? NO_VALUE : formatNumber(value, 0));

function FigureCells({ row }: { row: AreaRow }) {
  return (
    <>
      <TableCell align="right">{formatAcquisitionRate(row.rate)}</TableCell>
      <TableCell align="right">{count(row.count)}</TableCell>
      <TableCell align="right">{count(row.estimate)}</TableCell>
    </>
  );
}

function Group({
  group,
  open,
  onToggle,
}: {
  group: AreaGroup;
  open: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const bodyId = useId();
  const { area, total } = group;
  const names = { number: area.number, mesh: area.meshCode };
  const pending = area.figures === undefined;
  return (
    <TableBody id={bodyId} data-mesh-code={area.meshCode}>
      <TableRow sx={{ '& > td, & > th': { fontWeight: 700 } }}>
        <TableCell component="th" scope="row">
          {total.number}
        </TableCell>
        <TableCell>{total.meshCode}</TableCell>
        <TableCell>{total.ageBand}</TableCell>
        {pending ? (
          <TableCell colSpan={3} align="right">
            <CircularProgress size={16} aria-label={t('marketShare.rowLoading')} />
          </TableCell>
        ) : (
          <FigureCells row={total} />
        )}
        <TableCell align="center" padding="checkbox">
          <IconButton
            size="small"
            aria-expanded={open}
            aria-controls={bodyId}
            aria-label={
              open ? t('marketShare.collapseRow', names) : t('marketShare.expandRow', names)
            }
            onClick={onToggle}
          >
            {open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
          </IconButton>
        </TableCell>
      </TableRow>
      {open &&
        !pending &&
        (group.ages.length === 0 ? (
          <TableRow>
            <TableCell />
            <TableCell colSpan={6} sx={{ color: 'text.secondary' }}>
              {MARKET_SHARE_LABELS.noDetails}
            </TableCell>
          </TableRow>
        ) : (
          group.ages.map((row) => (
            <TableRow key={row.ageBand} data-age-band={row.ageBand} sx={{ bgcolor: 'grey.50' }}>
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  {row.number}
                </Box>
              </TableCell>
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  {row.meshCode}
                </Box>
              </TableCell>
              <TableCell sx={{ pl: 3 }}>{row.ageBand}</TableCell>
              <FigureCells row={row} />
              <TableCell />
            </TableRow>
          ))
        ))}
    </TableBody>
  );
}

/**
 * The table 選択エリア別獲得率 (spec 02 §2.4): per chosen mesh a 合計 row and its age bands, which
 * open one by one or all with the switch すべて開く; the CSV output of the whole table, and for
 * members who may export, the server's workbook of it.
 */
export function SelectionTable({
  groups,
  expansion,
  onOpenAll,
  onToggleRow,
  onCsv,
  xlsx,
}: {
  groups: readonly AreaGroup[];
  expansion: Expansion;
  onOpenAll: (open: boolean) => void;
  onToggleRow: (meshCode: string) => void;
  onCsv: () => void;
  /** The workbook's download; absent for a member without the export. */
  xlsx?: { fallbackName: string; fetchFile: () => Promise<DownloadedFile> } | undefined;
}) {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          flexWrap: 'wrap',
          gap: 2,
          mb: 1.5,
        }}
      >
        <Typography id={headingId} variant="h3" component="h2" sx={{ mr: 'auto' }}>
          {MARKET_SHARE_LABELS.table}
        </Typography>
        <FormControlLabel
          label={MARKET_SHARE_LABELS.openAll}
          control={
            <Switch
              checked={expansion.openAll}
              onChange={(event) => onOpenAll(event.target.checked)}
            />
          }
        />
        <Button
          variant="outlined"
          size="small"
          startIcon={<DownloadOutlinedIcon />}
          disabled={groups.length === 0}
          onClick={onCsv}
        >
          {MARKET_SHARE_LABELS.csv}
        </Button>
        {xlsx && <XlsxButton {...xlsx} disabled={groups.length === 0} />}
      </Box>
      {/* Positioned, so that its visually hidden labels scroll with it rather than widen the page. */}
      <TableContainer
        // A keyboard reaches what scrolls sideways on a narrow screen.
        tabIndex={0}
        role="region"
        aria-labelledby={headingId}
        sx={{ position: 'relative' }}
      >
        <Table size="small" aria-labelledby={headingId}>
          <TableHead>
            <TableRow>
              {COLUMNS.map((column, i) => (
                <TableCell
                  key={column}
                  align={i >= NUMERIC_FROM ? 'right' : 'left'}
                  sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}
                >
                  {column}
                </TableCell>
              ))}
              <TableCell align="center" padding="checkbox">
                <Box component="span" sx={visuallyHidden}>
                  {MARKET_SHARE_LABELS.expand}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          {groups.length === 0 ? (
            <TableBody>
              <TableRow>
                <TableCell colSpan={COLUMNS.length + 1} align="center" sx={{ py: 4 }}>
                  <Typography color="text.secondary">{MESSAGES.noData}</Typography>
                </TableCell>
              </TableRow>
            </TableBody>
          ) : (
            groups.map((group) => (
              <Group
                key={group.area.meshCode}
                group={group}
                open={isOpen(expansion, group.area.meshCode)}
                onToggle={() => onToggleRow(group.area.meshCode)}
              />
            ))
          )}
        </Table>
      </TableContainer>
    </Paper>
  );
}
