import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@pharmalytics/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/index.ts';
import { enqueueSnackbar } from '../../components/index.ts';
import { failureText } from '../../components/settings/index.ts';
import {
  buildStoreTree,
  fetchStores,
  selectedCodes,
  storeKeys,
  StoreTreeChecklist,
  type StoreAreas,
} from '../stores/index.ts';
import {
  accountKeys,
  fetchViewableStoreCodes,
  updateViewableStores,
  type AccountDetail,
} from './adminApi.ts';

const DIALOG_WIDTH = 720;

/**
 * Viewable stores of a user-role account: area > prefecture > store, where a prefecture's
 * checkbox selects or clears all its stores (spec 01 §2, §6).
 */
export function ViewableStoresDialog({
  open,
  account,
  onClose,
}: {
  open: boolean;
  account: AccountDetail;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const stores = useQuery({ queryKey: storeKeys.all, queryFn: fetchStores, enabled: open });
  const codes = useQuery({
    queryKey: accountKeys.branches(account.id),
    queryFn: () => fetchViewableStoreCodes(account.id),
    enabled: open,
    staleTime: 0,
  });
  const tree = useMemo(() => (stores.data ? buildStoreTree(stores.data) : null), [stores.data]);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth={false}
      scroll="paper"
      slotProps={{ paper: { sx: { width: DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle id={titleId} sx={{ fontWeight: 700, pb: 0.5 }}>
        {t('accountDetail.storesTitle')}
      </DialogTitle>
      <Typography variant="body2" color="text.secondary" sx={{ px: 3, pb: 2 }}>
        {t('accountDetail.storesLead', { name: account.publicName })}
      </Typography>
      {stores.isError || codes.isError ? (
        <>
          <DialogContent>
            <Alert severity="error">{t('settingsCommon.loadFailed')}</Alert>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button color="inherit" onClick={onClose}>
              {t('settingsCommon.close')}
            </Button>
          </DialogActions>
        </>
      ) : tree && codes.data && !codes.isFetching ? (
        <StoreSelection account={account} tree={tree} initial={codes.data} onClose={onClose} />
      ) : (
        <DialogContent>
          <PageLoader minHeight={200} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function StoreSelection({
  account,
  tree,
  initial,
  onClose,
}: {
  account: AccountDetail;
  tree: StoreAreas;
  initial: readonly string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(initial));
  const [failure, setFailure] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (storeCodes: string[]) => updateViewableStores(account.id, storeCodes),
    onSuccess: async () => {
      enqueueSnackbar(MESSAGES.browsableStoresChanged, 'success');
      onClose();
      await queryClient.invalidateQueries({ queryKey: ['accounts'] });
    },
    onError: (error) => setFailure(failureText(error)),
  });

  return (
    <>
      <DialogContent dividers sx={{ p: 0 }}>
        <StoreTreeChecklist
          tree={tree}
          selected={selected}
          onChange={setSelected}
          allLabel={t('accountDetail.allStores')}
          selectedText={(count, total) => t('accountDetail.selectedCount', { count, total })}
          prefectureCountText={(count, total) =>
            t('accountDetail.prefectureCount', { count, total })
          }
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        {failure && (
          <Alert severity="error" sx={{ mr: 'auto', py: 0 }}>
            {failure}
          </Alert>
        )}
        <Button color="inherit" onClick={onClose} disabled={save.isPending}>
          {t('settingsCommon.cancel')}
        </Button>
        <Button
          variant="contained"
          loading={save.isPending}
          onClick={() => save.mutate(selectedCodes(tree, selected))}
        >
          {t('settingsCommon.save')}
        </Button>
      </DialogActions>
    </>
  );
}
