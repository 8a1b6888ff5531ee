import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The unsubscribe link of a report mail names the member and carries a keyed hash of it, so it
 * works without signing in and cannot be made for another member.
 */
export function unsubscribeToken(secret: string, memberId: number): string {
  return `${memberId}.${createHmac('sha256', secret).update(`report-unsubscribe:${memberId}`).digest('base64url')}`;
}

export function memberOfUnsubscribeToken(secret: string, token: string): number | null {
  const [id] = token.split('.');
  const memberId = Number(id);
  if (!Number.isInteger(memberId) || memberId <= 0) return null;
  const expected = Buffer.from(unsubscribeToken(secret, memberId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given) ? memberId : null;
}
