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
import { MESSAGES, VIEWABLE_STORES_TEXT } from '@pharmalytics/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardCondition } from './condition.ts';
import {
  allStoresOf,
  checkState,
  initialSelection,
  selectionResult,
  toggleGroup,
  toggleStore,
  type CheckState,
  type StoreAreas,
} from './storeSelection.ts';

/** Spec 02 §9: the store list scrolls within this height. */
const LIST_MAX_HEIGHT = 480;
const DIALOG_WIDTH = 640;

type Pharmacy = DashboardCondition['pharmacy'];

export interface StoreSelectDialogProps {
  open: boolean;
  tree: StoreAreas;
  applied: Pharmacy;
  onApply: (pharmacy: Pharmacy) => void;
  onClose: () => void;
}

/** Area > prefecture > store checkboxes; at least one store (spec 02 §2, §4, §5). */
export function StoreSelectDialog({ open, ...rest }: StoreSelectDialogProps) {
  const titleId = useId();
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={rest.onClose}
      aria-labelledby={titleId}
      maxWidth={false}
      slotProps={{ paper: { sx: { width: DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle id={titleId} sx={{ fontWeight: 700, pb: 0.5 }}>
        {t('dashboard.storeDialogTitle')}
      </DialogTitle>
      <Typography variant="body2" color="text.secondary" sx={{ px: 3, pb: 2 }}>
        {t('dashboard.storeDialogLead')}
      </Typography>
      {open && <StoreSelection {...rest} />}
    </Dialog>
  );
}

/** A group's checkbox: checked when all its stores are, mixed when some are. */
function GroupCheckbox({
  state,
  onToggle,
  size,
}: {
  state: CheckState;
  onToggle: () => void;
  size?: 'small' | 'medium';
}) {
  return (
    <Checkbox
      size={size}
      checked={state === 'all'}
      indeterminate={state === 'some'}
      onChange={onToggle}
    />
  );
}

function StoreSelection({ tree, applied, onApply, onClose }: Omit<StoreSelectDialogProps, 'open'>) {
  const { t } = useTranslation();
  const everyStore = allStoresOf(tree);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() =>
    initialSelection(
      applied,
      everyStore.map((s) => s.storeCode),
    ),
  );
  const result = selectionResult(tree, selected);
  const allState = checkState(everyStore, selected);

  return (
    <>
      <DialogContent dividers sx={{ p: 0, overflow: 'hidden' }}>
        <Box
          sx={{
            px: 3,
            py: 1,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
            bgcolor: '#f7faf9',
            borderBottom: '1px solid',
            borderColor: 'divider',
          }}
        >
          <FormControlLabel
            label={VIEWABLE_STORES_TEXT.all}
            control={
              <GroupCheckbox
                state={allState}
                onToggle={() => setSelected(toggleGroup(everyStore, selected))}
              />
            }
            sx={{ '& .MuiFormControlLabel-label': { fontWeight: 700 } }}
          />
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {t('dashboard.selectedCount', { count: selected.size, total: everyStore.length })}
          </Typography>
        </Box>
        <Box
          data-testid="store-select-list"
          sx={{ maxHeight: LIST_MAX_HEIGHT, overflowY: 'auto', px: 3, py: 2 }}
        >
          {everyStore.length === 0 ? (
            <Typography color="text.secondary">{MESSAGES.noData}</Typography>
          ) : (
            <Box sx={{ display: 'grid', gap: 2.5 }}>
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
                      const count = prefecture.stores.filter((s) =>
                        selected.has(s.storeCode),
                      ).length;
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
                                <GroupCheckbox
                                  state={state}
                                  onToggle={() =>
                                    setSelected(toggleGroup(prefecture.stores, selected))
                                  }
                                />
                              }
                              sx={{ '& .MuiFormControlLabel-label': { fontWeight: 700 } }}
                            />
                            <Typography variant="caption" color="text.secondary">
                              {t('dashboard.prefectureCount', {
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
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        {!result.ok && (
          <Alert severity="error" role="alert" sx={{ mr: 'auto', py: 0 }}>
            {result.message}
          </Alert>
        )}
        <Button color="inherit" onClick={onClose}>
          {t('dashboard.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={!result.ok}
          onClick={() => {
            if (result.ok) onApply(result.pharmacy);
          }}
        >
          {t('dashboard.apply')}
        </Button>
      </DialogActions>
    </>
  );
}
