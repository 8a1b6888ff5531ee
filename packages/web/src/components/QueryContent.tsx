import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from './PageLoader.tsx';

/** A query's content, or a loader while it is fetched, or its failure with a retry. */
export function QueryContent<T>({
  query,
  failure,
  loaderMinHeight,
  children,
}: {
  query: UseQueryResult<T>;
  /** What the failure says. */
  failure: string;
  loaderMinHeight?: number;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {failure}
      </Alert>
    );
  }
  if (query.isPending) return <PageLoader minHeight={loaderMinHeight} />;
  return <>{children(query.data)}</>;
}
