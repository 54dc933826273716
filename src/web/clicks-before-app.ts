/**
 * On a server-rendered page a button pressed before the app has hydrated does nothing: its handler is not attached
 * yet. From the app's start (`html[data-app=starting]`) until it says it is ready (`APP_READY_EVENT`, after
 * hydration has committed), such presses are held and then pressed again in order; hydration keeps the server's
 * DOM nodes, so the same buttons receive them. Links, and submissions of a form with an `action`, go on natively.
 */
export const APP_READY_EVENT = 'farmstall:app-ready';
const MOST_HELD = 10;

export function holdClicksUntilAppReady() {
  const held: HTMLButtonElement[] = [];
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || button.disabled) return;
    if (button.type === 'submit' && button.form?.hasAttribute('action')) return;
    event.preventDefault();
    event.stopPropagation();
    if (held.length < MOST_HELD) held.push(button);
  };
  document.addEventListener('click', hold, true);
  document.documentElement.dataset.app = 'starting';
  window.addEventListener(
    APP_READY_EVENT,
    () => {
      document.removeEventListener('click', hold, true);
      for (const button of held) if (button.isConnected) button.click();
    },
    { once: true },
  );
}
