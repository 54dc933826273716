import { type RefObject, useEffect } from 'react';

/** How a row scrolls when code moves it: smoothly, unless the visitor asked for less motion. */
export const scrollBehavior = (): ScrollBehavior =>
  window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';

/**
 * Calls `onSettle` after the row has scrolled and stopped (a swipe, a wheel, an arrow), and once when mounted:
 * where a carousel reads its position. The browser does the scrolling and snapping itself, so no script runs while it
 * moves.
 */
export function useScrollSettled(row: RefObject<HTMLElement | null>, onSettle: (row: HTMLElement) => void) {
  useEffect(() => {
    const element = row.current;
    if (!element) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => onSettle(element);
    // 'scrollend' where the browser has it; elsewhere a pause of 100 ms after the last 'scroll'.
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(settle, 100);
    };
    const usesScrollEnd = 'onscrollend' in element;
    element.addEventListener(usesScrollEnd ? 'scrollend' : 'scroll', usesScrollEnd ? settle : onScroll, {
      passive: true,
    });
    window.addEventListener('resize', onScroll, { passive: true });
    settle();
    return () => {
      clearTimeout(timer);
      element.removeEventListener('scrollend', settle);
      element.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [row, onSettle]);
}
