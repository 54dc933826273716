import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';

// A page's lazy chunk is transformed on its first import: on a loaded 2-core CI machine that can take over
// findBy's default 1 s (route-loaders.test.tsx timed out so at load 17-25).
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no media queries; the dialogs ask for prefers-reduced-motion.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

// jsdom has <dialog> without its modal methods (browsers put it in the top layer and close it on Escape).
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.open = false;
  this.dispatchEvent(new Event('close'));
};

// jsdom sends no animationend, so dialogs that wait for their closing animation would never close.
const noAnimations = () => {
  const style = document.createElement('style');
  style.textContent = '.swal2-popup, .swal2-container { animation: none !important; transition: none !important; }';
  document.head.append(style);
};

/** React's warning for an HTML element jsdom does not know yet (`<search>`, which browsers have). */
const jsdomLacks = ([format, tag]: unknown[]) =>
  typeof format === 'string' && format.startsWith('The tag <%s> is unrecognized in this browser') && tag === 'search';

// As on the server: a test that makes the code print an error fails.
let errors: unknown[][] = [];
beforeEach(() => {
  noAnimations();
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!jsdomLacks(args)) errors.push(args);
  });
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  if (errors.length > 0) throw new Error(`console.error was called: ${errors.map((a) => a.join(' ')).join('\n')}`);
});

// A closed dialog hands focus back 100 ms later (sweetalert2's RESTORE_FOCUS_TIMEOUT): let that timer run before the
// file's jsdom is torn down, or it throws "HTMLElement is not defined" into the next file's run.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 150)));
