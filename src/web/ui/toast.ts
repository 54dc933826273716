import type { ToastOptions } from 'react-toastify';

/**
 * Toasts without react-toastify in the first script: the library, its stylesheet and the container (Toasts.tsx)
 * load with the first toast, which then shows (react-toastify keeps toasts sent before its container mounts).
 */
let wanted = false;
const listeners = new Set<() => void>();

export const toastsWanted = {
  get: () => wanted,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

function show(kind: 'success' | 'error' | 'warn') {
  return (message: string, options?: ToastOptions) => {
    if (!wanted) {
      wanted = true;
      for (const listener of listeners) listener();
    }
    void import('react-toastify').then(({ toast }) => toast[kind](message, options));
  };
}

export const toast = { success: show('success'), error: show('error'), warn: show('warn') };
