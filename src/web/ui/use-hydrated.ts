import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server and while the browser hydrates a server-rendered page, true from then on (and at once in a
 * page the browser renders itself): what differs between the two (the shopper's clock or time zone, code loaded
 * after the first paint) renders only once true, so hydration finds what the server sent.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
