import Cookies from 'js-cookie';
import type { Member } from '../../api/index.ts';
import {
  MEMBER_COOKIE,
  MEMBER_COOKIE_OPTIONS,
  parseStoredMember,
  serializeMember,
} from './memberCookie.ts';

/** The signed-in member: kept in a 1-day cookie (spec 01 §4) and mirrored in memory. */
let current: Member | null = parseStoredMember(Cookies.get(MEMBER_COOKIE));
const listeners = new Set<() => void>();

function emit(): void {
  listeners.forEach((listener) => listener());
}

export function getMember(): Member | null {
  return current;
}

export function setMember(member: Member): void {
  const value = serializeMember(member, (v) => encodeURIComponent(v).length);
  Cookies.set(MEMBER_COOKIE, value, MEMBER_COOKIE_OPTIONS);
  if (JSON.stringify(current) === JSON.stringify(member)) return;
  current = member;
  emit();
}

export function clearMember(): void {
  Cookies.remove(MEMBER_COOKIE, { path: MEMBER_COOKIE_OPTIONS.path });
  if (current === null) return;
  current = null;
  emit();
}

export function subscribeMember(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
