/**
 * Building blocks shared by the settings screens (corporation, members, stores, setup, plan,
 * profile, facility standards).
 */
export { BackLink } from './BackLink.tsx';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog.tsx';
export { FilterField, matchesFilter } from './FilterField.tsx';
export { DeleteCard } from './DeleteCard.tsx';
export { FormCard } from './FormCard.tsx';
export { CardTitleBar, DIVIDED_ROWS, InfoCard, InfoList, InfoRow } from './InfoCard.tsx';
export { SettingsDataGrid, type SettingsDataGridProps } from './SettingsDataGrid.tsx';
export { TableToolbar } from './TableToolbar.tsx';
export { canManage, failureText, reportFailure } from './permissions.ts';
export { DetailQueryContent } from './DetailQueryContent.tsx';
