export {
  clearMember,
  clearSessionData,
  getMember,
  logout,
  memberCan,
  needsAgreement,
  setMember,
  standingOf,
  useMember,
  useSignedInMember,
} from './session/index.ts';
