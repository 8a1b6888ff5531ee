import Box from '@mui/material/Box';
import { DataGrid, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import { jaJP } from '@mui/x-data-grid/locales';
import { MESSAGES, TABLE_DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES } from '@pharmalytics/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const BASE_LOCALE_TEXT = jaJP.components.MuiDataGrid.defaultProps.localeText;
const PAGE_SIZE_OPTIONS = [...TABLE_PAGE_SIZES];
const INITIAL_STATE = {
  pagination: { paginationModel: { page: 0, pageSize: TABLE_DEFAULT_PAGE_SIZE } },
};

export interface SettingsDataGridProps<R extends GridValidRowModel> {
  rows: readonly R[];
  columns: GridColDef<R>[];
  getRowId?: (row: R) => string | number;
  /** The table's accessible name. */
  label: string;
  loading?: boolean;
}

/**
 * The tables of the settings screens (account list, store list): Japanese locale text,
 * 100 rows per page with 5, 10, 15 and 100 to choose from (spec 01 §9), no row selection.
 */
export function SettingsDataGrid<R extends GridValidRowModel>({
  rows,
  columns,
  getRowId,
  label,
  loading,
}: SettingsDataGridProps<R>) {
  const { t } = useTranslation();
  const localeText = useMemo(
    () => ({
      ...BASE_LOCALE_TEXT,
      noRowsLabel: MESSAGES.noData,
      noResultsOverlayLabel: MESSAGES.noData,
      paginationRowsPerPage: t('settingsCommon.rowsPerPage'),
      paginationDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
        t('settingsCommon.pageRange', { from, to, count }),
    }),
    [t],
  );
  return (
    <Box sx={{ width: '100%', minWidth: 0 }}>
      <DataGrid<R>
        rows={rows}
        columns={columns}
        getRowId={getRowId}
        loading={loading}
        aria-label={label}
        localeText={localeText}
        pageSizeOptions={PAGE_SIZE_OPTIONS}
        initialState={INITIAL_STATE}
        autoHeight
        disableRowSelectionOnClick
        disableColumnMenu
        rowHeight={56}
        columnHeaderHeight={48}
        sx={{
          bgcolor: 'background.paper',
          borderColor: 'divider',
          '--DataGrid-overlayHeight': '160px',
          '& .MuiDataGrid-columnHeaders': { bgcolor: '#f7faf9' },
          '& .MuiDataGrid-columnHeader': { bgcolor: '#f7faf9' },
          '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 700, fontSize: 13 },
          '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' },
          '& .MuiDataGrid-cell:focus, & .MuiDataGrid-cell:focus-within': { outline: 'none' },
          '& .MuiDataGrid-columnHeader:focus, & .MuiDataGrid-columnHeader:focus-within': {
            outline: 'none',
          },
          '& .MuiDataGrid-overlay': { color: 'text.secondary' },
        }}
      />
    </Box>
  );
}
