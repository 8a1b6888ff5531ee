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
