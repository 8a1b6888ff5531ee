import { describe, expect, it } from 'vitest';
import { inviteSchema, parseInviteEmails } from './invite.ts';
import { allMessages, messagesAt } from './testing.ts';

describe('parseInviteEmails', () => {
  it('splits at commas, trims and drops empty entries', () => {
    expect(
      parseInviteEmails(' a@example.com, b@example.com ,,c@example.com，d@example.com '),
    ).toEqual(['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com']);
    expect(parseInviteEmails('  ')).toEqual([]);
  });

  it('removes duplicates, keeping the first', () => {
    expect(parseInviteEmails('a@example.com,b@example.com,a@example.com,A@Example.com')).toEqual([
      'a@example.com',
      'b@example.com',
    ]);
  });
});

describe('inviteSchema', () => {
  const valid = { emails: ['a@example.com', 'b@example.com'], systemRole: 'user' };

  it('accepts up to 10 e-mails and an assignable role', () => {
    expect(allMessages(inviteSchema, valid)).toEqual({});
    const ten = Array.from({ length: 10 }, (_, i) => `u${i}@example.com`);
    expect(allMessages(inviteSchema, { emails: ten, systemRole: 'admin' })).toEqual({});
  });

  it('requires at least one e-mail', () => {
    expect(messagesAt(inviteSchema, { ...valid, emails: [] }, 'emails')).toEqual([
      'メールアドレスを入力してください',
    ]);
  });

  it('allows at most 10 e-mails', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `u${i}@example.com`);
    expect(messagesAt(inviteSchema, { ...valid, emails: eleven }, 'emails')).toEqual([
      '最大10件までのメールアドレスの入力が可能です',
    ]);
  });

  it('checks each e-mail', () => {
    expect(
      messagesAt(inviteSchema, { ...valid, emails: ['a@example.com', 'bad'] }, 'emails.1'),
    ).toEqual(['メールアドレスの形式で入力してください']);
    expect(
      messagesAt(
        inviteSchema,
        { ...valid, emails: [`${'x'.repeat(340)}@example.com`] },
        'emails.0',
      ),
    ).toEqual(['メールアドレスは350文字以内で入力してください']);
  });

  it('requires admin or user as the role', () => {
    expect(messagesAt(inviteSchema, { emails: valid.emails }, 'systemRole')).toEqual([
      '権限を選択してください',
    ]);
    expect(
      messagesAt(inviteSchema, { ...valid, systemRole: 'system_admin' }, 'systemRole'),
    ).toEqual(['権限を選択してください']);
  });
});
