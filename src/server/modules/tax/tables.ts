import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.ts';
import { users } from '../users/tables.ts';

/**
 * Tax as the admin set it over time (decision 028): a rate per category in basis points (a category left out: 0) and
 * whether the prices shown include tax. The newest row applies to orders placed from then on; rows are only added.
 */
export const taxSettings = pgTable(
  'tax_settings',
  {
    id: id(),
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
    rates: jsonb('rates').$type<Record<string, number>>().notNull().default({}),
    setBy: uuid('set_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('tax_settings_created_idx').on(t.createdAt.desc(), t.id.desc()),
    check('tax_settings_rates_object', sql`jsonb_typeof(${t.rates}) = 'object'`),
  ],
);
