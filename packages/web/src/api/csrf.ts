import { CSRF_TOKEN_PATH, ERROR_WIRE_MESSAGES, HEADER_NAMES } from '@pharmalytics/domain';
import { ApiError, NETWORK_ERROR_STATUS, parseErrorBody } from './errors.ts';

/** The `message` of a 403 caused by a missing or stale anti-forgery token. */
export const INVALID_CSRF_MESSAGE = ERROR_WIRE_MESSAGES.invalidCsrfToken;

// Fetched with fetch() rather than call(): every changing call() needs the token first, and the
// sign-in page fetches it on load, before the schema library is loaded (sessionContracts.csrfToken
// describes the same answer).
let token: string | null = null;
let pending: Promise<string> | null = null;

async function fetchToken(): Promise<string> {
  let response: Response;
  try {
    response = await fetch(CSRF_TOKEN_PATH, {
      credentials: 'include',
      headers: { Accept: 'application/json', [HEADER_NAMES.pageUrl]: window.location.href },
    });
  } catch {
    throw new ApiError(NETWORK_ERROR_STATUS, 'network error');
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const { message, type } = parseErrorBody(body);
    throw new ApiError(response.status, message, type);
  }
  const csrfToken = (body as { csrfToken?: unknown } | null)?.csrfToken;
  if (typeof csrfToken !== 'string') throw new ApiError(response.status, 'missing csrf token');
  return csrfToken;
}

/** The current anti-forgery token, fetched once (or again when `refresh` is set). */
export function getCsrfToken(refresh = false): Promise<string> {
  if (!refresh && token) return Promise.resolve(token);
  if (!pending) {
    pending = fetchToken()
      .then((value) => {
        token = value;
        return value;
      })
      .finally(() => {
        pending = null;
      });
  }
  return pending;
}

/** Fetches the token ahead of time (menu-less layout load); failures are retried lazily. */
export function prefetchCsrfToken(): void {
  getCsrfToken(true).catch(() => undefined);
}

export function clearCsrfToken(): void {
  token = null;
}
