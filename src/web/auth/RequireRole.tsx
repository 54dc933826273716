import type { ComponentType, ReactNode } from 'react';
import { Navigate, type RouteObject, useLocation } from 'react-router';
import type { Role } from '#contract/roles.ts';
import { type LoadAt, lazyQueries, loadFirst, type Start } from '../api/query-client.ts';
import { paths } from '../paths.ts';
import { currentUser, type User, useRole } from './AuthProvider.tsx';

/** A progress bar while the session is being found out. */
export function AuthProgress() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center" role="status">
      <progress className="progress progress-primary w-56" aria-label="Checking your account" />
    </div>
  );
}

/**
 * Shows `children` to a signed-in user with one of `roles` (any signed-in user when omitted), by the role the
 * session already carries. Anyone else goes to /login, which brings them back here after signing in.
 */
export function RequireRole({ roles, children }: { roles?: Role[]; children: ReactNode }) {
  const { role, isLoading } = useRole();
  const location = useLocation();
  if (isLoading) return <AuthProgress />;
  if (!role || (roles && !roles.includes(role))) {
    return <Navigate to={paths.login} replace state={{ from: location }} />;
  }
  return children;
}

/** What a guarded page's loader knows: the signed-in user (with an allowed role), the path's params, the query. */
export type GuardedLoad = LoadAt & { user: User };

/** `lazyQueries` for guarded pages, whose queries may read the user. */
export const guardedQueries = lazyQueries<GuardedLoad>();

/**
 * A dashboard route whose page (a chunk of its own, loaded on the first visit) only `roles` may see. Its loader
 * starts the page's first `queries` while the chunk loads, for a signed-in user with one of `roles` only: anyone
 * else (or a session not known yet, at start) makes no request, and the page's guard sends them on.
 */
export function guardedRoute(
  path: string,
  roles: Role[],
  load: () => Promise<ComponentType>,
  queries?: (at: GuardedLoad) => Promise<Start[]>,
): RouteObject {
  return {
    path,
    ...(queries && {
      loader: (args) => {
        const user = currentUser();
        if (!user || !roles.includes(user.roll)) return null;
        return loadFirst((at) => queries({ ...at, user }))(args);
      },
    }),
    lazy: () =>
      load().then((Page) => ({
        Component: function GuardedPage() {
          return (
            <RequireRole roles={roles}>
              <Page />
            </RequireRole>
          );
        },
      })),
  };
}

/** A page of a feature's dashboard: its path, its chunk, its first queries by name, and `roles` when not the feature's. */
type GuardedPage<Q> = { path: string; page: () => Promise<ComponentType>; first?: Q; roles?: Role[] };

/**
 * A feature's dashboard routes (each a `guardedRoute`): `roles` may see every page that does not name its own, and a
 * page's `first` names its first queries in the feature's `queries` module (loaded on the first visit).
 */
export function guardedRoutes<M extends Record<string, (at: GuardedLoad) => Start[]>>(
  roles: Role[],
  queries: () => Promise<M>,
  pages: GuardedPage<keyof M>[],
): RouteObject[] {
  const first = guardedQueries(queries);
  return pages.map((page) =>
    guardedRoute(page.path, page.roles ?? roles, page.page, page.first === undefined ? undefined : first(page.first)),
  );
}
