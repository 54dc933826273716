import { isRouteErrorResponse, type RouteObject, useLocation, useNavigate, useRouteError } from 'react-router';
import { errorMessage } from '../api/client.ts';

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

/**
 * What a page shows instead of itself when it fails: the reason and a way out. The site's header, footer and
 * dashboard menu stay, since every route has its own boundary.
 */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const { pathname, search, hash, state } = useLocation();

  if (isChunkLoadError(error)) {
    return (
      <section role="alert" className="mx-auto max-w-xl px-4 py-12 text-center">
        <h1 className="text-3xl font-bold">A new version of Farmstall is here</h1>
        <p className="mt-3">This page changed since you opened the site. Reload to get the latest version.</p>
        <button type="button" className="btn btn-primary mt-6" onClick={() => window.location.reload()}>
          Reload
        </button>
      </section>
    );
  }

  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : errorMessage(error);
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-12 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-3 break-words">{message}</p>
      {/* Going to the same address again clears the boundary and runs the page (and any loader) once more. */}
      <button
        type="button"
        className="btn btn-primary mt-6"
        onClick={() => navigate({ pathname, search, hash }, { replace: true, state, preventScrollReset: true })}
      >
        Try again
      </button>
    </section>
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
