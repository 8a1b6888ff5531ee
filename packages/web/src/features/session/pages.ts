export { LoginPage } from './login/LoginPage.tsx';
export { NoticePage } from './notice/NoticePage.tsx';
