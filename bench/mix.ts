import { spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { CATEGORIES } from '#contract/categories.ts';
import { catalogCache } from '../src/server/modules/catalog/micro-cache.ts';
import { misspelledSearches } from './search-queries.ts';

/**
 * A realistic mix for `npm run bench`: 1,000 distinct catalog URLs a storefront sends (category and home listings in
 * four sorts, several pages deep by their keyset cursors, searches for product words, some mistyped, product pages,
 * shop pages), requested in a Zipf order (the URL of rank k is asked for in proportion to 1/k), against the app as
 * served. The micro-cache's own counters give the share of its reads it answered.
 */
export const MIX_URLS = 1000;
const SORTS = ['popular', 'newest', 'price-asc', 'price-desc'] as const;
const PAGES = 10;
const WORDS = ['tomatoes', 'honey', 'cheddar cheese', 'apples', 'sourdough bread', 'eggs', 'strawberries', 'yogurt'];
const MORE_WORDS = ['carrots', 'spinach', 'kombucha', 'granola', 'pickles', 'lentils', 'salsa', 'peaches', 'butter'];
const ADJECTIVES = ['organic', 'fresh', 'local', 'heirloom', 'wild', 'smoked', 'aged', 'sweet'];

type Kind = 'listing' | 'search' | 'product' | 'shop';
/** `cached`: the route asks the micro-cache (seen by its counters when the URL was checked). */
type MixUrl = { kind: Kind; path: string; cached?: boolean };

/** Interleaves the lists by weight (most popular of each first), so every kind is present from the top ranks on. */
function interleave(lists: { weight: number; urls: MixUrl[] }[], total: number): MixUrl[] {
  const taken = lists.map(() => 0);
  const out: MixUrl[] = [];
  while (out.length < total && lists.some((list, i) => taken[i] < list.urls.length)) {
    // The list furthest behind its share goes next.
    let next = -1;
    for (let i = 0; i < lists.length; i++) {
      if (taken[i] >= lists[i].urls.length) continue;
      if (next === -1 || taken[i] / lists[i].weight < taken[next] / lists[next].weight) next = i;
    }
    out.push(lists[next].urls[taken[next]++]);
  }
  return out;
}

/**
 * The mix's URLs by rank: listings (the twelve categories and all products, each sort, ten pages deep by walking
 * the cursors), searches, the products and shops those listings show. Each one answers 200 (checked), and
 * whether its route asks the micro-cache is seen from the cache's counters.
 */
export async function mixUrls(app: FastifyInstance): Promise<MixUrl[]> {
  const get = async (path: string) => {
    const response = await app.inject({ url: path });
    if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const listings: (MixUrl & { score: number })[] = [];
  const products = new Set<string>();
  const shops = new Set<string>();
  const lists = [undefined, ...CATEGORIES.map((c) => c.value)];
  for (const [c, category] of lists.entries()) {
    for (const [s, sort] of SORTS.entries()) {
      let cursor: string | null = null;
      for (let page = 1; page <= PAGES; page++) {
        const query = new URLSearchParams({ ...(category ? { category } : {}), sort, limit: '20' });
        if (cursor) query.set('cursor', cursor);
        const path = `/api/products?${query}`;
        const body: { items: { _id: string; shopId: string }[]; nextCursor: string | null } = await get(path);
        listings.push({ kind: 'listing', path, score: 1 / ((c + 1) * (s + 1) * page) });
        for (const item of body.items) {
          products.add(item._id);
          shops.add(item.shopId);
        }
        cursor = body.nextCursor;
        if (!cursor) break;
      }
    }
  }
  listings.sort((a, b) => b.score - a.score);
  const typed = [...WORDS, ...ADJECTIVES.flatMap((a) => WORDS.map((w) => `${a} ${w}`)), ...MORE_WORDS];
  const mistyped = await misspelledSearches(app.db, Math.ceil(typed.length / 3));
  const searches = typed
    .flatMap((text, n) => (n % 3 === 2 ? [text, mistyped[Math.floor(n / 3)]] : [text]))
    .map((q): MixUrl => ({ kind: 'search', path: `/api/search?${new URLSearchParams({ q, limit: '20' })}` }));
  const shopUrls = [...shops].flatMap((id): MixUrl[] => [
    { kind: 'shop', path: `/api/singleShop/${id}` },
    { kind: 'shop', path: `/api/products?${new URLSearchParams({ shop: id, sort: 'popular', limit: '20' })}` },
  ]);
  const urls = interleave(
    [
      { weight: 5, urls: listings },
      { weight: 1.5, urls: searches },
      { weight: 2.5, urls: [...products].map((id): MixUrl => ({ kind: 'product', path: `/api/singleProduct/${id}` })) },
      { weight: 1, urls: shopUrls },
    ],
    MIX_URLS,
  );
  if (urls.length < MIX_URLS) throw new Error(`Only ${urls.length} distinct URLs for the mix`);
  const cache = catalogCache(app.db);
  const reads = () => cache.stats().hits + cache.stats().misses;
  for (const url of urls) {
    const before = reads();
    await get(url.path);
    url.cached = reads() > before;
  }
  return urls;
}

export type MixResult = {
  urls: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  total: number;
  /** Reads the micro-cache answered ÷ reads it was asked for, during the measured seconds. */
  hitRate: number;
  /** Requests whose route never asks the micro-cache (e.g. product pages), ÷ all requests. */
  uncachedShare: number;
  /** The kinds of URL whose route does not ask the micro-cache. */
  uncachedKinds: string[];
  /** Requests of each kind ÷ all requests. */
  shares: Record<Kind, number>;
};

type LoadPlan = { base: string; urls: MixUrl[]; connections: number; warmup: number; duration: number };
type LoadCounts = { total: number; errors: number; byKind: Record<Kind, number>; uncached: number };

/** The load generator (run in its own process): one shared Zipf-ordered stream of requests over `connections`. */
async function runLoad(plan: LoadPlan): Promise<void> {
  // Zipf with s = 1 over the ranks, drawn by a seeded generator (the same sequence every run).
  const cumulative: number[] = [];
  let sum = 0;
  for (let k = 1; k <= plan.urls.length; k++) {
    sum += 1 / k;
    cumulative.push(sum);
  }
  let seed = 16;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const draw = () => {
    const x = random() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return plan.urls[lo];
  };
  const agent = new http.Agent({ keepAlive: true, maxSockets: plan.connections });
  const request = (path: string) =>
    new Promise<number>((resolve) => {
      http
        .get(`${plan.base}${path}`, { agent }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        })
        .on('error', () => resolve(0));
    });
  const phase = async (seconds: number) => {
    const counts: LoadCounts = {
      total: 0,
      errors: 0,
      byKind: { listing: 0, search: 0, product: 0, shop: 0 },
      uncached: 0,
    };
    const latencies: number[] = [];
    const end = performance.now() + seconds * 1000;
    const loop = async () => {
      while (performance.now() < end) {
        const url = draw();
        const started = performance.now();
        const status = await request(url.path);
        latencies.push(performance.now() - started);
        counts.total++;
        counts.byKind[url.kind]++;
        if (!url.cached) counts.uncached++;
        if (status !== 200) counts.errors++;
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: plan.connections }, loop));
    return { counts, latencies: latencies.sort((a, b) => a - b), seconds: (performance.now() - started) / 1000 };
  };
  await phase(plan.warmup);
  console.log('measure');
  const { counts, latencies, seconds } = await phase(plan.duration);
  const at = (q: number) =>
    Number((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0).toFixed(1));
  console.log(JSON.stringify({ ...counts, requestsPerSecond: counts.total / seconds, p50: at(0.5), p99: at(0.99) }));
  agent.destroy();
}

