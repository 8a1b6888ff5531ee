import { createHash, randomBytes } from 'node:crypto';

/** A random, URL-safe secret (256 bits). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a secret token: its SHA-256, so a leaked table opens nothing. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
