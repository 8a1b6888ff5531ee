import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput, type TextInputProps } from './TextInput.tsx';

export type PasswordFieldProps = Omit<TextInputProps, 'type' | 'endAdornment'>;

/** A password input with a show/hide toggle announced by the field's label. */
export function PasswordField({ label, ...props }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      label={label}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            edge="end"
            aria-label={
              visible ? t('common.hidePassword', { label }) : t('common.showPassword', { label })
            }
            aria-pressed={visible}
            onClick={() => setVisible((value) => !value)}
          >
            {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
