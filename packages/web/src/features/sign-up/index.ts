export { CheckEmailPage } from './CheckEmailPage.tsx';
export { NewAccountPage } from './NewAccountPage.tsx';
export { SignUpPage } from './SignUpPage.tsx';
