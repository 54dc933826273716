import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toastsWanted } from './toast.ts';

const ToastArea = lazy(() => import('./ToastArea.tsx'));

/** Where toasts show: nothing until the first toast (toast.ts), then react-toastify's container. */
export function Toasts() {
  const wanted = useSyncExternalStore(toastsWanted.subscribe, toastsWanted.get, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastArea />
    </Suspense>
  ) : null;
}
