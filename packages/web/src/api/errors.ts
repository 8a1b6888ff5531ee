import { ERROR_WIRE_MESSAGES, MESSAGES } from '@pharmalytics/domain';

/** Status 0 stands for a network failure (no response). */
export const NETWORK_ERROR_STATUS = 0;
/**
 * Stands for an answer the contract does not describe (a server of another version): the page
 * shows its own failure and retry, as for a 500, and the details go to the console.
 */
export const UNEXPECTED_ANSWER_STATUS = 500;

/** A failed API call: HTTP status, the server's `message` and optional `type`. */
export class ApiError extends Error {
  readonly status: number;
  readonly type: string | undefined;
  /** The parsed response body, for errors that carry more (e.g. the e-mails of a 409). */
  readonly body: unknown;

  constructor(status: number, message: string, type?: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.type = type;
    this.body = body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Statuses that get no global message (spec 01 §8). */
const SILENT_STATUSES: ReadonlySet<number> = new Set([400, 403, 404, 409, 500]);

/** The server's own answers to a 503 (busy, a statement stopped), shown as they are. */
const UNAVAILABLE_MESSAGES: ReadonlySet<string> = new Set([
  MESSAGES.analyticsBusy,
  MESSAGES.statementTimeout,
]);

export type GlobalErrorAction =
  | { kind: 'none' }
  | { kind: 'sessionExpired'; message: string }
  | { kind: 'notify'; message: string };

/** The global response handling of spec 01 §8, as a pure decision. */
export function globalErrorAction(status: number, message: string): GlobalErrorAction {
  if (status === 401) {
    return message === ERROR_WIRE_MESSAGES.invalidToken
      ? { kind: 'none' }
      : { kind: 'sessionExpired', message: MESSAGES.sessionExpired };
  }
  if (SILENT_STATUSES.has(status)) return { kind: 'none' };
  if (status === 503 && UNAVAILABLE_MESSAGES.has(message)) return { kind: 'notify', message };
  return { kind: 'notify', message: MESSAGES.unexpected };
}

/** The global handling ended the session for this error (and sent the member to login). */
export function isSessionExpiry(error: unknown): boolean {
  return (
    isApiError(error) && globalErrorAction(error.status, error.message).kind === 'sessionExpired'
  );
}

/** Reads `message` and `type` from either error shape (API or identity service). */
export function parseErrorBody(body: unknown): { message: string; type?: string } {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    if (typeof record.message === 'string') {
      return typeof record.type === 'string'
        ? { message: record.message, type: record.type }
        : { message: record.message };
    }
    const nested = record.error;
    if (nested && typeof nested === 'object') {
      const msg = (nested as Record<string, unknown>).message;
      if (typeof msg === 'string') return { message: msg };
    }
  }
  return { message: '' };
}

/** An aborted call (its page or condition changed): no failure. */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Spec 02 §8: a failed call of a page's figures is logged, not announced (the global handling
 * has already dealt with the API's own errors; an aborted call is no failure); the failure still
 * reaches the caller, whose page offers a retry.
 */
export async function loggingFailures<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!isAbort(error) && !isApiError(error)) console.error(error);
    throw error;
  }
}
