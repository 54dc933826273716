import { type ComponentType, useEffect, useState } from 'react';
import type { ToastContainerProps } from 'react-toastify';
import { loadToastLibrary, onToast } from './toast.ts';
import { whenIdle } from './when-idle.ts';

/** Where toasts show: nothing at first paint; react-toastify's container once the page is idle or at the first toast. */
export function Toasts() {
  const [Container, setContainer] = useState<ComponentType<ToastContainerProps> | null>(null);
  useEffect(() => {
    let mounted = true;
    const load = () =>
      loadToastLibrary().then(
        ({ ToastContainer }) => mounted && setContainer(() => ToastContainer),
        () => undefined,
      );
    void whenIdle().then(load);
    const stop = onToast(load);
    return () => {
      mounted = false;
      stop();
    };
  }, []);
  return Container ? <Container position="top-right" autoClose={5000} /> : null;
}
