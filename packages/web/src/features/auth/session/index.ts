export { needsAgreement } from './agreement.ts';
export { clearMember, getMember, setMember, subscribeMember } from './sessionStore.ts';
export { useMember, useSignedInMember } from './useMember.ts';
export { memberCan, standingOf } from './standing.ts';
export { clearSessionData, logout } from './logout.ts';
