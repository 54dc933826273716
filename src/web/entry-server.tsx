import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { App } from './App.tsx';
import { setTransport, type Transport } from './api/client.ts';
import { setRequestClient } from './api/query-client.ts';
import { routes } from './routes.tsx';
import { ssrDataScript } from './ssr-data.ts';
import { SiteOrigin } from './ui/PageMeta.tsx';

/** A page rendered on the server: the elements React hoists into the head, the app's markup, its data for hydration. */
export type RenderedPage = { head: string; body: string; data: string };

const handler = createStaticHandler(routes);
const rendering = new AsyncLocalStorage<QueryClient>();

/** Resolves once no query of `client` is fetching (the loaders started the page's first queries). */
const idle = (client: QueryClient) =>
  new Promise<void>((resolve) => {
    if (client.isFetching() === 0) return resolve();
    const stop = client.getQueryCache().subscribe(() => {
      if (client.isFetching() > 0) return;
      stop();
      resolve();
    });
  });

/** Hoisted head elements React writes before the markup when it renders no <html> (title, meta, link). */
const HEAD_ELEMENTS = /^(?:<(?:title)[^>]*>[^<]*<\/title>|<(?:meta|link)\b[^>]*\/?>)*/;

/**
 * The server's renderer of the app's pages, as a visitor sees them: the matched routes' loaders start the pages' first
 * queries through `transport` (the server's own API handlers) into a cache of this request, the app renders from it,
 * and the cache goes into the page (dehydrated) so that the browser does not ask again. Undefined when the router
 * answers with a redirect or a loader failed: the server then sends the plain app, which renders in the browser.
 */
export function createRenderer(transport: Transport) {
  setTransport(transport);
  setRequestClient(() => rendering.getStore());
  return (url: URL): Promise<RenderedPage | undefined> => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
    return rendering.run(queryClient, async () => {
      const context = await handler.query(new Request(url));
      if (context instanceof Response || context.errors) return undefined;
      await idle(queryClient);
      const router = createStaticRouter(handler.dataRoutes, context);
      const { prelude } = await prerender(
        <SiteOrigin value={url.origin}>
          <App queryClient={queryClient}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </App>
        </SiteOrigin>,
        // Every boundary inline: a part sent apart would need an inline script to show it, which the CSP forbids.
        { progressiveChunkSize: Number.POSITIVE_INFINITY },
      );
      const html = await new Response(prelude).text();
      const head = HEAD_ELEMENTS.exec(html)?.[0] ?? '';
      const data = ssrDataScript({
        router: { loaderData: context.loaderData, actionData: context.actionData },
        queries: dehydrate(queryClient),
      });
      queryClient.clear();
      return { head, body: html.slice(head.length), data };
    });
  };
}
