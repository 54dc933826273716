import { type RefObject, useEffect } from 'react';

/**
 * A server-rendered text box can be typed into before the page's code runs. React keeps those letters on screen
 * when it hydrates but not in its state, so the page would ignore them; this hands them to `onTyped` once, right
 * after hydration (in a page the browser rendered itself the box holds `value` and nothing happens).
 */
export function useTypedBeforeHydration(
  input: RefObject<HTMLInputElement | null>,
  value: string,
  onTyped: (typed: string, focused: boolean) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the first commit; later differences are React's own updates
  useEffect(() => {
    const box = input.current;
    if (box && box.value !== value) onTyped(box.value, document.activeElement === box);
  }, []);
}
