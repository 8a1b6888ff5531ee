import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { MESSAGES } from '@pharmalytics/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Store } from '../../api/index.ts';
import { PageLoader } from '../../components/index.ts';
import { fetchStores, storeKeys } from '../stores/index.ts';

/** Loads the corporation's stores for a page's condition: a loader, or an error with retry. */
export function StoresGate({ children }: { children: (stores: readonly Store[]) => ReactNode }) {
  const { t } = useTranslation();
  const stores = useQuery({ queryKey: storeKeys.all, queryFn: fetchStores });
  if (stores.isPending) return <PageLoader minHeight="50vh" />;
  if (stores.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void stores.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {MESSAGES.unexpected}
      </Alert>
    );
  }
  return <>{children(stores.data)}</>;
}
