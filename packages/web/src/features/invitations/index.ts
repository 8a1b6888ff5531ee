export { AccountRegisterPage } from './AccountRegisterPage.tsx';
