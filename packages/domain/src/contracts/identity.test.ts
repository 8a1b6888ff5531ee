import { describe, expect, it } from 'vitest';
import { contractPath } from './endpoint.ts';
import { identityContracts } from './identity.ts';
import { invitationContracts } from './invitations.ts';
import { passwordResetContracts } from './password-reset.ts';
import { signUpContracts } from './sign-up.ts';
import { verifiedLinkSchema } from './token-links.ts';

describe('identity contracts', () => {
  it('call the sign-in at its literal colon', () => {
    expect(contractPath(identityContracts.signIn.path, undefined)).toBe(
      '/identity/v1/accounts:signInWithPassword',
    );
  });

  it('read the identity error body and the server’s own refusals', () => {
    const errors = identityContracts.signIn.responses['4xx'];
    expect(errors.parse({ error: { code: 400, message: 'INVALID_LOGIN_CREDENTIALS' } })).toEqual({
      error: { code: 400, message: 'INVALID_LOGIN_CREDENTIALS' },
    });
    expect(errors.parse({ statusCode: 429, message: 'rate limit' })).toEqual({
      statusCode: 429,
      message: 'rate limit',
    });
  });
});

describe('mailed-link checks', () => {
  it('answer the address of the link, the invitation with its corporation and role', () => {
    const email = { email: 'a@example.com' };
    expect(signUpContracts.verify.responses[200]).toBe(verifiedLinkSchema);
    expect(passwordResetContracts.verify.responses[200]).toBe(verifiedLinkSchema);
    const invitation = {
      ...email,
      status: 'valid',
      corporationName: '博多薬局',
      systemRole: 'user',
    };
    expect(invitationContracts.verify.responses[200].parse(invitation)).toEqual(invitation);
    expect(verifiedLinkSchema.parse(invitation)).toEqual(email);
  });
});
