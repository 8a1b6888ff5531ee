import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DataGrid,
  type DataGridProps,
  type GridColDef,
  type GridRowId,
  type GridRowSelectionModel,
} from '@mui/x-data-grid';
import { jaJP } from '@mui/x-data-grid/locales';
import {
  ANALYSIS_TABLE,
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
  type BreakdownCell,
  type BreakdownColumn,
  type BreakdownRow,
} from './breakdownTable.ts';

const BASE_LOCALE_TEXT = jaJP.components.MuiDataGrid.defaultProps.localeText;
const PAGE_SIZE_OPTIONS = [...TABLE_PAGE_SIZES];
const INITIAL_STATE = {
  pagination: { paginationModel: { page: 0, pageSize: TABLE_DEFAULT_PAGE_SIZE } },
};
const HEADER_BACKGROUND = '#f7faf9';
const SEARCH_FIELD_WIDTH = 280;

const COLUMN_WIDTHS = { number: 64, item: 220, code: 140, value: 120 } as const;

/** A grid column of the breakdown table: numbers right-aligned without their unit. */
function gridColumn(column: BreakdownColumn, unit: string): GridColDef<BreakdownRow> {
  const base: GridColDef<BreakdownRow> = {
    field: column.field,
    headerName: column.header,
    sortable: false,
    width: COLUMN_WIDTHS[column.kind],
    valueGetter: (_value, row): BreakdownCell => row.cells[column.index] ?? null,
  };
  switch (column.kind) {
    case 'number':
      return { ...base, type: 'number', align: 'right', headerAlign: 'right' };
    case 'item':
      return { ...base, minWidth: COLUMN_WIDTHS.item, flex: 1 };
    case 'code':
      return { ...base, valueFormatter: (value: BreakdownCell) => value ?? NO_VALUE };
    case 'value':
      return {
        ...base,
        type: 'number',
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (value: BreakdownCell) =>
          formatMetricNumber(typeof value === 'number' ? value : null, unit),
      };
  }
}

export interface BreakdownTableProps {
  page: AnalysisPageDef;
  metric: Metric;
  axis: TimeAxisValue;
  buckets: readonly string[];
  series: readonly AnalysisSeries[];
  /** Keys of the checked series. */
  checked: readonly string[];
  onCheck: (requested: Iterable<string>) => void;
  onReset: () => void;
}

/**
 * 内訳: the table the CSV export writes, with a search by item name and checkboxes choosing the
 * trend chart's lines. The header has no "select all": it would tick more than ten rows.
 */
export function BreakdownTable({
  page,
  metric,
  axis,
  buckets,
  series,
  checked,
  onCheck,
  onReset,
}: BreakdownTableProps) {
  const { t } = useTranslation();
  const captionId = useId();
  const [query, setQuery] = useState('');

  const table = useMemo(
    () => breakdownTable(page, series, buckets, axis),
    [page, series, buckets, axis],
  );
  const rows = useMemo(() => filterByName(table.rows, query), [table.rows, query]);
  const columns = useMemo(
    () => table.columns.map((column) => gridColumn(column, metric.unit)),
    [table.columns, metric.unit],
  );
  const selectionModel = useMemo(
    (): GridRowSelectionModel => ({ type: 'include', ids: new Set<GridRowId>(checked) }),
    [checked],
  );
  const checkboxColDef = useMemo(
    (): DataGridProps<BreakdownRow>['checkboxColDef'] => ({
      headerName: t('panels.checkColumn'),
      renderHeader: () => (
        <Box component="span" sx={visuallyHidden}>
          {t('panels.checkColumn')}
        </Box>
      ),
    }),
    [t],
  );
  const localeText = useMemo(
    () => ({
      ...BASE_LOCALE_TEXT,
      noRowsLabel: query.trim() === '' ? MESSAGES.noData : t('panels.noMatch'),
      paginationRowsPerPage: t('settingsCommon.rowsPerPage'),
      paginationDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
        t('settingsCommon.pageRange', { from, to, count }),
    }),
    [t, query],
  );

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          type="search"
          size="small"
          fullWidth={false}
          label={t('panels.search')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          sx={{ width: SEARCH_FIELD_WIDTH, maxWidth: '100%' }}
        />
        <Button variant="outlined" size="small" onClick={onReset}>
          {t('panels.resetSelection')}
        </Button>
        <Typography variant="body2" color="text.secondary" role="status">
          {t('panels.checkedCount', { count: checked.length, max: ANALYSIS_TABLE.maxChecked })}
        </Typography>
      </Box>
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
      <Box sx={{ height: ANALYSIS_TABLE.height, width: '100%', minWidth: 0 }}>
        <DataGrid<BreakdownRow>
          rows={rows}
          columns={columns}
          aria-label={t('panels.tableLabel', { metric: metric.label })}
          aria-describedby={metric.unit !== '' ? captionId : undefined}
          localeText={localeText}
          pageSizeOptions={PAGE_SIZE_OPTIONS}
          initialState={INITIAL_STATE}
          checkboxSelection
          checkboxColDef={checkboxColDef}
          rowSelectionModel={selectionModel}
          onRowSelectionModelChange={(model) => {
            // Select-all and range selections are refused by onCheck when they exceed the limit.
            if (model.type === 'include') onCheck([...model.ids].map(String));
          }}
          disableRowSelectionExcludeModel
          keepNonExistentRowsSelected
          disableRowSelectionOnClick
          disableColumnMenu
          disableColumnSorting
          rowHeight={44}
          columnHeaderHeight={48}
          sx={{
            bgcolor: 'background.paper',
            borderColor: 'divider',
            '& .MuiDataGrid-columnHeader': { bgcolor: HEADER_BACKGROUND },
            '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 700, fontSize: 13 },
            '& .MuiDataGrid-cell--textRight': { fontVariantNumeric: 'tabular-nums' },
            '& .MuiDataGrid-overlay': { color: 'text.secondary' },
          }}
        />
      </Box>
    </Box>
  );
}
