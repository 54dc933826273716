import { call, TOKEN_KEY } from '../api/client.ts';

/** Access tokens older than this are renewed through the refresh cookie. */
export const RENEW_AFTER_MS = 5 * 60 * 1000;

export const readToken = () => localStorage.getItem(TOKEN_KEY);
export const storeToken = (token: string) => localStorage.setItem(TOKEN_KEY, token);
export const dropToken = () => localStorage.removeItem(TOKEN_KEY);

/** How old the stored access token is (from its `iat` claim); Infinity when unreadable. */
export function tokenAgeMs(token: string): number {
  try {
    const payload = token.split('.')[1].replaceAll('-', '+').replaceAll('_', '/');
    const { iat } = JSON.parse(atob(payload)) as { iat?: number };
    return typeof iat === 'number' ? Date.now() - iat * 1000 : Number.POSITIVE_INFINITY;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

export const isStale = (token: string) => tokenAgeMs(token) > RENEW_AFTER_MS;

/** Runs `task` while holding a lock shared by every tab, so two tabs never spend the same refresh cookie. */
async function oneTabAtATime<T>(task: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    return navigator.locks.request('farmstall-token-refresh', task);
  }
  return task();
}

/**
 * Renews the access token through the httpOnly refresh cookie. Inside the lock, a token another tab has
 * just renewed is taken as it is. Throws ApiError 401 when the session has ended.
 */
export function renewToken(options: { force?: boolean; seen?: string | null } = {}): Promise<string> {
  return oneTabAtATime(async () => {
    const current = readToken();
    if (current && !isStale(current) && !options.force) return current;
    if (current && options.force && options.seen !== undefined && current !== options.seen) return current;
    const { token } = await call('POST /auth/refresh');
    storeToken(token);
    return token;
  });
}

export const fetchMe = () => call('GET /users/me');

export async function passwordSignIn(email: string, password: string): Promise<void> {
  const { token } = await call('POST /jwt', { body: { email, password } });
  storeToken(token);
}

export async function serverSignOut(): Promise<void> {
  await call('POST /auth/logout');
}
