export { needsAgreement } from './agreement.ts';
export { clearMember, getMember, setMember } from './sessionStore.ts';
export { useMember, useSignedInMember } from './useMember.ts';
export { clearSessionData, logout } from './logout.ts';