/**
 * Runs the mix against `app` (listening at `url`, as served) from a child process: `warmup` seconds, then
 * `duration` measured, 100 connections, no pipelining. The hit rate is the app's micro-cache counters over the
 * measured seconds (read when the child says it starts and when it ends).
 */
export async function measureMix(
  app: FastifyInstance,
  url: string,
  options: { connections?: number; warmup?: number; duration?: number } = {},
): Promise<MixResult> {
  const urls = await mixUrls(app);
  const plan: LoadPlan = {
    base: url,
    urls,
    connections: options.connections ?? 100,
    warmup: options.warmup ?? 3,
    duration: options.duration ?? 10,
  };
  const cache = catalogCache(app.db);
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(JSON.stringify(plan));
  let before = cache.stats();
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    if (!out.includes('measure') && `${out}${chunk}`.includes('measure')) before = cache.stats();
    out += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const after = cache.stats();
  if (code !== 0) throw new Error(`The mix's load generator exited ${code}`);
  const counts: LoadCounts & { requestsPerSecond: number; p50: number; p99: number } = JSON.parse(
    out.trim().split('\n').at(-1) ?? '',
  );
  const hits = after.hits - before.hits;
  const reads = hits + after.misses - before.misses;
  const share = (n: number) => (counts.total ? n / counts.total : 0);
  return {
    urls: urls.length,
    requestsPerSecond: counts.requestsPerSecond,
    p50: counts.p50,
    p99: counts.p99,
    errors: counts.errors,
    total: counts.total,
    hitRate: reads ? hits / reads : 0,
    uncachedShare: share(counts.uncached),
    uncachedKinds: [
      ...new Set(
        urls
          .filter((u) => !u.cached)
          .map((u) => (u.path.startsWith('/api/singleShop/') ? 'shop records' : `${u.kind}s`)),
      ),
    ],
    shares: {
      listing: share(counts.byKind.listing),
      search: share(counts.byKind.search),
      product: share(counts.byKind.product),
      shop: share(counts.byKind.shop),
    },
  };
}

