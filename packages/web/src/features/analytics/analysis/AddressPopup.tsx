import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ADDRESS_FIELD_WIDTH,
  ADDRESS_MENU_Z_INDEX,
  ADDRESS_MODES,
  ADDRESS_PLACEHOLDER,
} from '@pharmalytics/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberRadioGroup } from '../../../components/index.ts';
import {
  ADDRESS_MODE,
  addressError,
  addressLabel,
  appliedAddress,
  type AddressDraft,
} from './address.ts';

/** The address page's 住所 popup: by zip code, or by an address prefix (spec 02 §2.2, §5). */
export function AddressPopup({
  applied,
  onApply,
}: {
  applied: AddressDraft;
  onApply: (address: AddressDraft) => void;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const titleId = useId();
  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<PlaceOutlinedIcon color="primary" />}
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ borderColor: 'divider', py: 1 }}
      >
        {t('analysis.addressButton', { address: addressLabel(applied) })}
      </Button>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        sx={{ zIndex: ADDRESS_MENU_Z_INDEX }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { mt: 1 } } }}
      >
        <Typography id={titleId} component="h2" sx={{ fontWeight: 700, px: 2, pt: 2 }}>
          {t('analysis.addressTitle')}
        </Typography>
        {anchor && (
          <AddressForm
            applied={applied}
            onApply={(address) => {
              onApply(address);
              setAnchor(null);
            }}
            onCancel={() => setAnchor(null)}
          />
        )}
      </Popover>
    </>
  );
}

function AddressForm({
  applied,
  onApply,
  onCancel,
}: {
  applied: AddressDraft;
  onApply: (address: AddressDraft) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<AddressDraft>(applied);
  const [error, setError] = useState<string>();
  const byAddress = draft.mode === ADDRESS_MODE.address;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const message = addressError(draft);
        setError(message);
        if (!message) onApply(appliedAddress(draft));
      }}
      sx={{ p: 2, display: 'grid', gap: 1.5 }}
    >
      <NumberRadioGroup
        label={t('analysis.addressTitle')}
        hideLabel
        options={ADDRESS_MODES.map((mode) => ({ value: mode.value, text: mode.label }))}
        value={draft.mode}
        onChange={(mode) => {
          setDraft((d) => ({ ...d, mode }));
          setError(undefined);
        }}
      />
      <TextField
        size="small"
        label={t('analysis.addressText')}
        placeholder={ADDRESS_PLACEHOLDER}
        value={draft.text}
        disabled={!byAddress}
        error={Boolean(error)}
        helperText={error}
        // The label stays above the field, so the placeholder 〇〇県〇〇市 shows in it.
        slotProps={{ formHelperText: { role: 'alert' }, inputLabel: { shrink: true } }}
        onChange={(event) => {
          setDraft((d) => ({ ...d, text: event.target.value }));
          setError(undefined);
        }}
        sx={{ width: ADDRESS_FIELD_WIDTH }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button color="inherit" onClick={onCancel}>
          {t('condition.cancel')}
        </Button>
        <Button type="submit" variant="contained">
          {t('condition.apply')}
        </Button>
      </Box>
    </Box>
  );
}
