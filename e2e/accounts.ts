import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { HEADER_NAMES, routePath, type RoleName } from '@pharmalytics/domain';
import { DEMO_PASSWORD, fillLogin, routeUrl } from './helpers.ts';
import { waitForMailLink } from './mail.ts';

/** The password given to accounts the tests create. */
export const ACCOUNT_PASSWORD = 'Account-pass1';

/** A fresh address per test, so parallel tests never share an account. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A short fresh address (at most 30 characters), usable as a password. */
export function shortUniqueEmail(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

export function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`No token in ${link}`);
  return token;
}

/** The anti-forgery header for a state-changing API call. */
export async function csrfHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.get('/v2/csrf_token');
  expect(response.ok()).toBe(true);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { [HEADER_NAMES.csrf]: csrfToken };
}

/** Asks for a sign-up through the API and answers the link of the verification mail. */
export async function requestSignUpLink(
  request: APIRequestContext,
  email: string,
  except: readonly string[] = [],
): Promise<string> {
  const response = await request.post('/v2/sign_ups', {
    headers: await csrfHeaders(request),
    data: { email, isApproval: true },
  });
  expect(response.status()).toBe(200);
  return waitForMailLink(email, { path: routePath('NewAccount'), except });
}

/** Completes a sign-up link through the API: a new free corporation with its administrator. */
export async function completeSignUp(
  request: APIRequestContext,
  link: string,
  password = ACCOUNT_PASSWORD,
): Promise<void> {
  const prefectures = (await (await request.get('/v2/prefectures')).json()) as { id: number }[];
  const response = await request.patch(`/v2/sign_ups/${tokenOf(link)}`, {
    headers: await csrfHeaders(request),
    data: {
      name: '検証 太郎',
      tel: '0312345678',
      roleName: '薬局長',
      corporationName: '株式会社検証薬局',
      prefectureId: prefectures[0]!.id,
      branchCount: '1',
      questionnaire: 3,
      password,
    },
  });
  expect(response.status()).toBe(201);
}

/** A new corporation and its administrator, created through the sign-up API. */
export async function createAccount(
  page: Page,
  email: string,
  password = ACCOUNT_PASSWORD,
): Promise<void> {
  await completeSignUp(page.request, await requestSignUpLink(page.request, email), password);
}

/** Creates a fresh account and signs it in (a new free corporation lands on dispensing pharmacy). */
export async function signInFreshAccount(page: Page, email: string): Promise<void> {
  await createAccount(page, email);
  await fillLogin(page, email, ACCOUNT_PASSWORD);
  await expect(page).toHaveURL(routeUrl('DispensingPharmacy'));
}

/** Invites an address as the signed-in administrator of `inviter` and answers the mail's link. */
export async function inviteByApi(
  page: Page,
  inviter: string,
  email: string,
  role: Extract<RoleName, 'admin' | 'user'> = 'user',
): Promise<string> {
  await fillLogin(page, inviter, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(new RegExp(`${routePath('Login')}$`));
  const response = await page.request.post('/v2/invitations', {
    headers: await csrfHeaders(page.request),
    data: { emails: [email], system_role: role },
  });
  expect(response.status()).toBe(201);
  return waitForMailLink(email, { path: routePath('AccountRegister') });
}
