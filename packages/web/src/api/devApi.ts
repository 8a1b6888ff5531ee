import { MAP_DEV_API_TWINS } from '@pharmalytics/domain';

/** The system administrator's dev-API flag (spec 01 §7): sends some /v3/ calls to their /v2/ twins. */
const STORAGE_KEY = 'pharmalytics.devApi';
const listeners = new Set<() => void>();

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function isDevApiEnabled(): boolean {
  return storage()?.getItem(STORAGE_KEY) === '1';
}

export function setDevApiEnabled(enabled: boolean): void {
  const store = storage();
  if (enabled) store?.setItem(STORAGE_KEY, '1');
  else store?.removeItem(STORAGE_KEY);
  listeners.forEach((listener) => listener());
}

export function subscribeDevApi(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * When enabled, a map call goes to its named twin and any other '/v3/foo' to '/v2/foo'; other
 * paths, and every path when disabled, are unchanged. The query string is kept.
 */
export function applyDevApi(path: string, enabled: boolean): string {
  if (!enabled) return path;
  const [pathname = '', query] = path.split(/(?=\?)/, 2);
  const twin = MAP_DEV_API_TWINS[pathname];
  if (twin) return twin + (query ?? '');
  return path.startsWith('/v3/') ? `/v2/${path.slice('/v3/'.length)}` : path;
}
