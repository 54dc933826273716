import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Rate-limit counters shared by every server process (rate-limiter-flexible's Postgres store); UNLOGGED in SQL. */
export const rateLimits = pgTable('rate_limits', {
  /** '<limiter>:<key>', such as 'writes:203.0.113.7' or 'sign-in-account:pat@example.com'. */
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  /** End of the window, epoch milliseconds. */
  expire: bigint('expire', { mode: 'number' }),
});

/** Secrets every server process shares (the token signing key unless JWT_SECRET): written once, then only read. */
export const platformSecrets = pgTable('platform_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
