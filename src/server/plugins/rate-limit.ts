import { isIPv4, isIPv6 } from 'node:net';
import { like } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { type Db, queryablePool, type Tx } from '../db/client.ts';
import { rateLimits } from '../db/platform-tables.ts';
import { AppError } from '../errors.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** False for a write authenticated otherwise (a signed provider webhook), which an address limit would drop. */
    writeLimit?: boolean;
  }
}

/**
 * A fixed-window counter in the `rate_limits` table (migration 0009), so several servers share one count.
 * The table comes from the migration rather than from the library: its key is text (an e-mail key can
 * exceed the library's varchar(255)), and the server needs no right to create tables at run time.
 */
export function postgresLimiter(db: Db, name: string, points: number, seconds: number): RateLimiterPostgres {
  return new RateLimiterPostgres({
    storeClient: queryablePool((db as unknown as { $client: pg.Pool }).$client),
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix: name,
    points,
    duration: seconds,
  });
}

/** "45 seconds", "1 minute", "12 minutes". */
export function waitTime(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** Takes one point of `key`; over the limit, a 429 with Retry-After and `message(wait)`. */
export async function consumeOrRefuse(
  limiter: RateLimiterPostgres,
  key: string,
  reply: FastifyReply,
  message: (wait: string) => string,
): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    throw refuse(reply, rejection, message);
  }
}

/** The 429 of a refused count: Retry-After in whole seconds, and the one error shape. */
export function refuse(reply: FastifyReply, rejection: RateLimiterRes, message: (wait: string) => string): AppError {
  const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
  reply.header('retry-after', String(seconds));
  return new AppError('RATE_LIMITED', message(waitTime(seconds)));
}

/**
 * The key of a client address: IPv4 as it is, IPv6 by its /64 (one subscriber usually holds a whole /64,
 * so counting single IPv6 addresses would hand an attacker billions of fresh counts).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head, tail] = ip.split('%')[0].split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const tailSize = tailGroups.length + (tailGroups.at(-1)?.includes('.') ? 1 : 0);
  const groups = [...headGroups, ...Array(Math.max(0, 8 - headGroups.length - tailSize)).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * Every write under /api counts against its client address (RATE_LIMIT_WRITES_PER_MINUTE), before anything
 * else is done for it. Uploads per user and failed sign-ins have limiters of their own in their routes.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    const writes = postgresLimiter(app.db, 'writes', app.config.rateLimitWritesPerMinute, 60);

    app.addHook('onRequest', async (request, reply) => {
      if (!WRITE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
      if (request.routeOptions.config?.writeLimit === false) return;
      await consumeOrRefuse(
        writes,
        addressKey(request.ip),
        reply,
        (wait) => `Too many changes from your address. Please wait ${wait} and try again.`,
      );
    });
  },
  { name: 'rate-limit', dependencies: ['errors'] },
);

/**
 * Forgets every counter keyed by this e-mail ('sign-in-account:pat@example.com', 'password-reset-account:…'): an
 * erased account leaves no address behind in the counters either.
 */
export async function forgetCountsOf(tx: Tx, email: string): Promise<void> {
  await tx.delete(rateLimits).where(like(rateLimits.key, `%:${email.replace(/[\\%_]/g, '\\$&')}`));
}
