export type SnackbarSeverity = 'success' | 'info' | 'warning' | 'error';

export interface SnackbarMessage {
  id: number;
  message: string;
  severity: SnackbarSeverity;
}

type Listener = (message: SnackbarMessage) => void;

const listeners = new Set<Listener>();
let nextId = 1;

/** Shows a message in the app's snackbar (usable outside React, e.g. by the API client). */
export function enqueueSnackbar(message: string, severity: SnackbarSeverity = 'error'): void {
  const item = { id: nextId++, message, severity };
  listeners.forEach((listener) => listener(item));
}

export function subscribeSnackbar(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
