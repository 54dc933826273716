import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { vendorPayments } from './tables.ts';

/** What vendors paid for their memberships, in cents. */
export async function membershipRevenueCents(db: Tx): Promise<number> {
  const [{ cents }] = await db
    .select({ cents: sql`coalesce(sum(${vendorPayments.priceCents}), 0)`.mapWith(Number) })
    .from(vendorPayments);
  return cents;
}
