import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { FIELD_LABELS } from '@pharmalytics/domain';

/**
 * An address the person cannot change here (verified by an e-mailed link), shown as a
 * read-only field. It also tells password managers which account the password belongs to.
 */
export function ReadOnlyEmailField({ email, hint }: { email: string; hint?: string }) {
  return (
    <TextField
      label={FIELD_LABELS.email}
      value={email}
      autoComplete="username"
      helperText={hint}
      slotProps={{
        htmlInput: { readOnly: true },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <LockOutlinedIcon fontSize="small" sx={{ color: 'text.disabled' }} />
            </InputAdornment>
          ),
        },
      }}
      sx={{ '& .MuiInputBase-root': { bgcolor: 'action.hover' } }}
    />
  );
}
