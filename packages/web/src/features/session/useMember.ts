import { useSyncExternalStore } from 'react';
import type { Member } from '../../api/index.ts';
import { getMember, subscribeMember } from './sessionStore.ts';

/** The signed-in member, or null. */
export function useMember(): Member | null {
  return useSyncExternalStore(subscribeMember, getMember, getMember);
}

/** The signed-in member where a layout guarantees one. */
export function useSignedInMember(): Member {
  const member = useMember();
  if (!member) throw new Error('No signed-in member');
  return member;
}
