import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@pharmalytics/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/index.ts';
import { enqueueSnackbar } from '../../components/index.ts';
import { failureText } from '../corporation/shared/index.ts';
import {
  allStoresOf,
  buildStoreTree,
  checkState,
  fetchStores,
  selectedCodes,
  storeKeys,
  toggleGroup,
  toggleStore,
  type StoreAreas,
} from '../stores/index.ts';
import {
  accountKeys,
  fetchViewableStoreCodes,
  updateViewableStores,
  type AccountDetail,
} from './api.ts';

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
  const everyStore = allStoresOf(tree);
  const allState = checkState(everyStore, selected);
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
        <Box
          sx={{
            px: 3,
            py: 1.5,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
            bgcolor: '#f7faf9',
            borderBottom: '1px solid',
            borderColor: 'divider',
            position: 'sticky',
            top: 0,
            zIndex: 1,
          }}
        >
          <FormControlLabel
            label={t('accountDetail.allStores')}
            control={
              <Checkbox
                checked={allState === 'all'}
                indeterminate={allState === 'some'}
                onChange={() => setSelected(toggleGroup(everyStore, selected))}
              />
            }
            sx={{ '& .MuiFormControlLabel-label': { fontWeight: 700 } }}
          />
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {t('accountDetail.selectedCount', {
              count: selected.size,
              total: everyStore.length,
            })}
          </Typography>
        </Box>
        {everyStore.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3 }}>
            {MESSAGES.noData}
          </Typography>
        ) : (
          <Box sx={{ px: 3, py: 2, display: 'grid', gap: 2.5 }}>
            {tree.map((area) => (
              <Box key={area.areaName} component="section" aria-label={area.areaName}>
                <Typography
                  component="h3"
                  sx={{
                    fontSize: 12,
                    fontWeight: 800,
                    letterSpacing: '0.08em',
                    color: 'primary.dark',
                    mb: 1,
                  }}
                >
                  {area.areaName}
                </Typography>
                <Box sx={{ display: 'grid', gap: 1.5 }}>
                  {area.prefectures.map((prefecture) => {
                    const state = checkState(prefecture.stores, selected);
                    const count = prefecture.stores.filter((s) => selected.has(s.storeCode)).length;
                    return (
                      <Box
                        key={prefecture.prefectureId}
                        role="group"
                        aria-label={prefecture.name}
                        sx={{ border: '1px solid', borderColor: 'divider', borderRadius: 1 }}
                      >
                        <Box
                          sx={{
                            px: 1.5,
                            display: 'flex',
                            alignItems: 'center',
                            justifyContent: 'space-between',
                            borderBottom: '1px solid',
                            borderColor: 'divider',
                            bgcolor: state === 'none' ? 'transparent' : 'rgba(0, 137, 123, 0.06)',
                          }}
                        >
                          <FormControlLabel
                            label={prefecture.name}
                            control={
                              <Checkbox
                                checked={state === 'all'}
                                indeterminate={state === 'some'}
                                onChange={() =>
                                  setSelected(toggleGroup(prefecture.stores, selected))
                                }
                              />
                            }
                            sx={{ '& .MuiFormControlLabel-label': { fontWeight: 700 } }}
                          />
                          <Typography variant="caption" color="text.secondary">
                            {t('accountDetail.prefectureCount', {
                              count,
                              total: prefecture.stores.length,
                            })}
                          </Typography>
                        </Box>
                        <Box
                          sx={{
                            px: 1.5,
                            py: 0.5,
                            display: 'grid',
                            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
                          }}
                        >
                          {prefecture.stores.map((store) => (
                            <FormControlLabel
                              key={store.storeCode}
                              label={store.name}
                              control={
                                <Checkbox
                                  size="small"
                                  checked={selected.has(store.storeCode)}
                                  onChange={() =>
                                    setSelected(toggleStore(store.storeCode, selected))
                                  }
                                />
                              }
                              sx={{ ml: 2, '& .MuiFormControlLabel-label': { fontSize: 14 } }}
                            />
                          ))}
                        </Box>
                      </Box>
                    );
                  })}
                </Box>
              </Box>
            ))}
          </Box>
        )}
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
