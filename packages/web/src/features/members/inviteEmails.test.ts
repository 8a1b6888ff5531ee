import { FORM_MESSAGES, V } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import { addEmails, checkInvite, splitTyped } from './inviteEmails.ts';

describe('addEmails', () => {
  it('adds comma-separated addresses and drops repeats ignoring case', () => {
    expect(addEmails(['a@example.com'], 'b@example.com, A@example.com，c@example.com')).toEqual([
      'a@example.com',
      'b@example.com',
      'c@example.com',
    ]);
  });

  it('ignores empty entries', () => {
    expect(addEmails([], ' , ,')).toEqual([]);
  });
});

describe('splitTyped', () => {
  it('keeps text without a comma in the input', () => {
    expect(splitTyped(['a@example.com'], 'b@exa')).toEqual({
      chips: ['a@example.com'],
      rest: 'b@exa',
    });
  });

  it('turns the text before the last comma into chips', () => {
    expect(splitTyped([], 'a@example.com, b@example.com, c@ex')).toEqual({
      chips: ['a@example.com', 'b@example.com'],
      rest: 'c@ex',
    });
    expect(splitTyped(['a@example.com'], 'a@example.com,')).toEqual({
      chips: ['a@example.com'],
      rest: '',
    });
  });
});

describe('checkInvite', () => {
  it('needs a role and at least one valid address', () => {
    expect(checkInvite([], 'user').canSubmit).toBe(false);
    expect(checkInvite(['a@example.com'], '').canSubmit).toBe(false);
    expect(checkInvite(['a@example.com'], 'user')).toEqual({
      chipErrors: [null],
      fieldError: null,
      validCount: 1,
      canSubmit: true,
    });
  });

  it('marks invalid chips with the e-mail message', () => {
    const check = checkInvite(['a@example.com', 'not-an-email'], 'admin');
    expect(check.chipErrors).toEqual([null, V.email]);
    expect(check.fieldError).toBe(V.email);
    expect(check.validCount).toBe(1);
    expect(check.canSubmit).toBe(false);
  });

  it('refuses more than ten addresses', () => {
    const emails = Array.from({ length: 11 }, (_, i) => `u${i}@example.com`);
    const check = checkInvite(emails, 'user');
    expect(check.fieldError).toBe(FORM_MESSAGES.inviteMaxEmails);
    expect(check.canSubmit).toBe(false);
    expect(checkInvite(emails.slice(0, 10), 'user').canSubmit).toBe(true);
  });
});
