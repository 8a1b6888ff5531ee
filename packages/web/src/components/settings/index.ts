/** Building blocks shared by the settings screens (corporation, accounts, stores, setup, plan). */
export { BackLink } from './BackLink.tsx';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog.tsx';
export { FilterField, matchesFilter } from './FilterField.tsx';
export { DIVIDED_ROWS, InfoCard, InfoList, InfoRow } from './InfoCard.tsx';
export { SettingsDataGrid, type SettingsDataGridProps } from './SettingsDataGrid.tsx';
export { TableToolbar } from './TableToolbar.tsx';
export { canManage, failureText, reportFailure } from './permissions.ts';
export { DetailQueryContent } from './DetailQueryContent.tsx';
