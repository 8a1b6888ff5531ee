import { describe, expect, it } from 'vitest';
import { todayInJapan } from './dates.ts';

describe('todayInJapan', () => {
  it('is already tomorrow in Japan from 15:00 UTC', () => {
    expect(todayInJapan(new Date('2026-03-31T14:59:59Z'))).toBe('2026-03-31');
    expect(todayInJapan(new Date('2026-03-31T15:00:00Z'))).toBe('2026-04-01');
  });
});
