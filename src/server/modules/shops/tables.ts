import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { MEMBERSHIPS } from '#contract/roles.ts';
import { createdAt } from '../../db/columns.ts';
import { users } from '../users/tables.ts';

export const membershipEnum = pgEnum('membership', MEMBERSHIPS);

/** A vendor's shop: one per vendor, made when the customer registers as a vendor. */
export const shops = pgTable(
  'shops',
  {
    vendorId: uuid('vendor_id')
      .primaryKey()
      .references(() => users.id),
    name: text('name').notNull(),
    image: text('image'),
    address: text('address'),
    phone: text('phone'),
    established: date('established'),
    membership: membershipEnum('membership').notNull().default('normal'),
    badge: text('badge'),
    /** Where the shop is (a delivery radius is measured from it): both or neither. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'shops_location_whole',
      sql`(${t.latitude} IS NULL) = (${t.longitude} IS NULL) AND ${t.latitude} BETWEEN -90 AND 90 AND ${t.longitude} BETWEEN -180 AND 180`,
    ),
  ],
);
