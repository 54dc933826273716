import { useEffect, useState } from 'react';
import { isRouteErrorResponse, Link, type RouteObject, useLocation, useNavigate, useRouteError } from 'react-router';
import { errorMessage, failureTitle } from '../api/client.ts';
import { useDashboardHome } from '../layout/UserMenu.tsx';
import { paths } from '../paths.ts';
import { reloadOnce } from '../reload-once.ts';
import { PageLoader } from './PageLoader.tsx';
import { PageMeta } from './PageMeta.tsx';

export { RELOADED_KEY, reloadOnce } from '../reload-once.ts';

/**
 * A page's code could not be fetched: after a new release the old chunk names are gone (or the network dropped).
 * The browser keeps a failed module import failed, so only loading the site again helps.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /dynamically imported module|module script failed|Unable to preload CSS|error loading dynamically imported/i.test(
      error.message,
    )
  );
}

/** The way back from a failed page: the dashboard's home inside the dashboard (unless it is that page), else home. */
function useWayBack(): { to: string; label: string } {
  const { pathname } = useLocation();
  const dashboard = useDashboardHome();
  if (pathname.startsWith('/dashboard') && pathname !== dashboard) return { to: dashboard, label: 'Dashboard home' };
  return { to: paths.home, label: 'Go Home' };
}

/** What a failed page shows: a title, the reason, the way to try again and a way back. */
function ErrorPanel({ title, text, action }: { title: string; text: string; action: React.ReactNode }) {
  const back = useWayBack();
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-12 text-center">
      <PageMeta title={title} />
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-3 wrap-anywhere">{text}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {action}
        <Link to={back.to} className="btn btn-outline">
          {back.label}
        </Link>
      </div>
    </section>
  );
}

/**
 * A page whose code did not come: the page reloads itself once (a tab left open over a release gets the new
 * version); if that did not help, it says so, with a Reload button and a way back.
 */
function ChunkError() {
  const [failedAgain, setFailedAgain] = useState(false);
  useEffect(() => {
    if (reloadOnce(window.location.href)) window.location.reload();
    else setFailedAgain(true);
  }, []);
  if (!failedAgain) return <PageLoader label="Loading the latest version" />;
  return (
    <ErrorPanel
      title="This page could not load"
      text={
        navigator.onLine
          ? 'The connection dropped, or Farmstall was just updated. Reload to get the latest version.'
          : 'You are offline. Check your connection, then reload.'
      }
      action={
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      }
    />
  );
}

/**
 * What a page shows instead of itself when it fails: the reason, a retry and a way back. The site's header, footer
 * and dashboard menu stay, since every route has its own boundary.
 */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const { pathname, search, hash, state } = useLocation();

  if (isChunkLoadError(error)) return <ChunkError />;

  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : errorMessage(error);
  return (
    <ErrorPanel
      title={failureTitle(error)}
      text={message}
      action={
        // Going to the same address again clears the boundary and runs the page (and any loader) once more.
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => navigate({ pathname, search, hash }, { replace: true, state, preventScrollReset: true })}
        >
          Try again
        </button>
      }
    />
  );
}

/**
 * A page whose chunk failed to load renders the failure instead, so the page's own boundary shows it inside the
 * layouts. (React Router leaves a route whose `lazy` rejected unrendered: a blank page under the header.)
 */
function failSoft(lazy: RouteObject['lazy']): RouteObject['lazy'] {
  if (typeof lazy !== 'function') return lazy;
  return () =>
    lazy().catch((error: unknown) => ({
      Component: () => {
        throw error;
      },
    }));
}

/** Gives every route of the tree that has none the RouteError boundary; a failed page chunk shows in it. */
export function withErrorBoundaries(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const guarded = {
      ...route,
      ...(route.ErrorBoundary || route.errorElement ? {} : { ErrorBoundary: RouteError }),
      ...(route.lazy ? { lazy: failSoft(route.lazy) } : {}),
    } as RouteObject;
    return route.children ? ({ ...guarded, children: withErrorBoundaries(route.children) } as RouteObject) : guarded;
  });
}
