import { expect, type Page } from '@playwright/test';
import { routePath } from '@pharmalytics/domain';
import {
  ACCOUNT_PASSWORD,
  csrfHeaders,
  requestSignUpLink,
  tokenOf,
  uniqueEmail,
} from './accounts.ts';
import { fillLogin } from './helpers.ts';
import { waitForMailLink } from './mail.ts';

/** Helpers of the settings specs: fresh corporations, members and stores through the API. */

export interface FreshCorporation {
  email: string;
  corporationCode: string;
  name: string;
}

/**
 * A new corporation (free plan) whose only member is its administrator, created through the
 * sign-up API. Nothing else uses it, so a test may change it freely.
 */
export async function createCorporation(page: Page, prefix = 'corp'): Promise<FreshCorporation> {
  const email = uniqueEmail(prefix);
  const link = await requestSignUpLink(page.request, email);
  const name = `株式会社${prefix}薬局${Date.now().toString(36)}`;
  const response = await page.request.patch(`/v2/sign_ups/${tokenOf(link)}`, {
    headers: await csrfHeaders(page.request),
    data: {
      name: '設定 太郎',
      tel: '0312345678',
      roleName: '薬局長',
      corporationName: name,
      prefectureId: 40,
      branchCount: '3',
      questionnaire: 3,
      password: ACCOUNT_PASSWORD,
    },
  });
  expect(response.status()).toBe(201);
  const { corporationCode } = (await response.json()) as { corporationCode: string };
  return { email, corporationCode, name };
}

/** Signs in an account created by the tests. */
export async function signIn(page: Page, email: string): Promise<void> {
  await fillLogin(page, email, ACCOUNT_PASSWORD);
  await expect(page).not.toHaveURL(new RegExp(`${routePath('Login')}$`));
}

export interface FreshMember {
  id: number;
  email: string;
  publicName: string;
}

/**
 * Invites and registers a new member of the signed-in administrator's corporation, through
 * the API; the browser stays signed in as the administrator.
 */
export async function addMember(
  page: Page,
  role: 'admin' | 'user',
  publicName: string,
): Promise<FreshMember> {
  const email = uniqueEmail(`member-${role}`);
  const invited = await page.request.post('/v2/invitations', {
    headers: await csrfHeaders(page.request),
    data: { emails: [email], system_role: role },
  });
  expect(invited.status()).toBe(201);
  const link = await waitForMailLink(email, { path: routePath('AccountRegister') });
  const registered = await page.request.post('/v2/members', {
    headers: await csrfHeaders(page.request),
    data: { token: tokenOf(link), publicName, searchName: '', email, password: ACCOUNT_PASSWORD },
  });
  expect(registered.status()).toBe(201);
  const { id } = (await registered.json()) as { id: number };
  return { id, email, publicName };
}

/** Sets a user-role member's viewable stores through the API. */
export async function setViewableStores(
  page: Page,
  memberId: number,
  storeCodes: readonly string[],
): Promise<void> {
  const response = await page.request.patch(`/v2/members/${memberId}/branches`, {
    headers: await csrfHeaders(page.request),
    data: { storeCodes: storeCodes.join(',') },
  });
  expect(response.ok()).toBe(true);
}

/** A store name no other test uses. */
export function uniqueStoreName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}店`;
}

/** The snackbar showing a message. */
export function snackbar(page: Page, message: string) {
  return page.getByRole('alert').filter({ hasText: message });
}
