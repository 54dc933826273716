const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * Resolves once the page has loaded and the browser is idle (a moment later where it cannot tell, as in Safari), or
 * at the visitor's first tap, key or wheel, whichever comes first: when code the first paint does not need may load.
 */
export function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    let cancel = () => {};
    const done = () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, done, true);
      window.removeEventListener('load', afterLoad);
      cancel();
      resolve();
    };
    const afterLoad = () => {
      if (typeof window.requestIdleCallback === 'function') {
        const id = window.requestIdleCallback(done, { timeout: 3000 });
        cancel = () => window.cancelIdleCallback(id);
      } else {
        const id = setTimeout(done, 1500);
        cancel = () => clearTimeout(id);
      }
    };
    for (const type of INTERACTIONS) window.addEventListener(type, done, { capture: true, passive: true });
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
  });
}
