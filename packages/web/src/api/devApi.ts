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

/** '/v3/foo' → '/v2/foo' when enabled; other paths unchanged. */
export function applyDevApi(path: string, enabled: boolean): string {
  return enabled && path.startsWith('/v3/') ? `/v2/${path.slice('/v3/'.length)}` : path;
}
