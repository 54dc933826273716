import { type RefObject, useEffect } from 'react';

/**
 * A server-rendered text box or select can be changed before the page's code runs. React keeps the change on
 * screen when it hydrates but not in its state, so the page would ignore it; this hands it to `onTyped` once, right
 * after hydration (in a page the browser rendered itself the box holds `value` and nothing happens).
 */
export function useTypedBeforeHydration(
  input: RefObject<HTMLInputElement | HTMLSelectElement | null>,
  value: string,
  onTyped: (typed: string, focused: boolean) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the first commit; later differences are React's own updates
  useEffect(() => {
    const box = input.current;
    if (box && box.value !== value) onTyped(box.value, document.activeElement === box);
  }, []);
}