const percent = (x: number) => `${(100 * x).toFixed(1)} %`;

/** The mix's table for docs/performance.md. */
export function mixReport(mix: MixResult): string {
  return `| Mix | URLs | req/s | p50 (ms) | p99 (ms) | micro-cache hit rate | requests never cached | errors |
|---|---:|---:|---:|---:|---:|---:|---:|
| Zipf (s = 1) over storefront reads, as served (1 s micro-cache) | ${mix.urls.toLocaleString('en-US')} | ${Math.round(mix.requestsPerSecond).toLocaleString('en-US')} | ${mix.p50} | ${mix.p99} | ${percent(mix.hitRate)} | ${percent(mix.uncachedShare)} | ${mix.errors} |

The mix (\`bench/mix.ts\`): the ${MIX_URLS.toLocaleString('en-US')} distinct URLs are listings (the 12 categories and all products in each of the four sorts, up to ${PAGES} pages deep by their keyset cursors), searches for product words and, as many as a third of them, for product names with a typo, the product pages and the shop pages (shop record and its products) those listings show, interleaved so that every kind is present from the top ranks on; the URL of rank k is requested in proportion to 1/k, in one seeded stream shared by all connections of a load generator of its own (Node \`http\`, 100 keep-alive connections, no pipelining, 3 s warm-up, then measured). Requests: listings ${percent(mix.shares.listing)}, searches ${percent(mix.shares.search)}, product pages ${percent(mix.shares.product)}, shop pages ${percent(mix.shares.shop)}. Hit rate: the micro-cache's own counters (\`stats()\`) over the measured seconds, hits ÷ (hits + misses) of the reads that ask it; "never cached" is the share of requests whose route does not ask it (seen from the same counters when each URL was checked: ${mix.uncachedKinds.join(', ') || 'none'}).
`;
}

if (import.meta.main) {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  await runLoad(JSON.parse(Buffer.concat(chunks).toString()) as LoadPlan);
}
