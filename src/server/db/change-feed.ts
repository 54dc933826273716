import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import type { Tx } from './client.ts';

/** The PostgreSQL channel on which every server process hears that the public catalog changed. */
export const CATALOG_CHANNEL = 'farmstall_catalog';
/** The channel on which PostgreSQL announces each new word of the search dictionary (migration 0039's trigger). */
export const SEARCH_TERMS_CHANNEL = 'farmstall_search_terms';
/**
 * The channel on which PostgreSQL announces products whose ranking data changed (migration 0068's triggers): ids
 * separated by commas, '*' for a bulk insert, 'shops' for a shop's name or listing.
 */
export const SEARCH_PRODUCTS_CHANNEL = 'farmstall_search_products';

/**
 * Tells every server process that what the catalog shows changed (products, stock, deals, shop cards): sent at the
 * commit of `tx`'s transaction (nothing when it rolls back), or at once outside a transaction.
 */
export async function notifyCatalogChanged(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${CATALOG_CHANNEL}, '')`);
}

export type CatalogChanges = {
  /** Announces a change to every process, this one included. A failure is logged, not thrown. */
  publish(): Promise<void>;
  /** Called on every process whenever any process publishes, and after the listener reconnects. */
  subscribe(listener: () => void): () => void;
  /**
   * Called on every process with each new word of the search dictionary as its transaction commits, and with
   * undefined after the listener reconnects (words added meanwhile were missed).
   */
  subscribeTerms(listener: (term: string | undefined) => void): () => void;
  /**
   * Called on every process with each announcement of SEARCH_PRODUCTS_CHANNEL as its transaction commits, and with
   * undefined after the listener reconnects (announcements made meanwhile were missed).
   */
  subscribeSearchProducts(listener: (payload: string | undefined) => void): () => void;
  /** Whether announcements arrive now: while not, a cache of catalog reads may miss one and must not be used. */
  listening(): boolean;
};

export type ChangeFeed = CatalogChanges & { ready: Promise<void>; close(): Promise<void> };

const FIRST_RETRY_MS = 100;
const LAST_RETRY_MS = 5_000;

/**
 * LISTENs on `channel` and `termsChannel` on a connection of its own to `url` (a session: never through a
 * transaction-mode pooler).
 * A lost connection is opened again after 100 ms, then twice as long each time up to 5 s; reconnected, it tells
 * the subscribers, since announcements made meanwhile were missed. `ready` settles after the first attempt.
 */
export function listenForChanges(options: {
  url: string;
  channel: string;
  termsChannel: string;
  searchProductsChannel?: string;
  notify: () => Promise<void>;
  log: FastifyBaseLogger;
}): ChangeFeed {
  const { channel, termsChannel, log } = options;
  const listeners = new Set<() => void>();
  const termListeners = new Set<(term: string | undefined) => void>();
  const productListeners = new Set<(payload: string | undefined) => void>();
  let current: pg.Client | undefined;
  let live = false;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retry: NodeJS.Timeout | undefined;

  const emit = () => {
    for (const listener of listeners) listener();
  };
  const emitTerm = (term: string | undefined) => {
    for (const listener of termListeners) listener(term);
  };
  const emitProducts = (payload: string | undefined) => {
    for (const listener of productListeners) listener(payload);
  };
  const lost = (client: pg.Client, error?: unknown) => {
    if (client !== current) return;
    current = undefined;
    live = false;
    client.end().catch(() => undefined);
    if (closed) return;
    log.warn({ err: error, retryMs }, `Not listening for ${channel}: catalog caches are bypassed until it reconnects`);
    retry = setTimeout(() => void connect(), retryMs).unref();
    retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
  };
  const connect = async () => {
    const client = new pg.Client({ connectionString: options.url, connectionTimeoutMillis: 5_000, keepAlive: true });
    current = client;
    client.on('notification', (message) => {
      if (message.channel === channel) emit();
      if (message.channel === termsChannel && message.payload) emitTerm(message.payload);
      if (message.channel === options.searchProductsChannel && message.payload) emitProducts(message.payload);
    });
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${termsChannel}`);
      if (options.searchProductsChannel) await client.query(`LISTEN ${options.searchProductsChannel}`);
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      lost(client, error);
      return;
    }
    if (client !== current) return;
    live = true;
    retryMs = FIRST_RETRY_MS;
    emit();
    emitTerm(undefined);
    emitProducts(undefined);
  };

  return {
    ready: connect(),
    publish: async () => {
      try {
        await options.notify();
      } catch (error) {
        log.error(
          { err: error },
          `Announcing on ${channel} failed: other processes see the change when their cache expires`,
        );
      }
      emit(); // at once here, without waiting for the announcement to come back
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    subscribeTerms: (listener) => {
      termListeners.add(listener);
      return () => termListeners.delete(listener);
    },
    subscribeSearchProducts: (listener) => {
      productListeners.add(listener);
      return () => productListeners.delete(listener);
    },
    listening: () => live,
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      live = false;
      await client?.end().catch(() => undefined);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Catalog changes announced to every server process on one database (LISTEN/NOTIFY). */
    catalogChanges: CatalogChanges;
  }
}

/** Decorates the app with `catalogChanges`, listening on the direct connection (DATABASE_DIRECT_URL). */
export const catalogChangesPlugin = fp(async (app: FastifyInstance) => {
  const pool = (app.db as unknown as { $client: pg.Pool }).$client;
  const feed = listenForChanges({
    url: app.config.databaseDirectUrl ?? (pool.options.connectionString as string),
    channel: CATALOG_CHANNEL,
    termsChannel: SEARCH_TERMS_CHANNEL,
    searchProductsChannel: SEARCH_PRODUCTS_CHANNEL,
    notify: () => notifyCatalogChanged(app.db),
    log: app.log,
  });
  await feed.ready;
  app.decorate('catalogChanges', {
    publish: feed.publish,
    subscribe: feed.subscribe,
    subscribeTerms: feed.subscribeTerms,
    subscribeSearchProducts: feed.subscribeSearchProducts,
    listening: feed.listening,
  });
  app.addHook('onClose', feed.close);
});
