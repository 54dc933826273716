import type { ToastOptions } from 'react-toastify';

/**
 * Toasts without react-toastify in the first script: the library, its stylesheet and the container (Toasts.tsx)
 * load once the page is idle, or with the first toast if that comes sooner (react-toastify keeps toasts sent before
 * its container mounts). A load that failed (offline) is tried again by the next toast.
 */
let library: Promise<typeof import('./toast-library.ts')> | undefined;
const listeners = new Set<() => void>();

export function loadToastLibrary(): Promise<typeof import('./toast-library.ts')> {
  library ??= import('./toast-library.ts').catch((error: unknown) => {
    library = undefined;
    throw error;
  });
  return library;
}

/** Calls `listener` at each toast, until the returned function is called. */
export function onToast(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function show(kind: 'success' | 'error' | 'warn') {
  return (message: string, options?: ToastOptions) => {
    for (const listener of listeners) listener();
    loadToastLibrary().then(
      ({ toast }) => toast[kind](message, options),
      () => undefined,
    );
  };
}

export const toast = { success: show('success'), error: show('error'), warn: show('warn') };
