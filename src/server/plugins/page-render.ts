import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readsPrimary } from '../db/read-replica.ts';

/** What the web build's server-side renderer (src/web/entry-server.tsx, built to `<webDir>/ssr/`) exports. */
type RenderedPage = { head: string; body: string; data: string };
type Transport = (url: URL, init: RequestInit) => Promise<Response>;
type RendererModule = { createRenderer: (transport: Transport) => (url: URL) => Promise<RenderedPage | undefined> };

/**
 * Pages rendered in the browser only: the dashboard is private (the server renders as a visitor), and a sign-in or
 * sign-up form (or a new password's) filled before hydration would be sent by the browser itself, password in the
 * address.
 */
const BROWSER_ONLY = /^\/(dashboard|login|signUp|forgotPassword|resetPassword|verifyEmail)(\/|$)/;
/** A render slower than this is given up: the shopper gets the plain app, which renders in the browser. */
const RENDER_TIMEOUT_MS = 5000;
/** Rendered pages kept at most (by URL), like the catalog's micro-cache. */
const MAX_PAGES = 1000;

/** index.html split where the page goes in, once per start. */
function splitTemplate(indexHtml: string) {
  const [beforeRoot, afterRoot] = indexHtml.split('<div id="root"></div>');
  if (afterRoot === undefined) throw new Error('index.html has no empty <div id="root"></div>');
  const [headStart, headEnd] = beforeRoot.split('</head>');
  return { headStart, headEnd: `</head>${headEnd}`, afterRoot };
}

/** index.html's own title and description (marked data-until-page), dropped when the page gives its own. */
function withoutDefaults(headStart: string, head: string): string {
  let kept = headStart;
  if (head.includes('<title')) kept = kept.replace(/<title data-until-page>[^<]*<\/title>\s*/, '');
  if (head.includes('name="description"')) kept = kept.replace(/<meta name="description" data-until-page[^>]*>\s*/, '');
  return kept;
}

/**
 * The server-rendered page at a URL (the first screen with its data, hydrated by the browser), or undefined to send
 * index.html as it is: no renderer built in `webDir`, a private page, or a render that failed (logged) or took too long.
 * The page's API reads go through the app's own handlers (`app.inject`: same micro-cache, replica and schemas), with
 * the request's cookies (a writer's own reads go to the primary). Like the catalog reads, a page is kept for
 * CATALOG_CACHE_MS per URL and dropped at any catalog change, except for a writer's own requests.
 */
export async function pageRenderer(app: FastifyInstance, webDir: string, indexHtml: string) {
  const entry = path.join(webDir, 'ssr', 'entry-server.js');
  if (!existsSync(entry)) return async () => undefined;
  const { createRenderer } = (await import(pathToFileURL(entry).href)) as RendererModule;
  const template = splitTemplate(indexHtml);
  const cookies = new AsyncLocalStorage<string | undefined>();
  const render = createRenderer(async (url, init) => {
    const headers = Object.fromEntries(new Headers(init.headers));
    const cookie = cookies.getStore();
    const answer = await app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: cookie ? { ...headers, cookie } : headers,
    });
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.body, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? '') },
    });
  });

  const renderUrl = async (url: URL, cookie: string | undefined): Promise<string | undefined> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      const page = await Promise.race([
        cookies.run(cookie, () => render(url)),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`render took over ${RENDER_TIMEOUT_MS} ms`)), RENDER_TIMEOUT_MS);
        }),
      ]);
      if (!page) return undefined;
      return `${withoutDefaults(template.headStart, page.head)}${page.head}${template.headEnd}<div id="root">${page.body}</div>${page.data}${template.afterRoot}`;
    } catch (error) {
      app.log.error({ err: error, url: url.href }, 'server render failed; sending the app to render in the browser');
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  };

  const pages = new Map<string, { expires: number; page: Promise<string | undefined> }>();
  app.catalogChanges.subscribe(() => pages.clear());
  return (request: FastifyRequest): Promise<string | undefined> => {
    // The site's own address (PUBLIC_URL) for canonical links, never the client's Host header.
    const url = new URL(request.url, app.config.publicUrl);
    if (BROWSER_ONLY.test(url.pathname)) return Promise.resolve(undefined);
    const ttlMs = app.config.catalogCacheMs;
    if (ttlMs <= 0 || readsPrimary(request) || !app.catalogChanges.listening()) {
      return renderUrl(url, request.headers.cookie);
    }
    const now = Date.now();
    const kept = pages.get(url.href);
    if (kept && kept.expires > now) return kept.page;
    if (pages.size >= MAX_PAGES) {
      for (const [key, { expires }] of pages) if (expires <= now) pages.delete(key);
      if (pages.size >= MAX_PAGES) pages.clear();
    }
    const page = renderUrl(url, request.headers.cookie);
    pages.set(url.href, { expires: now + ttlMs, page });
    return page;
  };
}
