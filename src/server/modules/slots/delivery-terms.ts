import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DeliveryTerms } from '#contract/delivery-terms.ts';
import { centsToDollars } from '#contract/money.ts';
import type { Tx } from '../../db/client.ts';
import { parseRows } from '../../db/rows.ts';
import { shopCardsRelation } from '../shops/index.ts';
import { fulfilmentSettings, fulfilmentWindows, pickupPoints } from './tables.ts';

const cents = z.number().nullable();
const termsRow = z.object({
  shops: z.number(),
  pickup_shops: z.number(),
  delivery_shops: z.number(),
  min_fee: cents,
  max_fee: cents,
  min_free_over: cents,
  max_free_over: cents,
  free_over_shops: z.number(),
  min_minimum: cents,
  max_minimum: cents,
});

const dollars = (value: number | null) => centsToDollars(value ?? 0);

/**
 * How the shops hand over orders, as checkout charges them: pickup (free) at a live pickup point with a live window,
 * delivery at its fee where the shop delivers and has a live delivery window. One statement.
 */
export async function deliveryTerms(db: Tx): Promise<DeliveryTerms> {
  const s = fulfilmentSettings;
  const w = fulfilmentWindows;
  const { rows } = await db.execute(sql`
    WITH handover AS (
      SELECT
        EXISTS (SELECT 1 FROM ${w} JOIN ${pickupPoints} pp ON pp.id = ${w.pickupPointId}
          WHERE ${w.shopId} = ${s.shopId} AND ${w.kind} = 'pickup' AND ${w.retiredAt} IS NULL AND pp.retired_at IS NULL
        ) AS pickup,
        ${s.deliveryOffered} AND EXISTS (SELECT 1 FROM ${w}
          WHERE ${w.shopId} = ${s.shopId} AND ${w.kind} = 'delivery' AND ${w.retiredAt} IS NULL) AS delivery,
        ${s.deliveryFeeCents} AS fee, ${s.freeDeliveryOverCents} AS free_over, ${s.minimumOrderCents} AS minimum
      FROM ${s} JOIN ${shopCardsRelation()} shop ON shop.vendor_id = ${s.shopId}
    )
    SELECT count(*)::int AS shops,
      count(*) FILTER (WHERE pickup)::int AS pickup_shops,
      count(*) FILTER (WHERE delivery)::int AS delivery_shops,
      min(fee) FILTER (WHERE delivery) AS min_fee, max(fee) FILTER (WHERE delivery) AS max_fee,
      min(free_over) FILTER (WHERE delivery) AS min_free_over, max(free_over) FILTER (WHERE delivery) AS max_free_over,
      count(free_over) FILTER (WHERE delivery)::int AS free_over_shops,
      min(minimum) FILTER (WHERE delivery) AS min_minimum, max(minimum) FILTER (WHERE delivery) AS max_minimum
    FROM handover WHERE pickup OR delivery`);
  const [row] = parseRows(termsRow, rows);
  const delivers = row.delivery_shops > 0;
  return {
    shops: row.shops,
    pickupShops: row.pickup_shops,
    deliveryShops: row.delivery_shops,
    fee: delivers ? { min: dollars(row.min_fee), max: dollars(row.max_fee) } : null,
    freeOver:
      row.free_over_shops > 0
        ? { min: dollars(row.min_free_over), max: dollars(row.max_free_over), shops: row.free_over_shops }
        : null,
    minimumOrder: delivers ? { min: dollars(row.min_minimum), max: dollars(row.max_minimum) } : null,
  };
}
