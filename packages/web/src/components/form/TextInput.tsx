import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId, type ReactNode } from 'react';

export type TextInputProps = Pick<
  OutlinedInputProps,
  | 'name'
  | 'type'
  | 'autoComplete'
  | 'autoFocus'
  | 'inputRef'
  | 'onChange'
  | 'onBlur'
  | 'endAdornment'
  | 'disabled'
  | 'error'
  | 'required'
> & {
  label: string;
  helperText?: ReactNode;
  slotProps?: { htmlInput?: InputBaseComponentProps };
};

/**
 * An outlined text field wired as MUI's TextField wires it (label, helper text, error), composed
 * from its parts: TextField also carries its select mode, and with it the menu, popover and modal
 * code, which the sign-in page would download for nothing.
 */
export function TextInput({ label, helperText, error, slotProps, ...input }: TextInputProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl
      variant="outlined"
      error={error}
      disabled={input.disabled}
      required={input.required}
    >
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        inputProps={slotProps?.htmlInput}
        aria-describedby={helperText ? helperId : undefined}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
