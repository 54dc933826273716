import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Columns every table spells the same way. */
export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
