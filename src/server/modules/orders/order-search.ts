import { eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { parseOrderNumber } from '#contract/order-numbers.ts';
import { containing } from '../../db/like.ts';
import { orders } from './tables.ts';

/** The order a search names by its number ('FS-10234' or '10234'); none for any other text, all for none. */
export function orderNumbered(q: string): SQL | undefined {
  if (!q) return undefined;
  const n = parseOrderNumber(q);
  return n === null ? sql`false` : eq(orders.orderNumber, n);
}

/** The admin's search: an order by its number, or the orders whose buyer's name or e-mail contains the text. */
export function orderOrBuyer(q: string): SQL | undefined {
  if (!q) return undefined;
  const n = parseOrderNumber(q);
  return or(
    n === null ? undefined : eq(orders.orderNumber, n),
    ilike(orders.name, containing(q)),
    ilike(orders.email, containing(q)),
  );
}
