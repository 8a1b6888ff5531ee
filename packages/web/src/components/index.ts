export { ExternalLink } from './ExternalLink.tsx';
export { Logo, type LogoProps } from './Logo.tsx';
export { PageHeading } from './PageHeading.tsx';
export { PageLoader } from './PageLoader.tsx';
export { enqueueSnackbar, SnackbarProvider, type SnackbarSeverity } from './snackbar/index.ts';
