import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Rate-limit counters shared by every server process (rate-limiter-flexible's Postgres store); UNLOGGED in SQL. */
export const rateLimits = pgTable('rate_limits', {
  /** '<limiter>:<key>', such as 'writes:203.0.113.7' or 'sign-in-account:pat@example.com'. */
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  /** End of the window, epoch milliseconds. */
  expire: bigint('expire', { mode: 'number' }),
});
