export { LoginPage } from './login/LoginPage.tsx';
export { NoticePage } from './notice/NoticePage.tsx';
export {
  clearMember,
  clearSessionData,
  getMember,
  logout,
  needsAgreement,
  setMember,
  useMember,
  useSignedInMember,
} from './session/index.ts';
