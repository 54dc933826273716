import type { FastifyInstance } from 'fastify';
import { isAppPath, PAGE_LINKS } from '#contract/app-paths.ts';
import { CATEGORY_LINKS, CATEGORY_VALUES } from '#contract/categories.ts';
import { isOfferedProduct, isOpenShop, type SitemapPage, sitemapPages } from '../modules/catalog/index.ts';
import { isShownPlan, planSitemapPages } from '../modules/subscriptions/index.ts';

/** The most URLs one sitemap file may hold (sitemaps.org); beyond it /sitemap.xml is an index of numbered files. */
export const SITEMAP_MAX_URLS = 50_000;

type SitemapUrl = { loc: string; lastmod?: string };

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

const entry = (tag: string, url: SitemapUrl) =>
  `<${tag}><loc>${escapeXml(url.loc)}</loc>${url.lastmod ? `<lastmod>${url.lastmod}</lastmod>` : ''}</${tag}>`;

export const urlSet = (urls: readonly SitemapUrl[]) =>
  `${XML_HEAD}<urlset ${NS}>\n${urls.map((url) => entry('url', url)).join('\n')}\n</urlset>\n`;

export const sitemapIndex = (files: readonly string[]) =>
  `${XML_HEAD}<sitemapindex ${NS}>\n${files.map((loc) => entry('sitemap', { loc })).join('\n')}\n</sitemapindex>\n`;

/** Every public page a search engine should visit, as absolute URLs from the site's public address. */
async function sitemapUrls(app: FastifyInstance): Promise<SitemapUrl[]> {
  const base = app.config.publicUrl;
  const page = (path: string, { updatedAt }: Partial<SitemapPage> = {}): SitemapUrl => ({
    loc: `${base}${path}`,
    lastmod: updatedAt?.toISOString().slice(0, 10),
  });
  const { products, shops } = await sitemapPages(app.db);
  const plans = await planSitemapPages(app.db);
  return [
    ...[PAGE_LINKS.home, PAGE_LINKS.about, PAGE_LINKS.contact, PAGE_LINKS.shopList].map((path) => page(path)),
    ...CATEGORY_LINKS.map((category) => page(category.path)),
    ...shops.map((shop) => page(PAGE_LINKS.shopDetails(shop.id), shop)),
    ...products.map((product) => page(PAGE_LINKS.productDetails(product.id), product)),
    ...plans.map((plan) => page(PAGE_LINKS.subscriptionPlan(plan.id), plan)),
  ];
}

/** How long one reading of the catalog serves every sitemap request (search engines read it a few times a day). */
const SITEMAP_FRESH_MS = 5 * 60_000;

/**
 * `load`'s answer, shared by every caller for `freshMs`: requests arriving together, or within the window, cost one
 * reading of the whole catalog, never one each (a burst of sitemap requests must not take the database down).
 * A failed reading is not kept.
 */
function sharedFor<T>(freshMs: number, load: () => Promise<T>): () => Promise<T> {
  let kept: { at: number; value: Promise<T> } | undefined;
  return () => {
    if (!kept || Date.now() - kept.at > freshMs) {
      const value = load();
      const entry = { at: Date.now(), value };
      kept = entry;
      value.catch(() => {
        if (kept === entry) kept = undefined;
      });
    }
    return kept.value;
  };
}

/**
 * Whether a URL path shows a page: one of the app's pages, and for a category, product, shop or plan page one that exists
 * (else the app shows its Not Found or "no longer available" page, and the answer is a 404).
 */
export async function isPage(app: FastifyInstance, pathname: string): Promise<boolean> {
  if (!isAppPath(pathname)) return false;
  const [page, id = ''] = pathname.split('/').filter(Boolean);
  if (page === 'category') return (CATEGORY_VALUES as readonly string[]).includes(id);
  if (page === 'productDetails') return isOfferedProduct(app.db, id);
  if (page === 'shopDetails') return isOpenShop(app.db, id);
  if (page === 'subscriptions') return isShownPlan(app.db, id);
  return true;
}

/**
 * /robots.txt (the public site open, the dashboard and the API closed, the sitemap named) and /sitemap.xml: one file
 * up to SITEMAP_MAX_URLS URLs, else an index of /sitemap/1.xml, /sitemap/2.xml, ...
 */
export async function siteFilesPlugin(app: FastifyInstance, options: { maxUrls?: number } = {}) {
  const maxUrls = options.maxUrls ?? SITEMAP_MAX_URLS;
  const listUrls = sharedFor(SITEMAP_FRESH_MS, () => sitemapUrls(app));
  const xml = (reply: import('fastify').FastifyReply, body: string) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /dashboard',
          'Disallow: /member',
          'Disallow: /api',
          '',
          `Sitemap: ${app.config.publicUrl}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const urls = await listUrls();
    if (urls.length <= maxUrls) return xml(reply, urlSet(urls));
    const files = Array.from(
      { length: Math.ceil(urls.length / maxUrls) },
      (_, i) => `${app.config.publicUrl}/sitemap/${i + 1}.xml`,
    );
    return xml(reply, sitemapIndex(files));
  });

  app.get<{ Params: { file: string } }>('/sitemap/:file', { schema: { hide: true } }, async (request, reply) => {
    const number = /^([1-9]\d*)\.xml$/.exec(request.params.file)?.[1];
    const urls = number ? await listUrls() : [];
    const part =
      number && urls.length > maxUrls ? urls.slice((Number(number) - 1) * maxUrls, Number(number) * maxUrls) : [];
    if (part.length === 0) return reply.code(404).type('text/plain; charset=utf-8').send('No such sitemap file');
    return xml(reply, urlSet(part));
  });
}
