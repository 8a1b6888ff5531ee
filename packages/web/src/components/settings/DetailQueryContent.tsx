import Alert from '@mui/material/Alert';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/index.ts';
import { QueryContent } from '../index.ts';

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
  return (
    <QueryContent query={query} failure={t('settingsCommon.loadFailed')}>
      {children}
    </QueryContent>
  );
}
