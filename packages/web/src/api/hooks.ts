/** What the API client does on a global error; wired to the UI by the app's providers. */
export interface ApiHooks {
  /** Shows a global message (snackbar). */
  notify: (message: string) => void;
  /** Session expired: clear the member and go to login. */
  onSessionExpired: () => void;
}

let hooks: ApiHooks = { notify: () => undefined, onSessionExpired: () => undefined };

export function configureApi(next: Partial<ApiHooks>): void {
  hooks = { ...hooks, ...next };
}

export function apiHooks(): ApiHooks {
  return hooks;
}
