import {
  ERROR_TYPES,
  ERROR_WIRE_MESSAGES,
  roleByName,
  routePath,
  type NewAccountForm,
  type NewAccountResult,
} from '@pharmalytics/domain';
import { createAccount, isEmailRegistered } from '../members/create-account.ts';
import type { Database } from '../db/connection.ts';
import { badRequest, conflict, unauthorized } from '../http/errors.ts';
import { hashPassword } from '../identity/passwords.ts';
import { normalizeEmail } from '../identity/service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { signUpVerificationMail } from '../mail/templates.ts';
import { EMAIL_TOKEN_TTL_MS, type EmailTokens } from '../tokens/email-tokens.ts';
import { insertSignUpCorporation } from './queries.ts';

export interface SignUpDeps {
  db: Database;
  mailer: Mailer;
  emailTokens: EmailTokens;
  publicUrl: string;
}

/** Mails the new-account link to the address. */
export async function mailNewAccountLink(deps: SignUpDeps, address: string): Promise<void> {
  const email = normalizeEmail(address);
  const token = await deps.emailTokens.issue('sign_up', email);
  const link = `${deps.publicUrl}${routePath('NewAccount')}?token=${token}`;
  await deps.mailer.send(
    signUpVerificationMail(email, link, EMAIL_TOKEN_TTL_MS.sign_up / 3_600_000),
  );
}

/** The address of a usable new-account link: 401 once expired or used, 409 once registered. */
export async function signUpEmailOf(deps: SignUpDeps, token: string): Promise<string> {
  const email = await deps.emailTokens.emailOf('sign_up', token);
  if (!email) throw unauthorized(ERROR_WIRE_MESSAGES.tokenExpired);
  if (await isEmailRegistered(deps.db, email))
    throw conflict(ERROR_WIRE_MESSAGES.emailAlreadyRegistered);
  return email;
}

/** Creates the corporation (free plan) and its first administrator, using up the link. */
export async function completeSignUp(
  deps: SignUpDeps,
  token: string,
  form: NewAccountForm,
): Promise<NewAccountResult> {
  const { db, emailTokens } = deps;
  const email = await emailTokens.emailOf('sign_up', token);
  if (!email) throw unauthorized(ERROR_WIRE_MESSAGES.tokenExpired);
  if (form.password.toLowerCase() === email) {
    throw badRequest('password same to email', ERROR_TYPES.passwordSameToEmail);
  }
  if (await isEmailRegistered(db, email))
    throw conflict(ERROR_WIRE_MESSAGES.emailAlreadyRegistered);
  const passwordHash = await hashPassword(form.password);

  const corporationCode = await db.transaction().execute(async (trx) => {
    if (!(await emailTokens.consume('sign_up', token, trx)))
      throw unauthorized(ERROR_WIRE_MESSAGES.tokenExpired);
    const corporation = await insertSignUpCorporation(trx, form);
    await createAccount(trx, {
      corporationId: corporation.id,
      email,
      passwordHash,
      publicName: form.name.trim(),
      roleId: roleByName('admin')!.id,
    });
    return corporation.corporation_code;
  });
  return { corporationCode, email };
}
