import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/index.ts';
import { PageLoader } from '../../../components/index.ts';

/**
 * The body of a detail page: a loader while fetching, a not-found notice (404 or an id that
 * cannot exist), a retryable error, or the record.
 */
export function DetailQueryContent<T>({
  query,
  invalid = false,
  notFound,
  children,
}: {
  query: UseQueryResult<T>;
  invalid?: boolean;
  notFound: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (invalid || (query.isError && isApiError(query.error) && query.error.status === 404)) {
    return <Alert severity="warning">{notFound}</Alert>;
  }
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
        {t('settingsCommon.loadFailed')}
      </Alert>
    );
  }
  if (query.isPending) return <PageLoader />;
  return <>{children(query.data)}</>;
}
