import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/**
 * Popularity counts distinct shoppers, not requests: the first time `userId` adds `productId` (to the cart, or
 * through the spec's body-less PATCH) the pair is recorded and the popularity rises by one; every later call
 * changes nothing. Removing from the cart does not lower it. Returns whether it rose. In one statement, so
 * concurrent adds of one user count once; a rolled-back add (sold out, over the stock) records nothing.
 */
export async function countPopularity(db: Tx, productId: string, userId: string): Promise<boolean> {
  const result = await db.execute(sql`
    WITH first_add AS (
      INSERT INTO popularity_adds (product_id, user_id) VALUES (${productId}::uuid, ${userId}::uuid)
      ON CONFLICT DO NOTHING
      RETURNING product_id
    )
    UPDATE products SET popularity = popularity + 1 WHERE id IN (SELECT product_id FROM first_add)`);
  // Not announced to other servers: a popularity order may lag by the catalog cache's second, and announcing
  // every first add to a cart would empty every server's cache at every add.
  return (result.rowCount ?? 0) > 0;
}
