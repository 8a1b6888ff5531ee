export { CardHeading } from './CardHeading.tsx';
export { ExternalLink } from './ExternalLink.tsx';
export { GoToLoginButton } from './GoToLoginButton.tsx';
export {
  bindField,
  FormSubmitButton,
  fieldHelp,
  NumberRadioGroup,
  PasswordField,
  ReadOnlyEmailField,
  TextInput,
  type TextInputProps,
  type PasswordFieldProps,
} from './form/index.ts';
export { Logo, type LogoProps } from './Logo.tsx';
export { PageHeading } from './PageHeading.tsx';
export { PageLoader } from './PageLoader.tsx';
export { QueryContent } from './QueryContent.tsx';
export { CSV_MIME_TYPE, saveFile, saveText } from './saveFile.ts';
export { enqueueSnackbar, SnackbarProvider, type SnackbarSeverity } from './snackbar/index.ts';
export { StatusPanel, type StatusPanelProps, type StatusTone } from './StatusPanel.tsx';
export { TokenLinkPage, type TokenLinkForm, type TokenLinkPageProps } from './TokenLinkPage.tsx';
export { ValueOr } from './ValueOr.tsx';
export { visuallyHidden } from './visuallyHidden.ts';
