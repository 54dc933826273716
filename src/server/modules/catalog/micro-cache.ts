/**
 * A short cache of public catalog reads, per process ("micro-caching", CATALOG_CACHE_MS, one second by default): a burst of shoppers asking for
 * the same category page costs one database query per second instead of one each, and identical requests in
 * flight share one query. Nothing depends on it (a cold or cleared cache only means a query), so app servers
 * stay stateless; a catalog write on any process clears it on every process (app.catalogChanges, LISTEN/NOTIFY),
 * and while a process does not hear those announcements it does not use its cache.
 */
export type MicroCache = {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
  /** `get` calls answered from a live entry (hits) and those that loaded (misses), since the cache was made. */
  stats(): { hits: number; misses: number };
};

export const MICRO_CACHE_TTL_MS = 1000;
const MAX_ENTRIES = 1000;

/** `ttlMs` 0: no cache, every `get` loads. */
export function createMicroCache(ttlMs = MICRO_CACHE_TTL_MS): MicroCache {
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  let hits = 0;
  let misses = 0;
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) {
        misses++;
        return load();
      }
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now) {
        hits++;
        return hit.value as Promise<T>;
      }
      misses++;
      if (entries.size >= MAX_ENTRIES) {
        for (const [k, e] of entries) if (e.expires <= now) entries.delete(k);
        if (entries.size >= MAX_ENTRIES) entries.clear();
      }
      const value = load();
      entries.set(key, { expires: now + ttlMs, value });
      // A failed load is not kept.
      value.catch(() => entries.delete(key));
      return value;
    },
    clear() {
      entries.clear();
    },
    stats() {
      return { hits, misses };
    },
  };
}

const caches = new WeakMap<object, MicroCache>();

/**
 * The cache of one app (keyed by its database handle, so test apps never share one). `ttlMs` counts only on the
 * call that creates it: the catalog routes', with config.catalogCacheMs.
 */
export function catalogCache(db: object, ttlMs = MICRO_CACHE_TTL_MS): MicroCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = createMicroCache(ttlMs);
    caches.set(db, cache);
  }
  return cache;
}
