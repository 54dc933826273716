import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { AuthUser } from '#contract/auth.ts';
import type { Role } from '#contract/roles.ts';
import { ApiError, TOKEN_KEY } from '../api/client.ts';
import { googlePopup } from './google-popup.ts';
import { dropToken, fetchMe, isStale, passwordSignIn, readToken, renewToken, serverSignOut } from './session.ts';

export type User = AuthUser;

type AuthState = {
  user: User | null;
  /** True at start (until the stored session is known) and during each auth action. */
  loading: boolean;
  signIn: (email: string, password: string) => Promise<void>;
  signInWithGoogle: () => Promise<void>;
  signOut: () => Promise<void>;
  /** Renews the token and reloads the user (after a role change, for instance). */
  refresh: () => Promise<void>;
};

const AuthContext = createContext<AuthState | null>(null);

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/** The user behind the stored token, renewing it first when old, and once more on a 401. */
async function loadSession(): Promise<User | null> {
  const token = readToken();
  if (!token) return null;
  try {
    if (isStale(token)) await renewToken();
    return await fetchMe();
  } catch (error) {
    if (!isUnauthorized(error)) throw error;
  }
  try {
    await renewToken({ force: true, seen: readToken() });
    return await fetchMe();
  } catch (error) {
    if (!isUnauthorized(error)) throw error;
    dropToken();
    return null;
  }
}

/** The session as route loaders (which run outside React) see it: the user once known, null until then. */
let sessionUser: User | null = null;
export const currentUser = (): User | null => sessionUser;

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUserState] = useState<User | null>(null);
  // Loaders of the next navigation read the new user at once (a state update is applied later).
  const setUser = useCallback((next: User | null) => {
    sessionUser = next;
    setUserState(next);
  }, []);
  const [loading, setLoading] = useState(true);
  const userRef = useRef(user);
  userRef.current = user;

  const reload = useCallback(async () => {
    try {
      setUser(await loadSession());
    } catch {
      // Server unreachable: keep the token and show the user as signed out until it answers again.
      setUser(null);
    }
  }, [setUser]);

  useEffect(() => {
    // Every part of the page that reads the session renders again once it is known: in a transition, in slices that
    // leave the page free to answer a tap, instead of one long task right after hydration.
    reload().finally(() => startTransition(() => setLoading(false)));
    return () => {
      sessionUser = null;
    };
  }, [reload]);

  // Keep the access token young while the app is open, and with it the user (a role given or taken elsewhere
  // shows within minutes); follow sign-in and sign-out in other tabs.
  useEffect(() => {
    const renewIfStale = () => {
      const token = readToken();
      if (userRef.current && token && isStale(token)) {
        renewToken()
          .then(fetchMe)
          .then((me) => {
            if (JSON.stringify(me) !== JSON.stringify(userRef.current)) setUser(me);
          })
          .catch((error: unknown) => {
            if (isUnauthorized(error)) {
              dropToken();
              setUser(null);
            }
          });
      }
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key !== TOKEN_KEY) return;
      if (!event.newValue) setUser(null);
      else if (!userRef.current) void reload();
    };
    const timer = window.setInterval(renewIfStale, 60_000);
    document.addEventListener('visibilitychange', renewIfStale);
    window.addEventListener('storage', onStorage);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', renewIfStale);
      window.removeEventListener('storage', onStorage);
    };
  }, [reload, setUser]);

  // A query answered 401 while signed in: renew once and retry; if that fails too, the session is over.
  useEffect(() => {
    let renewing = false;
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (!isUnauthorized(event.action.error) || !userRef.current || renewing) return;
      renewing = true;
      const seen = readToken();
      renewToken({ force: true, seen })
        .then(() => queryClient.invalidateQueries({ queryKey: event.query.queryKey }))
        .catch(() => {
          dropToken();
          setUser(null);
        })
        .finally(() => {
          renewing = false;
        });
    });
  }, [queryClient, setUser]);

  const during = useCallback(async (action: () => Promise<void>) => {
    setLoading(true);
    try {
      await action();
    } finally {
      setLoading(false);
    }
  }, []);

  const signIn = useCallback(
    (email: string, password: string) =>
      during(async () => {
        await passwordSignIn(email, password);
        void queryClient.resetQueries();
        setUser(await fetchMe());
      }),
    [during, queryClient, setUser],
  );

  const signInWithGoogle = useCallback(async () => {
    await googlePopup();
    await during(async () => {
      await renewToken({ force: true });
      void queryClient.resetQueries();
      setUser(await fetchMe());
    });
  }, [during, queryClient, setUser]);

  const signOut = useCallback(
    () =>
      during(async () => {
        await serverSignOut();
        dropToken();
        setUser(null);
        void queryClient.resetQueries();
      }),
    [during, queryClient, setUser],
  );

  const refresh = useCallback(
    () =>
      during(async () => {
        await renewToken({ force: true });
        setUser(await fetchMe());
      }),
    [during, setUser],
  );

  const value = useMemo(
    () => ({ user, loading, signIn, signInWithGoogle, signOut, refresh }),
    [user, loading, signIn, signInWithGoogle, signOut, refresh],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside <AuthProvider>');
  return auth;
}

/**
 * The spec's role flags, read from the session user (`roll`, loaded with `GET /api/users/me`): no request of
 * its own. A role change (vendor registration, promotion) reloads the session with `refresh()`.
 */
export function useRole(): {
  role: Role | null;
  isAdmin: boolean;
  isVendor: boolean;
  isCustomer: boolean;
  isLoading: boolean;
} {
  const { user, loading } = useAuth();
  return {
    role: user?.roll ?? null,
    isAdmin: user?.roll === 'admin',
    isVendor: user?.roll === 'vendor',
    isCustomer: user?.roll === 'customer',
    isLoading: loading,
  };
}
