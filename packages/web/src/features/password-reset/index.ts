export { ForgetPasswordPage } from './ForgetPasswordPage.tsx';
export { ResetPasswordPage } from './ResetPasswordPage.tsx';
