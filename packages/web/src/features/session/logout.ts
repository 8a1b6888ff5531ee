import type { QueryClient } from '@tanstack/react-query';
import { routePath } from '@pharmalytics/domain';
import { clearCsrfToken, setDevApiEnabled } from '../../api/index.ts';
import { clearMember } from './sessionStore.ts';

/** Forgets everything the browser holds about the session. */
export function clearSessionData(queryClient: QueryClient): void {
  clearMember();
  clearCsrfToken();
  setDevApiEnabled(false);
  queryClient.clear();
}

/** Spec 01 §4: sign out, clear member and store data, reload on the login screen. */
export async function logout(queryClient: QueryClient): Promise<void> {
  try {
    // Loaded when needed: the shell that offers logout stays free of the schema library.
    const { logoutSession } = await import('./api.ts');
    await logoutSession();
  } catch {
    // The server session may already be gone; the browser side is cleared regardless.
  }
  clearSessionData(queryClient);
  window.location.assign(routePath('Login'));
}
