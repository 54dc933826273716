import type { Location } from 'react-router';

/** Where to go after signing in: the page that sent the user to /login, else home. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || from.pathname === '/login' || from.pathname === '/signUp') return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
