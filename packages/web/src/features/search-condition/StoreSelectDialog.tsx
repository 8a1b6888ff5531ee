import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { VIEWABLE_STORES_TEXT } from '@pharmalytics/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allStoresOf, StoreTreeChecklist, type StoreAreas } from '../stores/index.ts';
import type { SearchCondition } from './condition.ts';
import { initialSelection, selectionResult } from './storeSelection.ts';

/** Spec 02 §9: the store list scrolls within this height. */
const LIST_MAX_HEIGHT = 480;
const DIALOG_WIDTH = 640;

type Pharmacy = SearchCondition['pharmacy'];

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
        {t('condition.storeDialogTitle')}
      </DialogTitle>
      <Typography variant="body2" color="text.secondary" sx={{ px: 3, pb: 2 }}>
        {t('condition.storeDialogLead')}
      </Typography>
      {open && <StoreSelection {...rest} />}
    </Dialog>
  );
}

/** A group's checkbox: checked when all its stores are, mixed when some are. */
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

  return (
    <>
      <DialogContent dividers sx={{ p: 0, overflow: 'hidden' }}>
        <StoreTreeChecklist
          tree={tree}
          selected={selected}
          onChange={setSelected}
          allLabel={VIEWABLE_STORES_TEXT.all}
          selectedText={(count, total) => t('condition.selectedCount', { count, total })}
          prefectureCountText={(count, total) => t('condition.prefectureCount', { count, total })}
          maxHeight={LIST_MAX_HEIGHT}
          listTestId="store-select-list"
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        {!result.ok && (
          <Alert severity="error" role="alert" sx={{ mr: 'auto', py: 0 }}>
            {result.message}
          </Alert>
        )}
        <Button color="inherit" onClick={onClose}>
          {t('condition.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={!result.ok}
          onClick={() => {
            if (result.ok) onApply(result.pharmacy);
          }}
        >
          {t('condition.apply')}
        </Button>
      </DialogActions>
    </>
  );
}
