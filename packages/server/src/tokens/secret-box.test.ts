import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.ts';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32).toString('base64'));

  it('gives back what it sealed, never the same ciphertext twice', () => {
    const a = box.seal('uploader-key-123');
    expect(box.open(a)).toBe('uploader-key-123');
    expect(box.seal('uploader-key-123')).not.toBe(a);
    expect(a).not.toContain('uploader-key-123');
  });

  it('refuses a tampered or foreign ciphertext', () => {
    const sealed = Buffer.from(box.seal('secret'), 'base64');
    sealed[sealed.length - 1]! ^= 1;
    expect(() => box.open(sealed.toString('base64'))).toThrow();
    const other = new SecretBox(randomBytes(32).toString('base64'));
    expect(() => other.open(box.seal('secret'))).toThrow();
  });
});
