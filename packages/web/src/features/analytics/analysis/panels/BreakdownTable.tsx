import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell, { type TableCellProps } from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ANALYSIS_TABLE,
  changeUnitOf,
  formatChange,
  formatMetricNumber,
  MESSAGES,
  NO_VALUE,
  TABLE_DEFAULT_PAGE_SIZE,
  TABLE_PAGE_SIZES,
  type AnalysisPageDef,
  type AnalysisSeries,
  type Metric,
  type TimeAxisValue,
} from '@pharmalytics/domain';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../../components/index.ts';
import {
  breakdownTable,
  filterByName,
  nextSort,
  sortRows,
  type BreakdownColumn,
  type BreakdownRow,
  type BreakdownSort,
} from './breakdownTable.ts';

const PAGE_SIZE_OPTIONS = [...TABLE_PAGE_SIZES];
const HEADER_BACKGROUND = '#f7faf9';
const OVERALL_BACKGROUND = '#eef5f3';
const SEARCH_FIELD_WIDTH = 280;
const HEADER_HEIGHT = 48;
const ROW_HEIGHT = 44;
/** The checkbox column, then the sticky No. and item columns, then the figures. */
const WIDTHS = { check: 48, number: 56, item: 220, code: 130, value: 120, change: 96 } as const;
/** On a phone the item column is narrower, so that figures show beside the sticky columns. */
const ITEM_WIDTH_NARROW = 120;
const widthOf = (kind: Kind) =>
  kind === 'item' ? { xs: ITEM_WIDTH_NARROW, sm: WIDTHS.item } : WIDTHS[kind];
const STICKY_LEFT = { check: 0, number: WIDTHS.check, item: WIDTHS.check + WIDTHS.number };

type Kind = BreakdownColumn['kind'];

/**
 * Where a cell stays while the table scrolls: the checkbox, No. and item columns on the left,
 * the header rows (the column names, then 全体) on top; a cell that stays both ways above all.
 */
function stickyPlace(kind: Kind | 'check', top: number | null): TableCellProps['sx'] {
  const left = kind === 'check' || kind === 'number' || kind === 'item' ? STICKY_LEFT[kind] : null;
  if (left === null && top === null) return {};
  return {
    position: 'sticky',
    ...(left !== null && { left }),
    ...(top !== null && { top }),
    zIndex: (left !== null ? 1 : 0) + (top !== null ? 2 : 0),
  };
}

const alignOf = (kind: Kind): 'left' | 'right' =>
  kind === 'number' || kind === 'value' || kind === 'change' ? 'right' : 'left';

export interface BreakdownTableProps {
  page: AnalysisPageDef;
  metric: Metric;
  axis: TimeAxisValue;
  buckets: readonly string[];
  series: readonly AnalysisSeries[];
  /** Shows 比較期間 and 増減 after 合計. */
  comparison: boolean;
  /** Keys of the checked series. */
  checked: readonly string[];
  onCheck: (requested: Iterable<string>) => void;
  onReset: () => void;
}

/**
 * 内訳: the table the CSV export writes (合計 moved next to the item), with a 全体 row where the
 * metric adds up over items, sorting by any column, a search by item name and checkboxes
 * choosing the trend chart's lines. The header has no "select all": it would tick more than ten
 * rows.
 */
