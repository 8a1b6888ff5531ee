import { HEADER_NAMES } from '@pharmalytics/domain';
import { getCsrfToken, INVALID_CSRF_MESSAGE } from './csrf.ts';
import { applyDevApi, isDevApiEnabled } from './devApi.ts';
import {
  ApiError,
  globalErrorAction,
  isAbort,
  NETWORK_ERROR_STATUS,
  parseErrorBody,
} from './errors.ts';
import { apiHooks } from './hooks.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Skip the global response handling (messages, session expiry). */
  silent?: boolean;
  /** The call has a /v2/ twin: follow the system administrator's dev-API flag. */
  devSwap?: boolean;
  signal?: AbortSignal;
}

const MUTATING: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function needsCsrf(method: HttpMethod, path: string): boolean {
  return MUTATING.has(method) && (path.startsWith('/v2/') || path.startsWith('/v3/'));
}

async function send(url: string, method: HttpMethod, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [HEADER_NAMES.pageUrl]: window.location.href,
    ...options.headers,
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (needsCsrf(method, url)) headers[HEADER_NAMES.csrf] = await getCsrfToken();
  try {
    return await fetch(url, {
      method,
      credentials: 'include',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(NETWORK_ERROR_STATUS, 'network error');
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function handleGlobally(error: ApiError): void {
  const action = globalErrorAction(error.status, error.message);
  const hooks = apiHooks();
  if (action.kind === 'sessionExpired') {
    hooks.notify(action.message);
    hooks.onSessionExpired();
  } else if (action.kind === 'notify') {
    hooks.notify(action.message);
  }
}

/**
 * Calls the API with credentials, JSON, the page-URL header and (for mutating calls) the
 * anti-forgery token. Failures go through the global handling of spec 01 §8 and are re-thrown
 * as an ApiError.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const url = applyDevApi(path, Boolean(options.devSwap) && isDevApiEnabled());
  try {
    let response = await send(url, method, options);
    let body = await readBody(response);
    if (
      response.status === 403 &&
      needsCsrf(method, url) &&
      parseErrorBody(body).message === INVALID_CSRF_MESSAGE
    ) {
      await getCsrfToken(true);
      response = await send(url, method, options);
      body = await readBody(response);
    }
    if (!response.ok) {
      const { message, type } = parseErrorBody(body);
      throw new ApiError(response.status, message, type, body);
    }
    return body as T;
  } catch (error) {
    if (error instanceof ApiError && !options.silent) handleGlobally(error);
    throw error;
  }
}

/** A file the API sends as an attachment, with the name it gives in Content-Disposition. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/** The file name of a Content-Disposition header, preferring the UTF-8 `filename*` form. */
export function attachmentFileName(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1]!.trim());
    } catch {
      // Falls through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  return plain ? (plain[1] ?? plain[2]!.trim()) : null;
}

/** GET of a file (a CSV export): its bytes and name; failures as in `apiRequest`. */
export async function apiDownload(
  path: string,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<DownloadedFile> {
  try {
    const response = await send(path, 'GET', { ...options, headers: { Accept: '*/*' } });
    if (!response.ok) {
      const { message, type } = parseErrorBody(await readBody(response));
      throw new ApiError(response.status, message, type);
    }
    return {
      blob: await response.blob(),
      fileName: attachmentFileName(response.headers.get('Content-Disposition')),
    };
  } catch (error) {
    if (error instanceof ApiError && !options.silent) handleGlobally(error);
    throw error;
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
