import { asc } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { personsRows } from '../../db/persons-rows.ts';
import { productNames } from '../catalog/index.ts';
import { comments } from './tables.ts';

/**
 * The person's reviews for the export, with the product's name. Erasure leaves them as they are: their author is the
 * account, whose name becomes 'Former customer' (reviews show it) and whose e-mail and photo are gone.
 */
export async function reviewsForExport(db: Tx, userId: string) {
  const columns = {
    productId: comments.productId,
    rating: comments.rating,
    text: comments.commentDes,
    status: comments.status,
    createdAt: comments.createdAt,
  };
  const rows = await personsRows(db.select(columns).from(comments).$dynamic(), comments, userId, asc);
  const names = await productNames(
    db,
    rows.map((row) => row.productId),
  );
  return rows.map((row) => ({ ...row, productName: names.get(row.productId)?.name ?? null }));
}
