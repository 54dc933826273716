import { type AnyPgColumn, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Columns every table spells the same way. */
export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A point in time (every timestamp we store has its time zone). */
export const timestamptz = <Name extends string>(name: Name) => timestamp(name, { withTimezone: true });

/** A required uuid naming another table's row, and what deleting that row does here. */
export const reference = <Name extends string>(
  name: Name,
  target: () => AnyPgColumn,
  onDelete: 'cascade' | 'restrict',
) => uuid(name).notNull().references(target, { onDelete });
