/** The address the page last reloaded itself for, in this tab's session storage. */
export const RELOADED_KEY = 'farmstall:reloaded-for';

/**
 * Whether a page whose code failed at `href` may reload itself: yes, unless the last automatic reload was for this
 * very address (then the reload did not help: the page shows why instead, so it never reloads in a loop). Marks
 * the address when it says yes. Without session storage (blocked), never: the page offers a Reload button.
 */
export function reloadOnce(href: string, storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage): boolean {
  try {
    if (storage.getItem(RELOADED_KEY) === href) return false;
    storage.setItem(RELOADED_KEY, href);
    return true;
  } catch {
    return false;
  }
}
