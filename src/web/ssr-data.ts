import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/** What a server-rendered page carries for the browser to hydrate: the router's state and the first queries' data. */
export type SsrData = { router: HydrationState; queries: DehydratedState };

/** The element holding it: JSON, not a script to run (the Content-Security-Policy allows no inline script). */
export const SSR_DATA_ID = 'ssr-data';

/** The data as the text of a `<script type="application/json">`: "<" escaped so it can never close the element. */
export const ssrDataScript = (data: SsrData) =>
  `<script type="application/json" id="${SSR_DATA_ID}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
