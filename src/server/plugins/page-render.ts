import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

/** What the web build's server-side renderer (src/web/entry-server.tsx, built to `<webDir>/ssr/`) exports. */
type RenderedPage = { head: string; body: string; data: string };
type Transport = (url: URL, init: RequestInit) => Promise<Response>;
type RendererModule = { createRenderer: (transport: Transport) => (url: URL) => Promise<RenderedPage | undefined> };

/** Pages rendered in the browser only: the dashboard is private (the server renders as a visitor). */
const BROWSER_ONLY = /^\/dashboard(\/|$)/;
/** A render slower than this is given up: the shopper gets the plain app, which renders in the browser. */
const RENDER_TIMEOUT_MS = 5000;

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
 * The page's API reads go through the app's own handlers (`app.inject`: same micro-cache, replica and schemas).
 */
export async function pageRenderer(app: FastifyInstance, webDir: string, indexHtml: string) {
  const entry = path.join(webDir, 'ssr', 'entry-server.js');
  if (!existsSync(entry)) return async () => undefined;
  const { createRenderer } = (await import(pathToFileURL(entry).href)) as RendererModule;
  const template = splitTemplate(indexHtml);
  const render = createRenderer(async (url, init) => {
    const headers = Object.fromEntries(new Headers(init.headers));
    const answer = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers });
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.body, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? '') },
    });
  });
  return async (request: { url: string; protocol: string; host: string }): Promise<string | undefined> => {
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
    if (BROWSER_ONLY.test(url.pathname)) return undefined;
    let timer: NodeJS.Timeout | undefined;
    try {
      const page = await Promise.race([
        render(url),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`render took over ${RENDER_TIMEOUT_MS} ms`)), RENDER_TIMEOUT_MS);
        }),
      ]);
      if (!page) return undefined;
      return `${withoutDefaults(template.headStart, page.head)}${page.head}${template.headEnd}<div id="root">${page.body}</div>${page.data}${template.afterRoot}`;
    } catch (error) {
      app.log.error({ err: error, url: request.url }, 'server render failed; sending the app to render in the browser');
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  };
}
