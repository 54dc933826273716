import './zod-config.ts';
import { hydrate } from '@tanstack/react-query';
import { startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { App } from './App.tsx';
import { queryClient } from './api/query-client.ts';
import { APP_READY_EVENT, holdClicksUntilAppReady } from './clicks-before-app.ts';
import { createRouter, loadCurrentRoutes } from './router.tsx';
import { SSR_DATA_ID, type SsrData } from './ssr-data.ts';

const root = document.getElementById('root');

/** Tells the page the app has committed its first render: held clicks replay, and `html[data-app]` says "ready". */
function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
    window.dispatchEvent(new Event(APP_READY_EVENT));
  }, []);
  return null;
}

if (!root) throw new Error('index.html has no #root element');

// A page the server rendered comes with its data: the browser takes over what is shown (hydrates) without asking
// the API again. Without it (the server sent index.html), the browser renders the page itself.
const ssrData = document.getElementById(SSR_DATA_ID)?.textContent;
if (ssrData) {
  holdClicksUntilAppReady();
  const data = JSON.parse(ssrData) as SsrData;
  hydrate(queryClient, data.queries);
  // In a transition, React hydrates in slices of a few milliseconds: the page answers input meanwhile.
  void loadCurrentRoutes().then(() =>
    startTransition(() => {
      hydrateRoot(
        root,
        <App queryClient={queryClient}>
          <RouterProvider router={createRouter(data.router)} />
          <AppReady />
        </App>,
      );
    }),
  );
} else {
  createRoot(root).render(
    <App queryClient={queryClient}>
      <RouterProvider router={createRouter()} />
      <AppReady />
    </App>,
  );
}
