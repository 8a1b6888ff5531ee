import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { configureApi } from '../api/index.ts';
import { enqueueSnackbar, SnackbarProvider } from '../components/index.ts';
import { clearMember, clearSessionData } from '../features/session/index.ts';
import { i18n } from '../i18n/index.ts';
import { appPath } from '../routes/paths.ts';
import type { AppRouter } from './router.tsx';
import { theme } from './theme.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Failures are reported once by the API client; retrying would repeat the message.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
      mutations: { retry: false },
    },
  });
}

/** Connects the API client's global handling (spec 01 §8) to the snackbar and the router. */
export function wireApi(router: AppRouter, queryClient: QueryClient): void {
  configureApi({
    notify: (message) => enqueueSnackbar(message, 'error'),
    onSessionExpired: () => {
      clearMember();
      void Promise.resolve(router.navigate(appPath('Login'), { replace: true })).then(() =>
        clearSessionData(queryClient),
      );
    },
  });
}

export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <SnackbarProvider>{children}</SnackbarProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}
