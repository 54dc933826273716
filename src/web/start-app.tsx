import './zod-config.ts';
import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { App } from './App.tsx';
import { queryClient } from './api/query-client.ts';
import { createRouter, loadCurrentRoutes } from './router.tsx';
import { SSR_DATA_ID, type SsrData } from './ssr-data.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A page the server rendered comes with its data: the browser takes over what is shown (hydrates) without asking
// the API again. Without it (the server sent index.html), the browser renders the page itself.
const ssrData = document.getElementById(SSR_DATA_ID)?.textContent;
if (ssrData) {
  const data = JSON.parse(ssrData) as SsrData;
  hydrate(queryClient, data.queries);
  // In a transition, React hydrates in slices of a few milliseconds: the page answers input meanwhile.
  void loadCurrentRoutes().then(() =>
    startTransition(() => {
      hydrateRoot(
        root,
        <App queryClient={queryClient}>
          <RouterProvider router={createRouter(data.router)} />
        </App>,
      );
    }),
  );
} else {
  createRoot(root).render(
    <App queryClient={queryClient}>
      <RouterProvider router={createRouter()} />
    </App>,
  );
}
