import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { AppError } from '../errors.ts';
import { createDb, createPool, type Db } from './client.ts';

/** Set on the answer to a successful write: its writer's reads go to the primary while it lasts. */
export const PRIMARY_COOKIE = 'fs_primary';
const PRIMARY_COOKIE_SECONDS = 5;
const POLL_MS = 500;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether this request's user has just written, so reads the primary (and no cached copy of it). */
export const readsPrimary = (request: Pick<FastifyRequest, 'cookies'>): boolean =>
  Boolean(request.cookies?.[PRIMARY_COOKIE]);

export type ReplicaState = { status: 'up' | 'lagging' | 'down'; lagMs: number | null };

export type ReadReplica = {
  state: () => ReplicaState;
  /** `read` on the replica when this request may read it, else (or when the replica fails) on the primary. */
  read: <T>(request: Pick<FastifyRequest, 'cookies'>, read: (db: Db) => Promise<T>) => Promise<T>;
  /** The catalog changed: catalog reads stay on the primary until the replica has replayed what it has now. */
  catalogChanged: () => void;
  close: () => Promise<void>;
};

/** A WAL position ('16/B374D848') as a number. */
const lsn = (text: string) => {
  const [high, low] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
};

/**
 * A pool on the streaming replica and a monitor that asks it every 500 ms how far it has replayed: lag 0
 * when it has replayed all it received, else the age of the last transaction it replayed.
 */
export function createReadReplica(options: {
  url: string;
  primary: Db;
  maxLagMs: number;
  timeZone?: string;
}): ReadReplica {
  const pool = createPool(options.url, 10, options.timeZone);
  const db = createDb(pool);
  const primaryPool = (options.primary as unknown as { $client: pg.Pool }).$client;
  let state: ReplicaState = { status: 'down', lagMs: null };
  let replayed = 0n;
  // Catalog changes the replica has not replayed yet: the primary's WAL position when each was announced.
  let catalogTarget = 0n;
  let catalogBehind = false;
  let positionsPending = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const readPrimaryPosition = async () => {
    positionsPending += 1;
    try {
      const { rows } = await primaryPool.query('select pg_current_wal_lsn()::text as lsn');
      const position = lsn(rows[0].lsn);
      if (position > catalogTarget) catalogTarget = position;
    } catch {
      catalogTarget = -1n; // unknown: asked again at the next poll
    } finally {
      positionsPending -= 1;
    }
  };

  const poll = async () => {
    try {
      const { rows } = await pool.query(`select pg_last_wal_replay_lsn()::text as replayed,
        coalesce(pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn(), false) as caught_up,
        extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000 as behind_ms`);
      const row = rows[0];
      const lagMs = row.caught_up ? 0 : row.behind_ms === null ? null : Math.max(0, Math.round(row.behind_ms));
      replayed = row.replayed ? lsn(row.replayed) : 0n;
      state = { status: lagMs !== null && lagMs <= options.maxLagMs ? 'up' : 'lagging', lagMs };
    } catch {
      state = { status: 'down', lagMs: null };
    }
    if (catalogBehind && positionsPending === 0) {
      if (catalogTarget < 0n) {
        catalogTarget = 0n;
        await readPrimaryPosition();
      } else if (replayed >= catalogTarget) catalogBehind = false;
    }
    if (!closed) {
      timer = setTimeout(poll, POLL_MS);
      timer.unref();
    }
  };
  void poll();

  return {
    state: () => state,
    read: async (request, read) => {
      if (state.status !== 'up' || catalogBehind || readsPrimary(request)) {
        try {
          return await read(options.primary);
        } catch (error) {
          // The primary is away (a failover, a restart): the replica's copy, however far behind, beats no answer.
          if (error instanceof AppError || state.status === 'down') throw error;
          return read(db).catch(() => Promise.reject(error));
        }
      }
      try {
        return await read(db);
      } catch (error) {
        if (error instanceof AppError) throw error;
        state = { status: 'down', lagMs: null };
        return read(options.primary);
      }
    },
    catalogChanged: () => {
      catalogBehind = true;
      void readPrimaryPosition();
    },
    close: async () => {
      closed = true;
      clearTimeout(timer);
      await Promise.race([pool.end(), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The streaming replica (READ_DATABASE_URL), when there is one. */
    readReplica: ReadReplica | undefined;
    /** Runs a public catalog read on the replica when this request may read it, else on the primary. */
    catalogRead: <T>(request: Pick<FastifyRequest, 'cookies'>, read: (db: Db) => Promise<T>) => Promise<T>;
  }
}

/**
 * READ_DATABASE_URL: catalog reads from the replica while it is up and lags at most READ_REPLICA_MAX_LAG_MS.
 * Read-your-writes across processes: a successful write sets a 5-second cookie whose requests read the primary.
 */
export const readReplicaPlugin = fp(async (app: FastifyInstance) => {
  const url = app.config.readDatabaseUrl;
  const replica = url
    ? createReadReplica({
        url,
        primary: app.db,
        maxLagMs: app.config.readReplicaMaxLagMs,
        timeZone: app.config.businessTimeZone,
      })
    : undefined;
  app.decorate('readReplica', replica);
  app.decorate('catalogRead', (request, read) => (replica ? replica.read(request, read) : read(app.db)));
  if (!replica) return;
  app.catalogChanges.subscribe(replica.catalogChanged);
  app.addHook('onSend', async (request, reply) => {
    if (WRITE_METHODS.has(request.method) && reply.statusCode < 400)
      reply.setCookie(PRIMARY_COOKIE, '1', {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: app.config.publicUrl.startsWith('https:'),
        maxAge: PRIMARY_COOKIE_SECONDS,
      });
  });
  app.addHook('onClose', replica.close);
});
