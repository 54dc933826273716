import { createBrowserRouter, type HydrationState, matchRoutes } from 'react-router';
import { routes } from './routes.tsx';

/** The app's router: the route tree of routes.tsx, in the browser's address bar. */
export const createRouter = (hydrationData?: HydrationState) => createBrowserRouter(routes, { hydrationData });

/**
 * Loads the code of the pages at the current address before hydrating: the server rendered them, and a route whose
 * `lazy` has not resolved would render its fallback instead (a hydration mismatch).
 */
export async function loadCurrentRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}
