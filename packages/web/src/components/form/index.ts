export { bindField } from './bindField.ts';
export { fieldHelp } from './fieldHelp.ts';
export { PasswordField, type PasswordFieldProps } from './PasswordField.tsx';
export { TextInput, type TextInputProps } from './TextInput.tsx';
export { ReadOnlyEmailField } from './ReadOnlyEmailField.tsx';
export { FormSubmitButton } from './FormSubmitButton.tsx';
export { NumberRadioGroup, type NumberRadioGroupProps } from './NumberRadioGroup.tsx';
