export { SnackbarProvider } from './SnackbarProvider.tsx';
export { enqueueSnackbar, type SnackbarSeverity } from './snackbarBus.ts';
