import { PLAN_CODES, ROLE_NAMES, SESSION_COOKIE_DAYS } from '@pharmalytics/domain';
import type { Member } from '../../api/index.ts';

export const MEMBER_COOKIE = 'pharmalytics_member';
/** Browsers keep about 4 KB per cookie; beyond this the store list is left to the next fetch. */
const MAX_COOKIE_VALUE = 3500;

/** Parses a stored member, or null when it is missing or not a member. */
export function parseStoredMember(raw: string | undefined): Member | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Member> | null;
    if (
      !value ||
      typeof value.id !== 'number' ||
      typeof value.email !== 'string' ||
      !ROLE_NAMES.includes(value.systemRole?.name as never) ||
      !PLAN_CODES.includes(value.corporation?.plan?.code as never)
    ) {
      return null;
    }
    return { ...value, browsableStores: value.browsableStores ?? [] } as Member;
  } catch {
    return null;
  }
}

/**
 * The JSON to keep in the cookie. A member with very many viewable stores is stored without
 * them (the main layout refetches the member on load).
 */
export function serializeMember(member: Member, encodedLength: (value: string) => number): string {
  const full = JSON.stringify(member);
  if (encodedLength(full) <= MAX_COOKIE_VALUE) return full;
  return JSON.stringify({ ...member, browsableStores: [] });
}

export const MEMBER_COOKIE_OPTIONS = {
  expires: SESSION_COOKIE_DAYS,
  secure: true,
  sameSite: 'lax',
  path: '/',
} as const;