export function BreakdownTable({
  page,
  metric,
  axis,
  buckets,
  series,
  comparison,
  checked,
  onCheck,
  onReset,
}: BreakdownTableProps) {
  const { t } = useTranslation();
  const captionId = useId();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<BreakdownSort | null>(null);
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState<number>(TABLE_DEFAULT_PAGE_SIZE);

  const table = useMemo(
    () => breakdownTable(page, metric, series, buckets, axis, { comparison }),
    [page, metric, series, buckets, axis, comparison],
  );
  const rows = useMemo(
    () => sortRows(filterByName(table.rows, query), table.columns, sort),
    [table, query, sort],
  );
  const lastPage = Math.max(0, Math.ceil(rows.length / pageSize) - 1);
  const shownPage = Math.min(pageIndex, lastPage);
  const shown = rows.slice(shownPage * pageSize, (shownPage + 1) * pageSize);
  const checkedKeys = new Set(checked);

  const toggle = (id: string) =>
    onCheck(checkedKeys.has(id) ? checked.filter((key) => key !== id) : [...checked, id]);

  const cellText = (row: BreakdownRow, column: BreakdownColumn): string => {
    const value = row.cells[column.index] ?? null;
    switch (column.kind) {
      case 'number':
        return value === null ? '' : String(value);
      case 'item':
      case 'code':
        return value === null ? NO_VALUE : String(value);
      case 'value':
        return formatMetricNumber(typeof value === 'number' ? value : null, metric.unit);
      case 'change':
        return formatChange({
          change: typeof value === 'number' ? value : null,
          changeUnit: changeUnitOf(metric.unit),
        });
    }
  };

  const bodyCell = (row: BreakdownRow, column: BreakdownColumn, overall = false) => {
    const text = cellText(row, column);
    const incomplete = column.kind === 'change' && row.comparisonIncomplete;
    const common = {
      key: column.field,
      align: alignOf(column.kind),
      title: column.kind === 'item' ? text : incomplete ? MESSAGES.comparisonIncomplete : undefined,
      sx: {
        ...stickyPlace(column.kind, overall ? HEADER_HEIGHT : null),
        width: widthOf(column.kind),
        maxWidth: widthOf(column.kind),
        bgcolor: overall ? OVERALL_BACKGROUND : 'background.paper',
        fontWeight: overall ? 700 : undefined,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        fontVariantNumeric: 'tabular-nums',
      },
    } as const;
    // The 全体 row sits in the table head; its cells are data all the same.
    if (column.kind === 'item') {
      return (
        <TableCell component="th" scope="row" variant="body" {...common}>
          {text}
        </TableCell>
      );
    }
    return (
      <TableCell component="td" variant="body" {...common}>
        {text}
      </TableCell>
    );
  };

  const headerCell = (column: BreakdownColumn) => {
    const active = sort?.field === column.field;
    return (
      <TableCell
        key={column.field}
        align={alignOf(column.kind)}
        sortDirection={active ? sort.direction : false}
        sx={{
          ...stickyPlace(column.kind, 0),
          width: widthOf(column.kind),
          bgcolor: HEADER_BACKGROUND,
          fontWeight: 700,
          fontSize: 13,
          whiteSpace: 'nowrap',
          height: HEADER_HEIGHT,
          py: 0,
        }}
      >
        <TableSortLabel
          active={active}
          direction={active ? sort.direction : 'asc'}
          onClick={() => {
            setSort((current) => nextSort(current, column));
            setPageIndex(0);
          }}
        >
          {column.header}
        </TableSortLabel>
      </TableCell>
    );
  };

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          type="search"
          size="small"
          fullWidth={false}
          label={t('panels.search')}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setPageIndex(0);
          }}
          sx={{ width: SEARCH_FIELD_WIDTH, maxWidth: '100%' }}
        />
        <Button variant="outlined" size="small" onClick={onReset}>
          {t('panels.resetSelection')}
        </Button>
        <Typography variant="body2" color="text.secondary" role="status">
          {t('panels.checkedCount', { count: checked.length, max: ANALYSIS_TABLE.maxChecked })}
        </Typography>
      </Box>
      {table.comparisonIncomplete && (
        <Alert severity="info" data-testid="comparison-incomplete">
          {MESSAGES.comparisonIncomplete}
        </Alert>
      )}
      {metric.unit !== '' && (
        <Typography
          id={captionId}
          variant="caption"
          color="text.secondary"
          sx={{ justifySelf: 'end' }}
        >
          {t('panels.unit', { unit: metric.unit })}
        </Typography>
      )}
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, minWidth: 0 }}>
        <TableContainer sx={{ maxHeight: ANALYSIS_TABLE.height }}>
          <Table
            stickyHeader
            size="small"
            aria-label={t('panels.tableLabel', { metric: metric.label })}
            aria-describedby={metric.unit !== '' ? captionId : undefined}
            sx={{
              tableLayout: 'fixed',
              width: 'max-content',
              minWidth: '100%',
              '& td, & th': { height: ROW_HEIGHT, borderColor: 'divider' },
            }}
          >
            <TableHead>
              <TableRow>
                <TableCell
                  padding="checkbox"
                  data-field="__check__"
                  sx={{
                    ...stickyPlace('check', 0),
                    width: WIDTHS.check,
                    bgcolor: HEADER_BACKGROUND,
                  }}
                >
                  <Box component="span" sx={visuallyHidden}>
                    {t('panels.checkColumn')}
                  </Box>
                </TableCell>
                {table.columns.map(headerCell)}
              </TableRow>
              {table.overall && (
                <TableRow data-testid="breakdown-overall">
                  <TableCell
                    component="td"
                    variant="body"
                    padding="checkbox"
                    sx={{ ...stickyPlace('check', HEADER_HEIGHT), bgcolor: OVERALL_BACKGROUND }}
                  />
                  {table.columns.map((column) => bodyCell(table.overall!, column, true))}
                </TableRow>
              )}
            </TableHead>
            <TableBody>
              {shown.length === 0 && (
                <TableRow>
                  <TableCell
                    colSpan={table.columns.length + 1}
                    sx={{ color: 'text.secondary', textAlign: 'center', py: 6 }}
                  >
                    {query.trim() === '' ? MESSAGES.noData : t('panels.noMatch')}
                  </TableCell>
                </TableRow>
              )}
              {shown.map((row) => (
                <TableRow key={row.id} data-id={row.id} hover>
                  <TableCell
                    padding="checkbox"
                    data-field="__check__"
                    sx={{ ...stickyPlace('check', null), bgcolor: 'background.paper' }}
                  >
                    <Checkbox
                      size="small"
                      checked={checkedKeys.has(row.id)}
                      onChange={() => toggle(row.id)}
                      slotProps={{
                        input: { 'aria-label': t('panels.checkRow', { name: row.name }) },
                      }}
                    />
                  </TableCell>
                  {table.columns.map((column) => bodyCell(row, column))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={rows.length}
          page={shownPage}
          rowsPerPage={pageSize}
          rowsPerPageOptions={PAGE_SIZE_OPTIONS}
          onPageChange={(_event, next) => setPageIndex(next)}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPageIndex(0);
          }}
          labelRowsPerPage={t('settingsCommon.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) =>
            t('settingsCommon.pageRange', { from, to, count })
          }
        />
      </Box>
    </Box>
  );
}
